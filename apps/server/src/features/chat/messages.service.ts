/**
 * Messages of a conversation (000 §4, §5, §7 Messages): paging, sending with attachments and
 * mentions (in the main chat or as a thread reply), threads, deleting one's own, the one
 * pinned message, the position lookup, the files list and the members-only download.
 */
import { rename } from 'node:fs/promises';
import {
  canDeleteMessage,
  canEditMessage,
  canPin,
  canPostIn,
  canSeeConversation,
  CHAT_REFUSALS,
  isAllowed,
  mentionsInText,
  messageAlertKind,
  TEXT,
  type EditMessageBody,
  type Message,
  type MessageVersion,
} from '@ichat/shared';
import { isUniqueViolation, nowMs, toIso } from '../../db/values.js';
import { badRequest, conflict, enforce, notFound } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { AuthUser } from '../../auth/auth-user.js';
import type { NewNotification } from '../notifications/notifications.repository.js';
import type { ChatServiceDeps } from './chat-deps.js';
import { toAttachment, toChatUser } from './chat-views.js';

export const FILES_LIST_LIMIT = 500;
export const MESSAGE_NOT_FOUND = 'That message does not exist in this conversation.';

export type MessagesServiceDeps = ChatServiceDeps;

export interface SendInput {
  message: string;
  reply_to_message_id?: number | null | undefined;
  mention_data: { id: number | 'all'; name: string }[];
  client_message_id?: string | undefined;
}

export const EDITED_ELSEWHERE = 'This message was changed at the same time somewhere else. Please try again.';

