/**
 * What the chat services tell the live socket, after their transaction has committed.
 * Each helper reads who should hear about it (the members now, plus anyone who just left)
 * and publishes one LiveEvent; realtime/gateway.ts maps it to rooms.
 */
import type { ConversationAction, Message, MessageReaction } from '@ichat/shared';
import type { LiveEvents } from '../../realtime/live-events.js';
import type { ConversationsRepository } from './conversations.repository.js';

export const createChatLive = ({ events, conversations }: { events: LiveEvents; conversations: ConversationsRepository }) => ({
  async messageCreated(conversationId: number, message: Message) {
    events.publish({ type: 'message-created', conversationId, message, memberIds: await conversations.memberUserIds(conversationId) });
  },

  async messageDeleted(
    conversationId: number,
    deleted: { id: number; senderId: number; threadParentId: number | null },
    action: ConversationAction,
  ) {
    events.publish({
      type: 'message-deleted',
      conversationId,
      messageId: deleted.id,
      threadParentId: deleted.threadParentId,
      senderId: deleted.senderId,
      action,
      memberIds: await conversations.memberUserIds(conversationId),
    });
  },

  async actionLogged(conversationId: number, action: ConversationAction, removedUserIds: number[] = []) {
    const memberIds = await conversations.memberUserIds(conversationId);
    events.publish({
      type: 'conversation-action',
      conversationId,
      action,
      memberIds: [...new Set([...memberIds, ...removedUserIds])],
      removedUserIds,
    });
  },

  async conversationChanged(conversationId: number) {
    events.publish({ type: 'conversation-changed', conversationId, memberIds: await conversations.memberUserIds(conversationId) });
  },

  pinChanged(conversationId: number, userId: number, pinned: Message | null) {
    events.publish({ type: 'pin-changed', conversationId, userId, pinned });
  },

  reactionsChanged(
    conversationId: number,
    message: { id: number; threadParentId: number | null },
    actorId: number,
    reactions: MessageReaction[],
  ) {
    events.publish({
      type: 'reactions-changed',
      conversationId,
      messageId: message.id,
      threadParentId: message.threadParentId,
      actorId,
      reactions,
    });
  },

  readCursorMoved(conversationId: number, userId: number, displayName: string, messageId: number) {
    events.publish({ type: 'read-cursor', conversationId, userId, displayName, messageId });
  },
});

export type ChatLive = ReturnType<typeof createChatLive>;
