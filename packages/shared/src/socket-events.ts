/**
 * The live socket contract (000 §7 Live socket). Event names are the original's. Ids that
 * the original client wrote into payloads (userId, user_id) are accepted for compatibility
 * but never trusted: the server always acts as the user of the handshake token.
 */
import type { LiveMessageType, NotificationType } from './options.js';
import type { ConversationAction, Message, MessageReaction } from './schemas/chat.js';

export interface OnlineUserRecord {
  user_id: number;
  is_online: boolean;
  last_online: string | null;
}

/**
 * One `message` event. What `data` holds follows from `type` (and `action`):
 * - 'user-chat', no action: a new top-level message, to the conversation's room;
 *   data: Message as GET /api/v1/messages returns it; id = the message id.
 * - 'user-chat', action 'DELETE': id = the deleted message's id; data: the stored
 *   ConversationAction (action 'DELETE'); to the conversation's room.
 * - 'user-actions-chat': an activity-log entry (rename, member added/removed/muted, pin, leave);
 *   data: ConversationAction; id = the action's id; to the conversation's room.
 * - 'user-sidebar-chat': to each member's private room whenever a conversation changes
 *   (new message, delete, membership): the sidebar and the unread counts refresh from the
 *   server; data: {conversation_id, message?: Message}.
 * - 'user-thread-chat', no action: a new thread reply, to the conversation's room;
 *   data: the reply (a Message whose reply_to_thread_message_id is the parent);
 *   chat_id = the parent's id. Its sidebar copy goes to the members as for 'user-chat'.
 * - 'user-thread-chat', action 'DELETE': a thread reply was deleted; id = the reply's id,
 *   chat_id = the parent's id, data: the stored ConversationAction.
 * - 'user-reactions-chat' (on the `messageReaction` event): a message's reactions changed;
 *   id = the message id, chat_id = its thread parent (null for a main-chat message), data:
 *   ReactionsChanged, the whole current list, so applying it twice changes nothing.
 * sender_id is always the stored author (or actor), never a client's claim.
 */
export interface LiveMessageRecord {
  id: number;
  conversation_id: number;
  sender_id: number;
  chat_id: number | null;
  action?: 'DELETE';
  type: LiveMessageType;
  data?: Message | ConversationAction | { conversation_id: number; message?: Message } | unknown;
}

export interface ReactionsChanged {
  message_id: number;
  message_reactions: MessageReaction[];
}

export interface SeenMessagePayload {
  conversationId: number;
  messageId: number;
  userId?: number;
  display_name?: string;
}

export interface TypingPayload {
  room: number;
  userId?: number;
  display_name?: string;
  profile_photo?: string | null;
}

export interface RelayPayload {
  message: unknown;
  room: number;
  type: LiveMessageType;
}

export type Ack<T> = (response: T) => void;

/**
 * Client → server. Relay events (sendMessage, sidebar_sendMessage, sendMsgReaction) are
 * accepted for compatibility and dropped: the server broadcasts every stored change itself,
 * so a client can never make a message appear as somebody else's. seen_message moves the
 * caller's own read cursor; pin_message re-announces the stored pin of a conversation the
 * caller belongs to. join and leave answer 'OK' or a sentence to show.
 */
export interface ClientToServerEvents {
  user_online: (payload: { userId?: number; name?: string }, ack?: Ack<'OK' | string>) => void;
  user_online_ping_pong: (payload: { userId?: number }) => void;
  join: (payload: { room: number; userId?: number; name?: string }, ack?: Ack<'OK' | string>) => void;
  leave: (payload: { roomId: number; userId?: number }, ack?: Ack<'OK' | string>) => void;
  seen_message: (payload: SeenMessagePayload) => void;
  pin_message: (payload: { conversation_id: number; pin_data: unknown; user_id?: number }) => void;
  currently_typing: (payload: TypingPayload) => void;
  sendMessage: (payload: RelayPayload) => void;
  sidebar_sendMessage: (payload: RelayPayload) => void;
  sendMsgReaction: (payload: RelayPayload) => void;
  logout: () => void;
}

export interface ServerToClientEvents {
  /**
   * Presence. The full list goes to the socket that announced user_online; changes go to
   * everyone in batches (every PRESENCE_BATCH_MS), holding only the users that changed.
   */
  update_user_list: (users: OnlineUserRecord[]) => void;
  ping_pong_response: (payload: { userId: number; message: string }) => void;
  message: (record: LiveMessageRecord) => void;
  messageReaction: (record: LiveMessageRecord) => void;
  /**
   * A reader's cursor moved: to the conversation's room (seen-by) and to the reader's own
   * private room, so the reader's other tabs and devices refresh their unread counts.
   */
  receive_seen_message: (payload: {
    conversationId: number;
    messageId: number;
    userId: number;
    display_name: string;
  }) => void;
  /** pin_data: the pinned Message, or null when the conversation has no pin. */
  receive_pin_message: (payload: { conversation_id: number; user_id: number; pin_data: Message | null }) => void;
  currently_typing_feedback: (payload: {
    room: number;
    userId: number;
    display_name: string;
    profile_photo: string | null;
  }) => void;
  /**
   * Added event: a notification for this user was stored (to the user's private room). The
   * bell refreshes at once instead of waiting for its 120 s poll.
   */
  notification: (payload: { notification_type: NotificationType }) => void;
  /** The session behind this socket ended (logout, password change, deactivation). */
  logout: (payload: { reason: string }) => void;
}

/** Room names: one per conversation, one private room per user. */
export const conversationRoom = (conversationId: number): string => `conversation:${conversationId}`;
export const userRoom = (userId: number): string => `user:${userId}`;
