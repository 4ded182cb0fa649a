/**
 * The live socket contract (000 §7 Live socket). Event names are the original's. Ids that
 * the original client wrote into payloads (userId, user_id) are accepted for compatibility
 * but never trusted: the server always acts as the user of the handshake token.
 */
import type { LiveMessageType } from './options.js';

export interface OnlineUserRecord {
  user_id: number;
  is_online: boolean;
  last_online: string | null;
}

export interface LiveMessageRecord {
  id: number;
  conversation_id: number;
  sender_id: number;
  chat_id: number | null;
  action?: 'DELETE';
  type: LiveMessageType;
  /** The stored message or event payload, as the REST call returns it. */
  data?: unknown;
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
  update_user_list: (users: OnlineUserRecord[]) => void;
  ping_pong_response: (payload: { userId: number; message: string }) => void;
  message: (record: LiveMessageRecord) => void;
  messageReaction: (record: LiveMessageRecord) => void;
  receive_seen_message: (payload: {
    conversationId: number;
    messageId: number;
    userId: number;
    display_name: string;
  }) => void;
  receive_pin_message: (payload: { conversation_id: number; user_id: number; pin_data: unknown }) => void;
  currently_typing_feedback: (payload: {
    room: number;
    userId: number;
    display_name: string;
    profile_photo: string | null;
  }) => void;
  /** The session behind this socket ended (logout, password change, deactivation). */
  logout: (payload: { reason: string }) => void;
}

/** Room names: one per conversation, one private room per user. */
export const conversationRoom = (conversationId: number): string => `conversation:${conversationId}`;
export const userRoom = (userId: number): string => `user:${userId}`;
