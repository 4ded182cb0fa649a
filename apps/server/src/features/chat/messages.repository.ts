/**
 * The only place messages and their attachments, reactions and replies are queried.
 * Message ids increase with time, so every page is a range on the (conversation_id, id)
 * index: the newest N, the N before an id, or everything after an id.
 */
import type { Kysely, Selectable } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import type { Database, MessageAttachmentsTable, MessagesTable } from '../../db/tables.js';
import { storedFileColumns, toBool } from '../../db/values.js';
import { chatUserColumns, type ChatUserRow, type Executor } from './conversations.repository.js';

/** A message as read: booleans as booleans, the deletion time left out. */
export type MessageRow = Omit<Selectable<MessagesTable>, 'is_deleted' | 'deleted_at'> & { is_deleted: boolean };

export type AttachmentRow = Selectable<MessageAttachmentsTable>;

export interface NewAttachment {
  storedName: string;
  originalName: string;
  fileType: string;
  size: number;
}

const messageColumns = [
  'messages.id',
  'messages.conversation_id',
  'messages.sender_id',
  'messages.content',
  'messages.reply_to_message_id',
  'messages.thread_parent_id',
  'messages.client_message_id',
  'messages.is_deleted',
  'messages.edited_at',
  'messages.created_at',
  'messages.updated_at',
] as const;

const toMessageRow = <T extends { is_deleted: unknown }>(row: T) => ({ ...row, is_deleted: toBool(row.is_deleted as never) });

/** An attachment as a message carries it and the Files list shows it. */
const attachmentColumns = ['a.id', 'a.message_id', 'a.stored_name', 'a.original_name', 'a.file_type', 'a.size_bytes', 'a.created_at'] as const;

