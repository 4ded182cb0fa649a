/**
 * Conversations, members, the activity log and direct messages (000 §3, §4, §6, §7).
 * Every rule and permission is checked here; SQL lives in the repositories.
 */
import {
  canAddMembers,
  canEditConversation,
  canLeave,
  canManageMember,
  canPostIn,
  CHAT_REFUSALS,
  isAllowed,
  TEXT,
  type NotificationLevel,
  type ConversationDetail,
  type ConversationFilter,
  type ConversationSummary,
} from '@ichat/shared';
import { isUniqueViolation, nowMs, toIso } from '../../db/values.js';
import { badRequest, conflict, enforce, notFound } from '../../errors.js';
import { CONVERSATION_IMAGE_NOT_IMAGE, writeSquareImage } from '../../storage/images.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { NewNotification } from '../notifications/notifications.repository.js';
import type { ChatServiceDeps } from './chat-deps.js';
import { toChatUser, toConversationAction } from './chat-views.js';
import type { ConversationListRow, Executor } from './conversations.repository.js';

export const ACTIVITY_LOG_LIMIT = 500;

export type ConversationsServiceDeps = ChatServiceDeps;

const filterToGroup = (filter: ConversationFilter | null): boolean | null =>
  filter === null ? null : filter === 'group';

