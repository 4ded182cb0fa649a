/**
 * The one path from a committed change to the live socket. Services publish a LiveEvent
 * after their transaction commits; the gateway (realtime/gateway.ts) is the only subscriber
 * that maps events to rooms. Routes never emit. With REDIS_URL set the gateway's rooms span
 * every process (Socket.IO Redis adapter), so an event published here reaches them all.
 */
import { EventEmitter } from 'node:events';
import type { ConversationAction, Message, MessageReaction, NotificationType } from '@ichat/shared';

export type SessionEndReason = 'logout' | 'password-changed' | 'deactivated';

export type LiveEvent =
  | { type: 'session-ended'; userId: number; reason: SessionEndReason }
  /**
   * A new message, top-level or a thread reply (message.reply_to_thread_message_id);
   * memberIds: everyone whose sidebar and unread count change.
   */
  | { type: 'message-created'; conversationId: number; message: Message; memberIds: number[] }
  | {
      type: 'message-deleted';
      conversationId: number;
      messageId: number;
      /** The thread the deleted message was a reply in, or null for a main-chat message. */
      threadParentId: number | null;
      senderId: number;
      action: ConversationAction;
      memberIds: number[];
    }
  /**
   * An activity-log entry (rename, add, mute, remove, leave, pin). memberIds include anyone
   * who just left or was removed, so their sidebar drops the conversation; removedUserIds
   * lose the conversation's room on every socket.
   */
  | {
      type: 'conversation-action';
      conversationId: number;
      action: ConversationAction;
      memberIds: number[];
      removedUserIds: number[];
    }
  /** A conversation appeared or changed without an activity entry (a new group). */
  | { type: 'conversation-changed'; conversationId: number; memberIds: number[] }
  | { type: 'pin-changed'; conversationId: number; userId: number; pinned: Message | null }
  /** A message's reactions changed; reactions is the whole current list. */
  | {
      type: 'reactions-changed';
      conversationId: number;
      messageId: number;
      threadParentId: number | null;
      actorId: number;
      reactions: MessageReaction[];
    }
  /** Notifications of one type were stored for these people. */
  | { type: 'notification'; notificationType: NotificationType; userIds: number[] }
  /** A reader's cursor moved forward to messageId. */
  | { type: 'read-cursor'; conversationId: number; userId: number; displayName: string; messageId: number };

export type LiveEventListener = (event: LiveEvent) => void;

export interface LiveEvents {
  publish(event: LiveEvent): void;
  subscribe(listener: LiveEventListener): () => void;
}

export const createLiveEvents = (): LiveEvents => {
  const emitter = new EventEmitter();
  return {
    publish: (event) => {
      emitter.emit('event', event);
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
};
