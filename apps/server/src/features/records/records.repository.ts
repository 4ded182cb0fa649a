/**
 * The only SQL of what the company keeps (docs/DECISIONS.md, "Operating it (issue 20)"):
 * legal holds, deleting messages past the retention setting, the bytes of uploads a quota
 * counts, and reading everything an export holds.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { parseJson, toBool } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface HeldConversation {
  id: number;
  name: string | null;
  is_group: boolean;
  legal_hold: boolean;
  /** Display names of the members, for naming a personal conversation. */
  member_names: string[];
}

export interface PurgedBatch {
  messageIds: number[];
  /** Attachment files of the deleted messages, to remove once the deletion has committed. */
  storedNames: string[];
}

const conversationSummary = async (db: Executor, ids: number[]): Promise<HeldConversation[]> => {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('conversations').select(['id', 'name', 'is_group', 'legal_hold']).where('id', 'in', ids).orderBy('id').execute();
  const members = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['cm.conversation_id', 'u.display_name'])
    .where('cm.conversation_id', 'in', ids)
    .orderBy('u.display_name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_group: toBool(row.is_group),
    legal_hold: toBool(row.legal_hold),
    member_names: members.filter((member) => member.conversation_id === row.id).map((member) => member.display_name),
  }));
};

export const createRecordsRepository = (db: Kysely<Database>) => ({
  // ---------------------------------------------------------------- legal holds

  async findConversation(conversationId: number, executor: Executor = db): Promise<HeldConversation | undefined> {
    return (await conversationSummary(executor, [conversationId]))[0];
  },

  async setLegalHold(conversationId: number, hold: boolean, time: number, executor: Executor) {
    await executor.updateTable('conversations').set({ legal_hold: hold, updated_at: time }).where('id', '=', conversationId).execute();
  },

  async listHeld(): Promise<HeldConversation[]> {
    const rows = await db.selectFrom('conversations').select('id').where('legal_hold', '=', true).execute();
    return conversationSummary(
      db,
      rows.map((row) => row.id),
    );
  },

  // ---------------------------------------------------------------- retention

  /**
   * Deletes up to `limit` messages created before `cutoff`, outside held conversations and
   * never a conversation's pinned message. Thread replies go first; a message that starts a
   * thread goes only once no reply of it is left, so a thread is never cut from its parent.
   * Reactions, mentions, attachment rows and notifications of a deleted message go with it
   * (their foreign keys cascade), its full-text entry by trigger (SQLite) or with the row
   * (PostgreSQL). Quotes of it are cleared, and each conversation's latest message is read
   * again. Read cursors are ids, which are never reused, so they stay right as they are.
   */
  async purgeBatch(cutoff: number, limit: number, trx: Transaction<Database>): Promise<PurgedBatch> {
    const old = trx
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id'])
      .where('m.created_at', '<', cutoff)
      .where('c.legal_hold', '=', false)
      .where((eb) => eb.or([eb('c.pinned_message_id', 'is', null), eb('c.pinned_message_id', '<>', eb.ref('m.id'))]))
      .orderBy('m.id')
      .limit(limit);
    const replies = await old.where('m.thread_parent_id', 'is not', null).execute();
    const rows =
      replies.length > 0
        ? replies
        : await old
            .where('m.thread_parent_id', 'is', null)
            .where((eb) => eb.not(eb.exists(eb.selectFrom('messages as r').select('r.id').whereRef('r.thread_parent_id', '=', 'm.id'))))
            .execute();
    if (rows.length === 0) return { messageIds: [], storedNames: [] };
    const messageIds = rows.map((row) => row.id);
    const conversationIds = [...new Set(rows.map((row) => row.conversation_id))];

    const files = await trx.selectFrom('message_attachments').select('stored_name').where('message_id', 'in', messageIds).execute();
    await trx.updateTable('messages').set({ reply_to_message_id: null }).where('reply_to_message_id', 'in', messageIds).execute();
    await trx.deleteFrom('messages').where('id', 'in', messageIds).execute();
    await trx
      .updateTable('conversations')
      .set((eb) => ({
        last_message_id: eb.selectFrom('messages as m').select((inner) => inner.fn.max('m.id').as('latest')).whereRef('m.conversation_id', '=', 'conversations.id'),
      }))
      .where('id', 'in', conversationIds)
      .execute();
    return { messageIds, storedNames: files.map((file) => file.stored_name) };
  },

  // ---------------------------------------------------------------- upload quotas

  /** Bytes of message and request files stored: one person's (the sender, the requester), or everyone's. */
  async uploadedBytes(userId?: number): Promise<number> {
    let messageFiles = db.selectFrom('message_attachments as a').select((eb) => eb.fn.sum<number | string | null>('a.size_bytes').as('bytes'));
    let requestFiles = db.selectFrom('request_files as f').select((eb) => eb.fn.sum<number | string | null>('f.size_bytes').as('bytes'));
    if (userId !== undefined) {
      messageFiles = messageFiles.innerJoin('messages as m', 'm.id', 'a.message_id').where('m.sender_id', '=', userId);
      requestFiles = requestFiles.innerJoin('form_requests as r', 'r.id', 'f.request_id').where('r.requester_id', '=', userId);
    }
    const [messages, requests] = await Promise.all([messageFiles.executeTakeFirst(), requestFiles.executeTakeFirst()]);
    return Number(messages?.bytes ?? 0) + Number(requests?.bytes ?? 0);
  },

  // ---------------------------------------------------------------- exports

  async conversationForExport(conversationId: number) {
    return db
      .selectFrom('conversations as c')
      .innerJoin('users as u', 'u.id', 'c.created_by')
      .select(['c.id', 'c.name', 'c.image', 'c.is_group', 'c.legal_hold', 'c.pinned_message_id', 'c.created_at', 'c.created_by', 'u.display_name as created_by_name'])
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
  },

  /** The members of one conversation, or the conversations of one person, with both names. */
  async membershipsForExport(where: { conversationId: number } | { userId: number }) {
    const ofConversation = 'conversationId' in where;
    return db
      .selectFrom('conversation_members as cm')
      .innerJoin('users as u', 'u.id', 'cm.user_id')
      .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
      .select(['cm.conversation_id', 'c.name', 'c.is_group', 'cm.user_id', 'u.display_name', 'u.email_address', 'cm.is_admin', 'cm.is_muted', 'cm.joined_at'])
      .where(ofConversation ? 'cm.conversation_id' : 'cm.user_id', '=', ofConversation ? where.conversationId : where.userId)
      // Members in the order they joined; a person's conversations by their ids.
      .orderBy(ofConversation ? 'cm.id' : 'cm.conversation_id')
      .execute();
  },

  /** Messages of one conversation, or sent by one person, oldest first, with their senders' names. */
  async messagesForExport(where: { conversationId: number } | { senderId: number }) {
    return db
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.sender_id')
      .select([
        'm.id',
        'm.conversation_id',
        'm.sender_id',
        'u.display_name as sender_name',
        'm.content',
        'm.reply_to_message_id',
        'm.thread_parent_id',
        'm.is_deleted',
        'm.deleted_at',
        'm.created_at',
        'm.updated_at',
      ])
      .where('conversationId' in where ? 'm.conversation_id' : 'm.sender_id', '=', 'conversationId' in where ? where.conversationId : where.senderId)
      .orderBy('m.id')
      .execute();
  },

  async attachmentsOf(messageIds: number[]) {
    if (messageIds.length === 0) return [];
    return db.selectFrom('message_attachments').selectAll().where('message_id', 'in', messageIds).orderBy('id').execute();
  },

  async reactionsOf(messageIds: number[]) {
    if (messageIds.length === 0) return [];
    return db.selectFrom('message_reactions').select(['message_id', 'user_id', 'type', 'created_at']).where('message_id', 'in', messageIds).orderBy('id').execute();
  },

  async mentionsOf(messageIds: number[]) {
    if (messageIds.length === 0) return [];
    return db.selectFrom('message_mentions').select(['message_id', 'user_id']).where('message_id', 'in', messageIds).orderBy('id').execute();
  },

  async actionsForExport(conversationId: number) {
    const columns = ['id', 'user_id', 'receiving_user_id', 'action', 'detail', 'created_at'] as const;
    return db.selectFrom('conversation_actions').select(columns).where('conversation_id', '=', conversationId).orderBy('id').execute();
  },

  async userForExport(userId: number) {
    const withDepartment = db.selectFrom('users as u').leftJoin('departments as d', 'd.id', 'u.department_id');
    return withDepartment
      .select([
        'u.id',
        'u.username',
        'u.email_address',
        'u.first_name',
        'u.last_name',
        'u.display_name',
        'd.name as department',
        'u.admin_access',
        'u.approval_page',
        'u.is_active',
        'u.profile_photo',
        'u.last_online_at',
        'u.created_at',
        'u.updated_at',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  },

  async reactionsBy(userId: number) {
    return db.selectFrom('message_reactions').select(['message_id', 'type', 'created_at']).where('user_id', '=', userId).orderBy('id').execute();
  },

  async requestsOf(userId: number) {
    const rows = await db
      .selectFrom('form_requests as r')
      .innerJoin('forms as f', 'f.id', 'r.form_id')
      .select(['r.id', 'r.reference_id', 'r.form_type', 'f.name as form_name', 'r.status', 'r.payload', 'r.total_cost', 'r.copied_from_id', 'r.created_at', 'r.decided_at'])
      .where('r.requester_id', '=', userId)
      .orderBy('r.id')
      .execute();
    return rows.map((row) => ({ ...row, payload: parseJson<unknown>(row.payload) }));
  },

  async requestLinesOf(requestIds: number[]) {
    if (requestIds.length === 0) return [];
    const rows = await db
      .selectFrom('request_lines')
      .select(['id', 'request_id', 'kind', 'position', 'description', 'remarks', 'quantity', 'unit_price', 'cost', 'data'])
      .where('request_id', 'in', requestIds)
      .orderBy('request_id')
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ ...row, data: row.data === null ? null : parseJson<unknown>(row.data) }));
  },

  async requestFilesOf(requestIds: number[]) {
    if (requestIds.length === 0) return [];
    return db.selectFrom('request_files').selectAll().where('request_id', 'in', requestIds).orderBy('id').execute();
  },

  async requestApproversOf(requestIds: number[]) {
    if (requestIds.length === 0) return [];
    return db
      .selectFrom('request_approvers as a')
      .innerJoin('users as u', 'u.id', 'a.approver_id')
      .select(['a.request_id', 'a.approver_id', 'u.display_name', 'a.level', 'a.has_voted', 'a.approved', 'a.comment', 'a.voted_at', 'a.voted_by'])
      .where('a.request_id', 'in', requestIds)
      .orderBy('a.id')
      .execute();
  },

  /** Votes on these requests, or every vote a person cast (as the approver or as a stand-in). */
  async votesFor(where: { requestIds: number[] } | { userId: number }) {
    const query = db
      .selectFrom('request_votes as v')
      .innerJoin('form_requests as r', 'r.id', 'v.request_id')
      .select(['v.id', 'v.request_id', 'r.reference_id', 'v.approver_id', 'v.cast_by', 'v.level', 'v.status', 'v.comment', 'v.created_at'])
      .orderBy('v.id');
    if ('userId' in where) return query.where((eb) => eb.or([eb('v.approver_id', '=', where.userId), eb('v.cast_by', '=', where.userId)])).execute();
    if (where.requestIds.length === 0) return [];
    return query.where('v.request_id', 'in', where.requestIds).execute();
  },

  async notificationsOf(userId: number) {
    const columns = ['id', 'notification_type', 'sender_id', 'conversation_id', 'message_id', 'thread_parent_id', 'form_request_id', 'is_read', 'is_reminder', 'created_at'] as const;
    return db.selectFrom('notifications').select(columns).where('recipient_id', '=', userId).orderBy('id').execute();
  },

  async delegationsOf(userId: number) {
    return db
      .selectFrom('delegations')
      .select(['id', 'approver_id', 'delegate_id', 'starts_on', 'ends_on', 'created_by', 'created_at', 'revoked_at'])
      .where((eb) => eb.or([eb('approver_id', '=', userId), eb('delegate_id', '=', userId)]))
      .orderBy('id')
      .execute();
  },
});

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