export const createConversationsService = ({ db, conversations, rosters, messages, views, files, live, notifications, push, pushes, editWindowMinutes, counters }: ConversationsServiceDeps) => {
  /** Stores an uploaded group image as a square WebP; returns its generated name. */
  const storeImage = async (uploadedPath: string): Promise<string> => {
    const name = files.newName('webp');
    await writeSquareImage(uploadedPath, files.pathFor('images-data', name), CONVERSATION_IMAGE_NOT_IMAGE);
    return name;
  };

  /** Summaries in the order given, with names, previews and unread counts. */
  const summarise = async (userId: number, rows: ConversationListRow[]): Promise<ConversationSummary[]> => {
    const ids = rows.map((row) => row.id);
    const lastIds = rows.flatMap((row) => (row.last_message_id ? [row.last_message_id] : []));
    const [unread, others, lastMessages] = await Promise.all([
      conversations.unreadCounts(userId, ids),
      conversations.otherMembers(userId, rows.filter((row) => !row.is_group).map((row) => row.id)),
      messages.findByIds(lastIds),
    ]);
    const senders = await messages.usersByIds([...new Set(lastMessages.map((row) => row.sender_id))]);
    const lastById = new Map(lastMessages.map((row) => [row.id, row]));

    return rows.map((row) => {
      const other = others.get(row.id);
      const name = row.is_group ? (row.name ?? '') : (other?.display_name ?? 'Former member');
      const image = row.is_group ? (row.image ?? '') : (other?.profile_photo ?? '');
      const last = row.last_message_id ? lastById.get(row.last_message_id) : undefined;
      const sender = last ? senders.get(last.sender_id) : undefined;
      return {
        id: row.id,
        name,
        image,
        is_group: row.is_group,
        is_pinned: row.is_pinned,
        unread_count: unread.get(row.id) ?? 0,
        conversation_detail: { name, image },
        peer_user_id: row.is_group ? null : (other?.id ?? null),
        notification_level: row.notification_level,
        last_message: last
          ? {
              id: last.id,
              content: last.is_deleted ? '' : last.content,
              is_deleted: last.is_deleted,
              is_thread_reply: last.thread_parent_id !== null,
              reply_to_thread_message_id: last.thread_parent_id,
              updatedAt: toIso(last.updated_at),
              sender: {
                id: last.sender_id,
                display_name: sender?.display_name ?? 'Unknown user',
                first_name: sender?.first_name ?? 'Unknown',
              },
            }
          : null,
      };
    });
  };

  /** Active users by id; refuses the whole call if any is missing, so nothing is half-done. */
  const requireActiveUsers = async (userIds: number[], executor?: Executor) => {
    const found = await conversations.findActiveUsers(userIds, executor);
    if (found.length !== userIds.length) throw badRequest('One of the chosen people does not exist or is no longer active.');
    return found;
  };

  const detail = async (userId: number, conversationId: number): Promise<ConversationDetail> => {
    const membership = await views.requireMember(conversationId, userId);
    const row = await conversations.findConversation(conversationId, userId);
    if (!row) throw notFound('That conversation does not exist or you are not a member of it.');
    const [summary] = await summarise(userId, [row]);
    // The edit window is read beside the members: on PostgreSQL one round trip fewer.
    const [members, editWindow] = await Promise.all([conversations.listMembers(conversationId), editWindowMinutes()]);
    const pinned = row.pinned_message_id ? await messages.findById(row.pinned_message_id) : undefined;
    return {
      ...summary!,
      created_by: row.created_by,
      members: members.map((member) => ({
        id: member.member_id,
        user_id: member.id,
        is_admin: member.is_admin,
        is_muted: member.is_muted,
        user: toChatUser(member),
      })),
      pinned_message: pinned && !pinned.is_deleted ? await views.presentMessage(pinned) : null,
      permissions: { is_admin: membership.is_admin, isPermittedToChat: isAllowed(canPostIn(membership)) },
      message_edit_window_minutes: editWindow,
    };
  };

  return {
    async list(userId: number, filter: ConversationFilter | null) {
      return summarise(userId, await conversations.listForUser(userId, filterToGroup(filter), null));
    },

    async listPage(userId: number, filter: ConversationFilter, page: number, limit: number) {
      const isGroup = filterToGroup(filter);
      const [rows, total] = await Promise.all([
        conversations.listForUser(userId, isGroup, { offset: (page - 1) * limit, limit }),
        conversations.countForUser(userId, isGroup),
      ]);
      return { conversations: await summarise(userId, rows), pagination: { page, limit, total } };
    },

    unreadCount: (userId: number) => conversations.unreadTotals(userId),

    detail,

    async createGroup(caller: AuthUser, input: { name: string; memberIds: number[]; uploadedImagePath?: string | undefined }) {
      const memberIds = [...new Set(input.memberIds)].filter((id) => id !== caller.id);
      if (memberIds.length === 0) throw badRequest('Add at least one member to the group.');
      await requireActiveUsers(memberIds);
      const image = input.uploadedImagePath ? await storeImage(input.uploadedImagePath) : null;
      const time = nowMs();
      try {
        const conversationId = await db.transaction().execute(async (trx) => {
          const id = await conversations.insertConversation(
            { name: input.name, image, isGroup: true, personalKey: null, createdBy: caller.id, time },
            trx,
          );
          await conversations.insertMembers(id, [caller.id, ...memberIds], { adminIds: [caller.id], time, lastReadMessageId: 0 }, trx);
          await conversations.insertAction({ conversationId: id, userId: caller.id, action: 'CREATE', time }, trx);
          return id;
        });
        rosters.changed(conversationId);
        await live.conversationChanged(conversationId);
        return { message: TEXT.conversationCreated, conversation_id: conversationId };
      } catch (error) {
        await files.remove('images-data', image);
        throw error;
      }
    },

    /** Name and image of a group; only its admins may change them. */
    async update(caller: AuthUser, conversationId: number, input: { name: string; uploadedImagePath?: string | undefined }) {
      await views.requireMember(conversationId, caller.id, canEditConversation);
      const previousImage = await conversations.findImage(conversationId);
      const image = input.uploadedImagePath ? await storeImage(input.uploadedImagePath) : undefined;
      const time = nowMs();
      let actionId: number;
      try {
        actionId = await db.transaction().execute(async (trx) => {
          await conversations.updateDetails(conversationId, { name: input.name, ...(image ? { image } : {}) }, time, trx);
          return conversations.insertAction({ conversationId, userId: caller.id, action: 'UPDATE', detail: input.name, time }, trx);
        });
      } catch (error) {
        await files.remove('images-data', image);
        throw error;
      }
      if (image) await files.remove('images-data', previousImage);
      const logged = await views.actionById(conversationId, actionId);
      await live.actionLogged(conversationId, logged);
      return { message: TEXT.conversationUpdated, conversation_action: logged };
    },

    /** Pin toggles the caller's own pin; leave takes the caller out of a group. */
    async patch(caller: AuthUser, conversationId: number, action: 'pin' | 'leave') {
      const membership = await views.requireMember(conversationId, caller.id);
      if (action === 'pin') {
        const pinned = !(await conversations.findMembership(conversationId, caller.id))?.is_pinned;
        await conversations.setPinned(conversationId, caller.id, pinned, nowMs());
        return { message: pinned ? 'Conversation pinned.' : 'Conversation unpinned.', is_pinned: pinned, left: false };
      }
      enforce(canLeave(membership));
      const time = nowMs();
      const actionId = await db.transaction().execute(async (trx) => {
        await conversations.deleteMember(conversationId, caller.id, trx);
        await conversations.ensureAnAdmin(conversationId, trx);
        return conversations.insertAction({ conversationId, userId: caller.id, action: 'LEAVE', time }, trx);
      });
      rosters.changed(conversationId);
      await live.actionLogged(conversationId, await views.actionById(conversationId, actionId), [caller.id]);
      return { message: 'You have left the conversation.', is_pinned: false, left: true };
    },

    /** What the caller hears of the conversation; their other tabs refresh their lists. */
    async setNotificationLevel(userId: number, conversationId: number, level: NotificationLevel): Promise<NotificationLevel> {
      await views.requireMember(conversationId, userId);
      // Left between the check and the change: the same answer as for any non-member.
      if (!(await conversations.setNotificationLevel(conversationId, userId, level))) throw notFound(CHAT_REFUSALS.notAMember);
      live.ownViewChanged(conversationId, userId);
      return level;
    },

    async actions(userId: number, conversationId: number) {
      await views.requireMember(conversationId, userId);
      const rows = await conversations.listActions(conversationId, { limit: ACTIVITY_LOG_LIMIT });
      return rows.map(toConversationAction);
    },

    /** Any member may add someone to a group (000 §6). */
    async addMember(caller: AuthUser, conversationId: number, userId: number) {
      await views.requireMember(conversationId, caller.id, canAddMembers);
      const [user] = await conversations.findActiveUsers([userId]);
      if (!user) throw notFound('That person does not exist or is no longer active.');
      const time = nowMs();
      let actionId: number;
      try {
        actionId = await db.transaction().execute(async (trx) => {
          if (await conversations.findMembership(conversationId, userId, trx)) {
            throw conflict(`${user.display_name} is already a member.`);
          }
          // A new member starts at the current message: earlier ones are history, not unread.
          const row = await conversations.findConversation(conversationId, caller.id, trx);
          await conversations.insertMembers(
            conversationId,
            [userId],
            { adminIds: [], time, lastReadMessageId: row?.last_message_id ?? 0 },
            trx,
          );
          return conversations.insertAction({ conversationId, userId: caller.id, receivingUserId: userId, action: 'ADD', time }, trx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`${user.display_name} is already a member.`);
        throw error;
      }
      rosters.changed(conversationId);
      const logged = await views.actionById(conversationId, actionId);
      await live.actionLogged(conversationId, logged);
      return { message: `${user.display_name} was added.`, conversation_action: logged };
    },

    /** Mute toggles; remove takes the member out. Admins only, never on themselves. */
    async updateMember(caller: AuthUser, conversationId: number, userId: number, action: 'mute' | 'remove') {
      await views.requireMember(conversationId, caller.id, (member) => canManageMember(caller.id, member, userId));
      const target = await conversations.findMembership(conversationId, userId);
      if (!target) throw notFound('That person is not a member of this conversation.');
      const time = nowMs();
      // The member hears about it on the bell: muted, unmuted or removed (000 §3).
      const notification: NewNotification = {
        recipientId: userId,
        senderId: caller.id,
        type: action === 'remove' ? 'removed' : target.is_muted ? 'unmute' : 'mute',
        conversationId,
      };
      const actionId = await db.transaction().execute(async (trx) => {
        await notifications.insertMany([notification], time, trx);
        if (action === 'mute') {
          await conversations.setMuted(conversationId, userId, !target.is_muted, trx);
          return conversations.insertAction(
            { conversationId, userId: caller.id, receivingUserId: userId, action: 'MUTE', detail: target.is_muted ? 'unmuted' : 'muted', time },
            trx,
          );
        }
        await conversations.deleteMember(conversationId, userId, trx);
        return conversations.insertAction({ conversationId, userId: caller.id, receivingUserId: userId, action: 'REMOVE', time }, trx);
      });
      rosters.changed(conversationId);
      const message = action === 'remove' ? 'Member removed.' : target.is_muted ? 'Member unmuted.' : 'Member muted.';
      const logged = await views.actionById(conversationId, actionId);
      await live.actionLogged(conversationId, logged, action === 'remove' ? [userId] : []);
      push.sent([notification]);
      return { message, conversation_action: logged };
    },

    directory: (userId: number) => conversations.listDirectory(userId),

    /**
     * One message to several people: each gets it in the personal conversation they share
     * with the sender, created on first use and reused after. All or nothing.
     */
    async directMessage(caller: AuthUser, input: { recipients: number[]; message: string }) {
      const recipients = [...new Set(input.recipients)];
      if (recipients.includes(caller.id)) throw badRequest('You cannot send a direct message to yourself.');
      await requireActiveUsers(recipients);
      const time = nowMs();
      const sent = await db.transaction().execute(async (trx) => {
        const ids: { conversationId: number; messageId: number; recipient: number }[] = [];
        for (const recipient of recipients) {
          const conversationId = await conversations.findOrCreatePersonal(caller.id, recipient, time, trx);
          const messageId = await messages.insert(
            {
              conversationId,
              senderId: caller.id,
              content: input.message,
              replyToMessageId: null,
              threadParentId: null,
              clientMessageId: null,
              time,
            },
            trx,
          );
          await conversations.advanceReadCursor(conversationId, caller.id, messageId, trx);
          ids.push({ conversationId, messageId, recipient });
        }
        return ids;
      });
      counters.messageStored(sent.length);
      // A personal conversation may have been created (or its members repaired) here.
      for (const { conversationId } of sent) rosters.changed(conversationId);
      for (const { conversationId, messageId, recipient } of sent) {
        const row = await messages.findById(messageId);
        if (!row) continue;
        const message = await views.presentMessage(row);
        await live.messageCreated(conversationId, message);
        pushes.messagePosted({ message, recipients: [{ userId: recipient, kind: 'direct' }] });
      }
      const conversationIds = sent.map((entry) => entry.conversationId);
      return { message: TEXT.messageSent, conversation_id: conversationIds[0]!, conversation_ids: conversationIds };
    },
  };
};

export type ConversationsService = ReturnType<typeof createConversationsService>;