export const createMessagesRepository = (db: Kysely<Database>) => {
  // Every send runs these two: compiled once (db/compile-once.ts).
  const insertMessage = compileOnce(
    db,
    9,
    (query, conversationId: number, senderId: number, content: string, replyTo: number | null, threadParent: number | null, clientId: string | null, deleted: boolean, createdAt: number, updatedAt: number) =>
      query
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender_id: senderId,
          content,
          reply_to_message_id: replyTo,
          thread_parent_id: threadParent,
          client_message_id: clientId,
          is_deleted: deleted,
          created_at: createdAt,
          updated_at: updatedAt,
        })
        .returning('id'),
  );
  const makeLatest = compileOnce(db, 4, (query, messageId: number, lastAt: number, updatedAt: number, conversationId: number) =>
    query.updateTable('conversations').set({ last_message_id: messageId, last_message_at: lastAt, updated_at: updatedAt }).where('id', '=', conversationId),
  );

  const topLevel = (conversationId: number, executor: Executor = db) =>
    executor
      .selectFrom('messages')
      .where('messages.conversation_id', '=', conversationId)
      .where('messages.thread_parent_id', 'is', null);

  return {
    /**
     * Top-level messages of a conversation, oldest first: the newest `limit` (skipping
     * `offset`), or the `limit` just before `beforeId`, or up to `limit` after `afterId`.
     */
    async listTopLevel(
      conversationId: number,
      options: { limit: number; offset: number; beforeId?: number | undefined; afterId?: number | undefined },
    ): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
      let query = topLevel(conversationId).select(messageColumns);
      if (options.afterId !== undefined) {
        const rows = (await query.where('messages.id', '>', options.afterId).orderBy('messages.id', 'asc').limit(options.limit).execute()).map(toMessageRow);
        const first = rows[0];
        return { rows, hasOlder: first ? await this.hasTopLevelBefore(conversationId, first.id) : false };
      }
      if (options.beforeId !== undefined) query = query.where('messages.id', '<', options.beforeId);
      // One row past the page says whether older ones remain, without a second round trip.
      const rows = await query.orderBy('messages.id', 'desc').limit(options.limit + 1).offset(options.offset).execute();
      const hasOlder = rows.length > options.limit;
      return { rows: rows.slice(0, options.limit).map(toMessageRow).reverse(), hasOlder };
    },

    async hasTopLevelBefore(conversationId: number, messageId: number): Promise<boolean> {
      const row = await topLevel(conversationId).select('messages.id').where('messages.id', '<', messageId).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** How many top-level messages are newer than this one: its index from the newest. */
    async countTopLevelAfter(conversationId: number, messageId: number): Promise<number> {
      const row = await topLevel(conversationId)
        .select((eb) => eb.fn.countAll<number>().as('newer'))
        .where('messages.id', '>', messageId)
        .executeTakeFirstOrThrow();
      return Number(row.newer);
    },

    async findById(messageId: number, executor: Executor = db): Promise<MessageRow | undefined> {
      const row = await executor.selectFrom('messages').select(messageColumns).where('messages.id', '=', messageId).executeTakeFirst();
      return row ? toMessageRow(row) : undefined;
    },

    async findByIds(messageIds: number[]): Promise<MessageRow[]> {
      if (messageIds.length === 0) return [];
      const rows = await db.selectFrom('messages').select(messageColumns).where('messages.id', 'in', messageIds).execute();
      return rows.map(toMessageRow);
    },

    async findByClientId(senderId: number, clientMessageId: string): Promise<MessageRow | undefined> {
      const row = await db
        .selectFrom('messages')
        .select(messageColumns)
        .where('messages.sender_id', '=', senderId)
        .where('messages.client_message_id', '=', clientMessageId)
        .executeTakeFirst();
      return row ? toMessageRow(row) : undefined;
    },

    /** Stores a message and makes it the conversation's latest, in the caller's transaction. */
    async insert(
      values: {
        conversationId: number;
        senderId: number;
        content: string;
        replyToMessageId: number | null;
        threadParentId: number | null;
        clientMessageId: string | null;
        time: number;
      },
      executor: Executor,
    ): Promise<number> {
      const { rows } = await insertMessage(
        executor,
        values.conversationId,
        values.senderId,
        values.content,
        values.replyToMessageId,
        values.threadParentId,
        values.clientMessageId,
        false,
        values.time,
        values.time,
      );
      const id = rows[0]!.id;
      await makeLatest(executor, id, values.time, values.time, values.conversationId);
      return id;
    },

    async insertAttachments(messageId: number, attachments: NewAttachment[], time: number, executor: Executor) {
      if (attachments.length === 0) return;
      await executor
        .insertInto('message_attachments')
        .values(
          attachments.map((file) => ({ message_id: messageId, ...storedFileColumns(file, time) })),
        )
        .execute();
    },

    async insertMentions(messageId: number, userIds: number[], time: number, executor: Executor) {
      if (userIds.length === 0) return;
      await executor
        .insertInto('message_mentions')
        .values(userIds.map((userId) => ({ message_id: messageId, user_id: userId, created_at: time })))
        .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
        .execute();
    },

    /** Who a message's text names (kept when an edit drops a name, so nobody is notified twice). */
    async mentionedUserIds(messageId: number, executor: Executor = db): Promise<number[]> {
      const rows = await executor.selectFrom('message_mentions').select('user_id').where('message_id', '=', messageId).execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * Replaces a message's text, keeping the one it replaces as a version, unless the message
     * changed since it was read (deleted, or edited by a concurrent call): then false and nothing
     * is written. The full-text entry follows `content` (migration 0002).
     */
    async replaceContent(
      message: Pick<MessageRow, 'id' | 'content' | 'created_at' | 'edited_at' | 'updated_at'>,
      content: string,
      time: number,
      executor: Executor,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('messages')
        .set({ content, edited_at: time, updated_at: time })
        .where('id', '=', message.id)
        .where('is_deleted', '=', false)
        .where('updated_at', '=', message.updated_at)
        .where('content', '=', message.content)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await executor
        .insertInto('message_versions')
        .values({ message_id: message.id, content: message.content, written_at: message.edited_at ?? message.created_at, replaced_at: time })
        .execute();
      return true;
    },

    /** The earlier texts of a message, oldest first. */
    async versionsOf(messageId: number) {
      return db
        .selectFrom('message_versions')
        .select(['content', 'written_at'])
        .where('message_id', '=', messageId)
        .orderBy('id')
        .execute();
    },

    /** The conversation's latest message (what its sidebar entry shows). */
    async latestMessageId(conversationId: number): Promise<number | null> {
      const row = await db.selectFrom('conversations').select('last_message_id').where('id', '=', conversationId).executeTakeFirst();
      return row?.last_message_id ?? null;
    },

    /**
     * Marks a message deleted, blanks its text and drops its attachment rows and earlier texts;
     * returns the stored names so the files can be removed once the transaction has committed.
     */
    async markDeleted(messageId: number, time: number, executor: Executor): Promise<string[]> {
      const attachments = await executor
        .selectFrom('message_attachments')
        .select('stored_name')
        .where('message_id', '=', messageId)
        .execute();
      await executor.deleteFrom('message_attachments').where('message_id', '=', messageId).execute();
      await executor.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
      // A retracted message keeps no earlier wording either.
      await executor.deleteFrom('message_versions').where('message_id', '=', messageId).execute();
      await executor
        .updateTable('messages')
        .set({ is_deleted: true, content: '', deleted_at: time, updated_at: time })
        .where('id', '=', messageId)
        .execute();
      await executor
        .updateTable('conversations')
        .set({ pinned_message_id: null })
        .where('pinned_message_id', '=', messageId)
        .execute();
      return attachments.map((row) => row.stored_name);
    },

    async setPinnedMessage(conversationId: number, messageId: number | null, time: number, executor: Executor) {
      await executor
        .updateTable('conversations')
        .set({ pinned_message_id: messageId, updated_at: time })
        .where('id', '=', conversationId)
        .execute();
    },

    async findPinnedMessageId(conversationId: number, executor: Executor = db): Promise<number | null> {
      const row = await executor
        .selectFrom('conversations')
        .select('pinned_message_id')
        .where('id', '=', conversationId)
        .executeTakeFirst();
      return row?.pinned_message_id ?? null;
    },

    // ------------------------------------------------------------ what a page of messages needs

    async usersByIds(userIds: number[]): Promise<Map<number, ChatUserRow>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(chatUserColumns).where('users.id', 'in', userIds).execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async attachmentsFor(messageIds: number[]): Promise<AttachmentRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom('message_attachments as a')
        .select(attachmentColumns)
        .where('a.message_id', 'in', messageIds)
        .orderBy('a.id')
        .execute();
    },

    async reactionsFor(messageIds: number[]) {
      if (messageIds.length === 0) return [];
      return db
        .selectFrom('message_reactions as r')
        .innerJoin('users', 'users.id', 'r.user_id')
        .select(['r.id', 'r.message_id', 'r.user_id', 'r.type', 'users.display_name'])
        .where('r.message_id', 'in', messageIds)
        .orderBy('r.id')
        .execute();
    },

    async threadRepliesFor(parentIds: number[]) {
      if (parentIds.length === 0) return [];
      return db
        .selectFrom('messages')
        .select(['id', 'thread_parent_id'])
        .where('thread_parent_id', 'in', parentIds)
        .where('is_deleted', '=', false)
        .orderBy('id')
        .execute();
    },

    /** Every reply of a thread, deleted ones included (they show as DELETED CHAT), oldest first. */
    async listThreadReplies(parentId: number): Promise<MessageRow[]> {
      const rows = await db
        .selectFrom('messages')
        .select(messageColumns)
        .where('messages.thread_parent_id', '=', parentId)
        .orderBy('messages.id', 'asc')
        .execute();
      return rows.map(toMessageRow);
    },

    // ------------------------------------------------------------ reactions

    /** Removes one person's reaction of one type; true when there was one. */
    async deleteReaction(messageId: number, userId: number, type: string, executor: Executor): Promise<boolean> {
      const result = await executor
        .deleteFrom('message_reactions')
        .where('message_id', '=', messageId)
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Adds a reaction; a concurrent identical add leaves the one already stored. */
    async insertReaction(messageId: number, userId: number, type: string, time: number, executor: Executor) {
      await executor
        .insertInto('message_reactions')
        .values({ message_id: messageId, user_id: userId, type, created_at: time })
        .onConflict((oc) => oc.columns(['message_id', 'user_id', 'type']).doNothing())
        .execute();
    },

    /** Attachments of a conversation's live messages, newest first. */
    async filesOfConversation(conversationId: number, limit: number) {
      return db
        .selectFrom('message_attachments as a')
        .innerJoin('messages', 'messages.id', 'a.message_id')
        .innerJoin('users', 'users.id', 'messages.sender_id')
        .select([...attachmentColumns, ...chatUserColumns])
        .where('messages.conversation_id', '=', conversationId)
        .where('messages.is_deleted', '=', false)
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** An attachment with the conversation it belongs to, for the members-only download. */
    async findAttachment(storedName: string) {
      return db
        .selectFrom('message_attachments as a')
        .innerJoin('messages', 'messages.id', 'a.message_id')
        .select(['a.stored_name', 'a.original_name', 'a.file_type', 'a.size_bytes', 'messages.conversation_id'])
        .where('a.stored_name', '=', storedName)
        .where('messages.is_deleted', '=', false)
        .executeTakeFirst();
    },
  };
};

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
