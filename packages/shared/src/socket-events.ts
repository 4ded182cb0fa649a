/**
 * The live socket contract (000 §7 Live socket; docs/DESIGN.md, "Live events"). Event names are the
 * original's. Every payload that crosses the socket has a zod schema here, and its type is
 * inferred from that schema: the server can only emit, and the web only handle, a payload
 * that type-checks, and the web checks what arrives before it trusts it.
 *
 * Ids that the original client wrote into its payloads (userId, user_id, display_name) are
 * accepted for compatibility but never trusted: the server acts as the user of the
 * handshake token.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES } from './options.js';
import { idSchema, isoDateSchema } from './schemas/common.js';
import { conversationActionSchema, messageReactionSchema, messageSchema } from './schemas/chat.js';

// ---------------------------------------------------------------- server → client records

/** What every `message` / `messageReaction` record carries besides its type and data. */
const recordBase = {
  /** The message's id (or the activity entry's, or the conversation's for a sidebar nudge). */
  id: idSchema,
  conversation_id: idSchema,
  /** The stored author or actor, never a client's claim; 0 when the server itself acted. */
  sender_id: z.number().int().nonnegative(),
  /** The thread parent for a thread reply (or a reaction in a thread); null otherwise. */
  chat_id: idSchema.nullable(),
};

const noAction = z.undefined().optional();
const deleteAction = z.literal('DELETE');
const editAction = z.literal('EDIT');

/** A record of one `type`, with its `action` and `data`. */
const liveRecord = <const Type extends string, Action extends z.ZodType, Data extends z.ZodType>(type: Type, action: Action, data: Data) =>
  z.object({ ...recordBase, type: z.literal(type), action, data });

/** 'user-chat': a new top-level message, to the conversation's room. */
export const newMessageRecordSchema = liveRecord('user-chat', noAction, messageSchema);
/** 'user-chat' with action DELETE: id is the deleted message; data is the stored activity entry. */
export const deletedMessageRecordSchema = liveRecord('user-chat', deleteAction, conversationActionSchema);
/** 'user-thread-chat': a new thread reply; chat_id is its parent. */
export const newThreadReplyRecordSchema = liveRecord('user-thread-chat', noAction, messageSchema);
/** 'user-thread-chat' with action DELETE: a thread reply was deleted; chat_id is its parent. */
export const deletedThreadReplyRecordSchema = liveRecord('user-thread-chat', deleteAction, conversationActionSchema);
/**
 * 'user-chat' with action EDIT (issue 19): a top-level message's text was edited; data is the
 * whole message as it now is (is_edited true), to replace the one held.
 */
export const editedMessageRecordSchema = liveRecord('user-chat', editAction, messageSchema);
/** 'user-thread-chat' with action EDIT: a thread reply was edited; chat_id is its parent. */
export const editedThreadReplyRecordSchema = liveRecord('user-thread-chat', editAction, messageSchema);
/** 'user-actions-chat': an activity-log entry (rename, add, mute, remove, leave, pin). */
export const activityRecordSchema = liveRecord('user-actions-chat', noAction, conversationActionSchema);
/**
 * 'user-sidebar-chat': to each member's private room whenever a conversation changes (new
 * message, delete, an edit of the latest message, membership, the person's own notification
 * level): the sidebar and unread counts refresh from the server. Batched per conversation:
 * several changes close together make one record, the latest. An EDIT brings nothing new to read.
 */
export const sidebarRecordSchema = liveRecord(
  'user-sidebar-chat',
  z.union([deleteAction, editAction]).optional(),
  z.object({ conversation_id: idSchema, message: messageSchema.optional() }),
);
export type SidebarRecord = z.infer<typeof sidebarRecordSchema>;

/** One `message` event: which record it is follows from `type` and `action`. */
export const chatMessageRecordSchema = z.union([
  newMessageRecordSchema,
  deletedMessageRecordSchema,
  editedMessageRecordSchema,
  newThreadReplyRecordSchema,
  deletedThreadReplyRecordSchema,
  editedThreadReplyRecordSchema,
  activityRecordSchema,
  sidebarRecordSchema,
]);
export type ChatMessageRecord = z.infer<typeof chatMessageRecordSchema>;

/** A message's reactions: the whole current list, so applying it twice changes nothing. */
export const reactionsChangedSchema = z.object({ message_id: idSchema, message_reactions: z.array(messageReactionSchema) });
export type ReactionsChanged = z.infer<typeof reactionsChangedSchema>;

/** 'user-reactions-chat', on the `messageReaction` event; chat_id is the thread parent, if any. */
export const reactionsRecordSchema = liveRecord('user-reactions-chat', noAction, reactionsChangedSchema);
export type ReactionsRecord = z.infer<typeof reactionsRecordSchema>;

/** The specification's "live message record" (000 §3): any record of `message` or `messageReaction`. */
export type LiveMessageRecord = ChatMessageRecord | ReactionsRecord;

export const onlineUserRecordSchema = z.object({
  user_id: idSchema,
  is_online: z.boolean(),
  last_online: isoDateSchema.nullable(),
});
export type OnlineUserRecord = z.infer<typeof onlineUserRecordSchema>;

/** A reader's cursor moved: to the conversation's room (seen-by) and the reader's own room. */
export const seenReceiptSchema = z.object({
  conversationId: idSchema,
  messageId: idSchema,
  userId: idSchema,
  display_name: z.string(),
});
export type SeenReceipt = z.infer<typeof seenReceiptSchema>;

