/**
 * Reactions (000 §3, §7 PUT /api/v1/messages/{c}/{m}): one call adds the caller's reaction of
 * a type, or removes it when it is there. The author hears about it on the bell; the room
 * gets the message's whole reaction list, so a repeated event changes nothing.
 */
import { canPostIn, type ReactionType } from '@ichat/shared';
import { nowMs } from '../../db/values.js';
import { conflict, notFound } from '../../errors.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { NewNotification } from '../notifications/notifications.repository.js';
import type { ChatServiceDeps } from './chat-deps.js';
import { toMessageReaction } from './chat-views.js';
import { MESSAGE_NOT_FOUND } from './messages.service.js';

export const createReactionsService = ({
  db,
  conversations,
  messages,
  views,
  live,
  notifications,
  push,
}: ChatServiceDeps) => ({
  async toggle(caller: AuthUser, conversationId: number, messageId: number, type: ReactionType) {
    await views.requireMember(conversationId, caller.id, canPostIn);
    const message = await messages.findById(messageId);
    if (!message || message.conversation_id !== conversationId) throw notFound(MESSAGE_NOT_FOUND);
    if (message.is_deleted) throw conflict('A deleted message cannot be reacted to.');

    const time = nowMs();
    const { added, notified } = await db.transaction().execute(async (trx) => {
      if (await messages.deleteReaction(messageId, caller.id, type, trx)) return { added: false, notified: [] };
      await messages.insertReaction(messageId, caller.id, type, time, trx);
      const authorId = message.sender_id;
      const tellAuthor =
        authorId !== caller.id &&
        (await conversations.findMembership(conversationId, authorId, trx)) !== undefined &&
        !(await notifications.hasUnreadReaction(authorId, caller.id, messageId, trx));
      const notification: NewNotification[] = tellAuthor
        ? [{ recipientId: authorId, senderId: caller.id, type: 'reaction', conversationId, messageId, threadParentId: message.thread_parent_id }]
        : [];
      await notifications.insertMany(notification, time, trx);
      return { added: true, notified: notification };
    });

    const reactions = (await messages.reactionsFor([messageId])).map(toMessageReaction);
    live.reactionsChanged(conversationId, { id: messageId, threadParentId: message.thread_parent_id }, caller.id, reactions);
    push.sent(notified);
    const mine = added ? (reactions.find((reaction) => reaction.user_id === caller.id && reaction.type === type) ?? null) : null;
    return { message_reaction: mine, removed: !added };
  },
});

export type ReactionsService = ReturnType<typeof createReactionsService>;