export const createMessagesService = ({ db, conversations, rosters, messages, views, files, live, notifications, push, pushes, editWindowMinutes, counters }: MessagesServiceDeps) => {
  const maySee = async (conversationId: number, userId: number) => isAllowed(canSeeConversation(await rosters.membership(conversationId, userId)));

  const requireMessage = async (conversationId: number, messageId: number) => {
    const message = await messages.findById(messageId);
    if (!message || message.conversation_id !== conversationId) throw notFound(MESSAGE_NOT_FOUND);
    return message;
  };


  /**
   * Who a message mentions: only mentions still written in its text as @@name@@, and only
   * people who are members now ('all' is every other member). Anyone else is dropped
   * without a word, so a mention reveals nothing about non-members.
   */
  const mentionedMembers = async (conversationId: number, senderId: number, content: string, mentions: SendInput['mention_data']) => {
    const written = mentionsInText(content, mentions);
    if (written.length === 0) return [];
    const memberIds = new Set((await rosters.userIds(conversationId)).filter((id) => id !== senderId));
    if (written.some((mention) => mention.id === 'all')) return [...memberIds];
    return [...new Set(written.map((mention) => mention.id))].filter(
      (id): id is number => typeof id === 'number' && memberIds.has(id),
    );
  };

  /**
   * What a message is to each person it may be pushed to (docs/DECISIONS.md, "Push, edits and
   * notification preferences (issue 19)"): in a personal conversation a direct message, in a
   * group a mention of them or of all. Group chatter without mentions reaches no one this way.
   */
  const pushRecipients = (isGroup: boolean, userIds: readonly number[], content: string, mentions: SendInput['mention_data']) => {
    const written = mentionsInText(content, mentions);
    const mentionsAll = written.some((mention) => mention.id === 'all');
    const named = new Set(written.map((mention) => mention.id));
    return userIds.map((userId) => ({ userId, kind: messageAlertKind({ isGroup, mentionsRecipient: named.has(userId), mentionsAll }) }));
  };

  return {
    /**
     * A page of top-level messages, oldest first. Reading the newest page moves the
     * caller's read cursor to the conversation's latest message.
     */
    async list(caller: AuthUser, conversationId: number, query: { page: number; limit: number; before?: number | undefined; after?: number | undefined }) {
      const userId = caller.id;
      await views.requireMember(conversationId, userId);
      const { rows, hasOlder } = await messages.listTopLevel(conversationId, {
        limit: query.limit,
        offset: query.before === undefined && query.after === undefined ? (query.page - 1) * query.limit : 0,
        beforeId: query.before,
        afterId: query.after,
      });
      // Catching up (`after`) reads in the background: only the newest page marks read.
      if (query.page === 1 && query.before === undefined && query.after === undefined) {
        const movedTo = await conversations.advanceReadCursorToLatest(conversationId, userId);
        if (movedTo !== null) live.readCursorMoved(conversationId, userId, caller.displayName, movedTo);
      }
      return { messages: await views.presentMessages(rows, conversationId), has_more: hasOlder };
    },

    /**
     * Sends a message with its attachments. Attachments alone are allowed in a main chat;
     * a retry with the same client_message_id answers with the stored message.
     */
    async send(
      caller: AuthUser,
      conversationId: number,
      input: SendInput,
      uploads: UploadedFile[],
      options: { threadParentId?: number | undefined } = {},
    ): Promise<{ message: Message; created: boolean }> {
      const membership = await views.requireMember(conversationId, caller.id, canPostIn);
      const threadParentId = options.threadParentId ?? null;
      const content = input.message.trim();
      // A thread reply needs text; a main-chat message may be attachments alone (000 §5).
      if (content === '' && (uploads.length === 0 || threadParentId !== null)) throw badRequest(TEXT.emptyMessage);
      if (uploads.some((file) => file.size === 0)) throw badRequest('An attached file is empty.');
      if (threadParentId !== null) {
        const parent = await requireMessage(conversationId, threadParentId);
        if (parent.thread_parent_id !== null) throw badRequest('A thread reply cannot start a thread of its own; reply in its thread.');
      }

      // Quoting a message is a main-chat feature; a thread reply answers its parent.
      const replyTo = threadParentId === null ? (input.reply_to_message_id ?? null) : null;
      const replyTarget = replyTo === null ? undefined : await messages.findById(replyTo);
      if (replyTo !== null && (!replyTarget || replyTarget.conversation_id !== conversationId)) {
        throw badRequest('The message you are replying to is not in this conversation.');
      }
      const mentioned = await mentionedMembers(conversationId, caller.id, content, input.mention_data);
      const mentionType = threadParentId === null ? 'mention' : 'thread mention';

      // Files move from tmp into the attachment bucket under the names already generated;
      // if the transaction fails they are removed again, so nothing is half-stored.
      const moved: string[] = [];
      const time = nowMs();
      try {
        for (const file of uploads) {
          await rename(file.path, files.pathFor('message-attachment', file.storedName));
          moved.push(file.storedName);
        }
        const { messageId, notified } = await db.transaction().execute(async (trx) => {
          const id = await messages.insert(
            {
              conversationId,
              senderId: caller.id,
              content,
              replyToMessageId: replyTo,
              threadParentId,
              clientMessageId: input.client_message_id ?? null,
              time,
            },
            trx,
          );
          await messages.insertAttachments(
            id,
            uploads.map((file) => ({ storedName: file.storedName, originalName: file.originalName, fileType: file.mimeType, size: file.size })),
            time,
            trx,
          );
          await messages.insertMentions(id, mentioned, time, trx);
          const mentionNotifications: NewNotification[] = mentioned.map((recipientId) => ({
            recipientId,
            senderId: caller.id,
            type: mentionType,
            conversationId,
            messageId: id,
            threadParentId,
          }));
          await notifications.insertMany(mentionNotifications, time, trx);
          await conversations.advanceReadCursor(conversationId, caller.id, id, trx);
          return { messageId: id, notified: mentionNotifications };
        });
        counters.messageStored();
        // Text alone (nearly every send) is told from what was just stored; attachments are
        // read back for the ids their rows were given.
        const message =
          uploads.length > 0
            ? await views.presentMessage((await messages.findById(messageId))!)
            : views.presentNewMessage({
                id: messageId,
                conversationId,
                sender: { id: caller.id, display_name: caller.displayName, first_name: caller.firstName, email_address: caller.emailAddress, profile_photo: caller.profilePhoto },
                content,
                time,
                threadParentId,
                clientMessageId: input.client_message_id ?? null,
                replyTarget: replyTarget ? { row: replyTarget, user: await views.userOf(replyTarget.sender_id) } : null,
              });
        await live.messageCreated(conversationId, message);
        push.sent(notified);
        const others = membership.is_group ? mentioned : (await rosters.userIds(conversationId)).filter((id) => id !== caller.id);
        pushes.messagePosted({ message, recipients: pushRecipients(membership.is_group, others, content, input.mention_data) });
        return { message, created: true };
      } catch (error) {
        await Promise.all(moved.map((name) => files.remove('message-attachment', name)));
        // A retry of a stored send (same client id, kept unique per sender) answers with the
        // stored message; the same id used for another message is a conflict.
        if (isUniqueViolation(error) && input.client_message_id) {
          const earlier = await messages.findByClientId(caller.id, input.client_message_id);
          if (earlier) {
            if (earlier.conversation_id !== conversationId || earlier.thread_parent_id !== threadParentId) {
              throw conflict('That message id was already used for another message.');
            }
            return { message: await views.presentMessage(earlier), created: false };
          }
        }
        throw error;
      }
    },

    /** Only one's own message; it stays as DELETED CHAT and its attachments are gone. */
    async remove(caller: AuthUser, conversationId: number, messageId: number) {
      const membership = await views.requireMember(conversationId, caller.id);
      const message = await requireMessage(conversationId, messageId);
      enforce(canDeleteMessage(caller.id, membership, message));
      const time = nowMs();
      const { storedNames, actionId } = await db.transaction().execute(async (trx) => {
        const names = await messages.markDeleted(messageId, time, trx);
        const id = await conversations.insertAction({ conversationId, userId: caller.id, action: 'DELETE', detail: String(messageId), time }, trx);
        return { storedNames: names, actionId: id };
      });
      await Promise.all(storedNames.map((name) => files.remove('message-attachment', name)));
      const action = await views.actionById(conversationId, actionId);
      await live.messageDeleted(conversationId, { id: messageId, senderId: caller.id, threadParentId: message.thread_parent_id }, action);
      return { message: 'Message deleted.', conversation_action: action };
    },

    /**
     * Edits the text of one's own message (docs/DECISIONS.md, "Push, edits and notification
     * preferences (issue 19)"): the text it replaces is kept as a version, people the new text
     * names for the first time are notified (those it no longer names keep theirs), and the
     * room hears the whole message once the transaction has committed.
     */
    async edit(caller: AuthUser, conversationId: number, messageId: number, input: EditMessageBody): Promise<Message> {
      const membership = await views.requireMember(conversationId, caller.id);
      const message = await requireMessage(conversationId, messageId);
      const time = nowMs();
      enforce(canEditMessage(caller.id, membership, { ...message, sent_at: message.created_at }, { now: time, minutes: await editWindowMinutes() }));
      const content = input.message.trim();
      if (content === '') throw badRequest(TEXT.emptyMessage);
      const mentioned = await mentionedMembers(conversationId, caller.id, content, input.mention_data);
      const alreadyMentioned = new Set(await messages.mentionedUserIds(messageId));
      const newlyMentioned = mentioned.filter((userId) => !alreadyMentioned.has(userId));
      if (content === message.content && newlyMentioned.length === 0) return views.presentMessage(message);

      const threadParentId = message.thread_parent_id;
      const notified: NewNotification[] = newlyMentioned.map((recipientId) => ({
        recipientId,
        senderId: caller.id,
        type: threadParentId === null ? 'mention' : 'thread mention',
        conversationId,
        messageId,
        threadParentId,
      }));
      await db.transaction().execute(async (trx) => {
        // The same text with new names stores no version; the names still count.
        if (content !== message.content && !(await messages.replaceContent(message, content, time, trx))) {
          const now = await messages.findById(messageId, trx);
          throw conflict(now?.is_deleted ? CHAT_REFUSALS.editDeleted : EDITED_ELSEWHERE);
        }
        await messages.insertMentions(messageId, newlyMentioned, time, trx);
        await notifications.insertMany(notified, time, trx);
      });
      const edited = await views.presentMessage((await messages.findById(messageId))!);
      await live.messageEdited(conversationId, edited, (await messages.latestMessageId(conversationId)) === messageId);
      push.sent(notified);
      pushes.messagePosted({ message: edited, recipients: pushRecipients(membership.is_group, newlyMentioned, content, input.mention_data) });
      return edited;
    },

    /** Every text of a message, oldest first and the current one last; members only. */
    async versions(userId: number, conversationId: number, messageId: number): Promise<MessageVersion[]> {
      await views.requireMember(conversationId, userId);
      const message = await requireMessage(conversationId, messageId);
      if (message.is_deleted) throw conflict(CHAT_REFUSALS.alreadyDeleted);
      const earlier = await messages.versionsOf(messageId);
      return [
        ...earlier.map((version) => ({ content: version.content, written_at: toIso(version.written_at) })),
        { content: message.content, written_at: toIso(message.edited_at ?? message.created_at) },
      ];
    },

    /** Pins a message, replacing the previous pin; on the pinned message it unpins. */
    async togglePin(caller: AuthUser, conversationId: number, messageId: number) {
      await views.requireMember(conversationId, caller.id, canPin);
      const message = await requireMessage(conversationId, messageId);
      if (message.is_deleted) throw badRequest('A deleted message cannot be pinned.');
      if (message.thread_parent_id !== null) throw badRequest('A thread reply cannot be pinned.');
      const time = nowMs();
      const { pinned, actionId } = await db.transaction().execute(async (trx) => {
        const current = await messages.findPinnedMessageId(conversationId, trx);
        const pin = current !== messageId;
        await messages.setPinnedMessage(conversationId, pin ? messageId : null, time, trx);
        const id = await conversations.insertAction(
          { conversationId, userId: caller.id, action: 'PIN', detail: pin ? 'pinned' : 'unpinned', time },
          trx,
        );
        return { pinned: pin, actionId: id };
      });
      const shown = pinned ? await views.presentMessage((await messages.findById(messageId))!) : null;
      live.pinChanged(conversationId, caller.id, shown);
      await live.actionLogged(conversationId, await views.actionById(conversationId, actionId));
      return { message: shown };
    },

    /** For the live socket: whether this person may join the conversation's room. */
    maySee,

    /**
     * A seen receipt from the live socket: moves the caller's own cursor forward to a
     * message of a conversation they belong to. Anything else is ignored.
     */
    async markSeen(caller: AuthUser, conversationId: number, messageId: number) {
      if (!(await maySee(conversationId, caller.id))) return;
      const message = await messages.findById(messageId);
      if (!message || message.conversation_id !== conversationId) return;
      if (await conversations.advanceReadCursor(conversationId, caller.id, messageId)) {
        live.readCursorMoved(conversationId, caller.id, caller.displayName, messageId);
      }
    },

    /** Re-announces the stored pin of a conversation to its room (pin_message). */
    async announcePin(caller: AuthUser, conversationId: number) {
      if (!(await maySee(conversationId, caller.id))) return;
      const pinnedId = await messages.findPinnedMessageId(conversationId);
      const row = pinnedId ? await messages.findById(pinnedId) : undefined;
      live.pinChanged(conversationId, caller.id, row ? await views.presentMessage(row) : null);
    },

    /**
     * A thread: its parent and every reply. Asked for a reply, it answers the reply's thread,
     * so a link to a reply still opens the right thread.
     */
    async thread(userId: number, conversationId: number, messageId: number) {
      await views.requireMember(conversationId, userId);
      const asked = await requireMessage(conversationId, messageId);
      const parent = asked.thread_parent_id === null ? asked : await requireMessage(conversationId, asked.thread_parent_id);
      const replies = await messages.listThreadReplies(parent.id);
      const [shownParent, ...shownReplies] = await views.presentMessages([parent, ...replies], conversationId);
      return { parent: shownParent!, replies: shownReplies };
    },

    /**
     * Where a message sits: its index from the newest top-level message (0 = newest). A
     * thread reply answers with its parent's index and the parent's id.
     */
    async position(userId: number, conversationId: number, messageId: number) {
      await views.requireMember(conversationId, userId);
      const message = await requireMessage(conversationId, messageId);
      const anchorId = message.thread_parent_id ?? message.id;
      const index = await messages.countTopLevelAfter(conversationId, anchorId);
      return {
        index,
        query: message.is_deleted ? '' : message.content,
        thread: { thread_reply: message.thread_parent_id !== null, message_id: message.thread_parent_id },
      };
    },

    async files(userId: number, conversationId: number) {
      await views.requireMember(conversationId, userId);
      const rows = await messages.filesOfConversation(conversationId, FILES_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        user: toChatUser(row),
        message_attachment: toAttachment({ ...row, id: row.id }),
      }));
    },

    /** An attachment for download: members of its conversation only, else 404. */
    async attachmentFor(userId: number, storedName: string) {
      const attachment = await messages.findAttachment(storedName);
      return files.download('message-attachment', attachment, attachment !== undefined && (await maySee(attachment.conversation_id, userId)));
    },
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