/** pin_data: the pinned Message, or null when the conversation has no pin. */
export const pinChangeSchema = z.object({ conversation_id: idSchema, user_id: idSchema, pin_data: messageSchema.nullable() });

export const typingFeedbackSchema = z.object({
  room: idSchema,
  userId: idSchema,
  display_name: z.string(),
  profile_photo: z.string().nullable(),
});

/**
 * Server → client: each event's payload schema. Presence (`update_user_list`): the full
 * list to the socket that announced user_online, then only the people who changed, in
 * batches. `notification` (added): a notification for this user was stored, so the bell
 * refreshes at once. `logout`: the session behind this socket ended.
 */
export const serverEventSchemas = {
  update_user_list: z.array(onlineUserRecordSchema),
  ping_pong_response: z.object({ userId: idSchema, message: z.string() }),
  message: chatMessageRecordSchema,
  messageReaction: reactionsRecordSchema,
  receive_seen_message: seenReceiptSchema,
  receive_pin_message: pinChangeSchema,
  currently_typing_feedback: typingFeedbackSchema,
  notification: z.object({ notification_type: z.enum(NOTIFICATION_TYPES) }),
  logout: z.object({ reason: z.enum(['logout', 'password-changed', 'password-reset', 'deactivated']) }),
};
export type ServerEventName = keyof typeof serverEventSchemas;
export type ServerEventPayload<Name extends ServerEventName> = z.infer<(typeof serverEventSchemas)[Name]>;
export type ServerToClientEvents = { [Name in ServerEventName]: (payload: ServerEventPayload<Name>) => void };
export type SessionEndReason = ServerEventPayload<'logout'>['reason'];

// ---------------------------------------------------------------- client → server

/** An id as a client writes it: a number, or digits in a string. */
const clientId = z.union([idSchema, z.string().regex(/^\d+$/).transform(Number).pipe(idSchema)]);

/** A field the original client sends that the server does not read. */
const ignored = z.unknown().transform(() => undefined);

/**
 * Client → server payloads. Relay events (sendMessage, sidebar_sendMessage,
 * sendMsgReaction) are accepted for compatibility and dropped: the server broadcasts every
 * stored change itself, so a client can never make a message appear as somebody else's.
 */
export const clientEventSchemas = {
  // The announcement needs nothing from its payload: whatever came, it is answered.
  user_online: z.object({ userId: z.number().optional(), name: z.string().optional() }).catch({}),
  user_online_ping_pong: z.object({ userId: z.number().optional() }).catch({}),
  join: z.object({ room: clientId, userId: z.number().optional(), name: z.string().optional() }),
  leave: z.object({ roomId: clientId, userId: z.number().optional() }),
  seen_message: z.object({
    conversationId: clientId,
    messageId: clientId,
    userId: z.number().optional(),
    display_name: z.string().optional(),
  }),
  /** Re-announces the stored pin of a conversation the caller belongs to; pin_data is ignored. */
  pin_message: z.object({ conversation_id: clientId, user_id: z.number().optional(), pin_data: ignored }),
  currently_typing: z.object({
    room: clientId,
    userId: z.number().optional(),
    display_name: z.string().optional(),
    profile_photo: z.string().nullable().optional(),
  }),
  /**
   * Added (issue 19): whether this tab is visible, sent when the socket connects and on every
   * visibilitychange. While any socket of a person says visible, nothing is pushed to them; a
   * socket that never said counts as not visible. Answers 'OK' when an acknowledgement is asked.
   */
  visibility: z.object({ visible: z.boolean() }),
};
export type ClientEventName = keyof typeof clientEventSchemas;
/** What a client sends (ids may be digit strings). */
export type ClientEventInput<Name extends ClientEventName> = z.input<(typeof clientEventSchemas)[Name]>;
/** What the server reads once the payload is checked. */
export type ClientEventPayload<Name extends ClientEventName> = z.output<(typeof clientEventSchemas)[Name]>;

export interface RelayPayload {
  message: z.input<typeof messageSchema>;
  room: number;
  type: ChatMessageRecord['type'];
}

export type Ack<T> = (response: T) => void;
/** join and leave answer 'OK' or a sentence to show. */
export type RoomAnswer = 'OK' | (string & {});

export interface ClientToServerEvents {
  user_online: (payload: ClientEventInput<'user_online'>, ack?: Ack<RoomAnswer>) => void;
  user_online_ping_pong: (payload: ClientEventInput<'user_online_ping_pong'>) => void;
  join: (payload: ClientEventInput<'join'>, ack?: Ack<RoomAnswer>) => void;
  leave: (payload: ClientEventInput<'leave'>, ack?: Ack<RoomAnswer>) => void;
  seen_message: (payload: ClientEventInput<'seen_message'>) => void;
  pin_message: (payload: ClientEventInput<'pin_message'>) => void;
  currently_typing: (payload: ClientEventInput<'currently_typing'>) => void;
  visibility: (payload: ClientEventInput<'visibility'>, ack?: Ack<RoomAnswer>) => void;
  sendMessage: (payload: RelayPayload) => void;
  sidebar_sendMessage: (payload: RelayPayload) => void;
  sendMsgReaction: (payload: RelayPayload) => void;
  logout: () => void;
}

/** Room names: one per conversation, one private room per user. */
export const conversationRoom = (conversationId: number): string => `conversation:${conversationId}`;
export const userRoom = (userId: number): string => `user:${userId}`;
