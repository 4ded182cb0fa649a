/**
 * The only place conversations, their members and their activity log are queried.
 * Unread counts come from each member's read cursor (docs/DESIGN.md, "Unread counts and seen-by: read cursors"; not a row
 * per message per reader"): messages above the cursor, not the reader's own, not deleted.
 */
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { compileOnce } from '../../db/compile-once.js';
import type { NotificationLevel } from '@ichat/shared';
import type { Database } from '../../db/tables.js';
import { toBool } from '../../db/values.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** An update of one person's membership of one conversation; the caller says what it sets. */
const oneMember = (executor: Executor, conversationId: number, userId: number) =>
  executor.updateTable('conversation_members').where('conversation_id', '=', conversationId).where('user_id', '=', userId);

export interface ChatUserRow {
  id: number;
  display_name: string;
  first_name: string;
  email_address: string;
  profile_photo: string | null;
}

export const chatUserColumns = [
  'users.id',
  'users.display_name',
  'users.first_name',
  'users.email_address',
  'users.profile_photo',
] as const;

/** chatUserColumns of a users table joined under another name, each named after it (actor.id as actor_id). */
const chatUserColumnsAs = <Alias extends string>(alias: Alias) =>
  [
    `${alias}.id as ${alias}_id`,
    `${alias}.display_name as ${alias}_display_name`,
    `${alias}.first_name as ${alias}_first_name`,
    `${alias}.email_address as ${alias}_email_address`,
    `${alias}.profile_photo as ${alias}_profile_photo`,
  ] as const;

export interface MembershipRow {
  member_id: number;
  conversation_id: number;
  is_group: boolean;
  is_admin: boolean;
  is_muted: boolean;
  is_pinned: boolean;
  last_read_message_id: number;
}

export interface ConversationListRow {
  id: number;
  name: string | null;
  image: string | null;
  is_group: boolean;
  created_by: number;
  pinned_message_id: number | null;
  last_message_id: number | null;
  last_message_at: number;
  is_pinned: boolean;
  last_read_message_id: number;
  notification_level: NotificationLevel;
}

const listColumns = [
  'c.id',
  'c.name',
  'c.image',
  'c.is_group',
  'c.created_by',
  'c.pinned_message_id',
  'c.last_message_id',
  'c.last_message_at',
  'm.is_pinned',
  'm.last_read_message_id',
  'm.notification_level',
] as const;

/** A list row as read: booleans as booleans; the level is one the table's check allows. */
const toListRow = <Row extends { is_group: unknown; is_pinned: unknown; notification_level: string }>(row: Row) => ({
  ...row,
  is_group: toBool(row.is_group as never),
  is_pinned: toBool(row.is_pinned as never),
  notification_level: row.notification_level as NotificationLevel,
});

/**
 * A member's unread count, read per membership (`m`): the messages above that member's own
 * cursor, not their own, not deleted. Counted in a subquery for each membership, so both
 * databases read one range of messages_unread (conversation_id, id, sender_id, is_deleted;
 * migration 0004) from the cursor up, and never the messages below it. The callers skip the
 * memberships whose cursor is at the conversation's latest message (nothing above it: most
 * of them), which count as 0.
 */
const unreadAboveCursor = (userId: number) => (eb: ExpressionBuilder<Database & { m: Database['conversation_members'] }, 'm'>) =>
  eb
    .selectFrom('messages as msg')
    .select((count) => count.fn.countAll<number>().as('n'))
    .whereRef('msg.conversation_id', '=', 'm.conversation_id')
    .whereRef('msg.id', '>', 'm.last_read_message_id')
    .where('msg.sender_id', '<>', userId)
    .where('msg.is_deleted', '=', false)
    .as('unread');

export const createConversationsRepository = (db: Kysely<Database>) => {
  // Every send moves the sender's cursor: compiled once (db/compile-once.ts).
  const moveCursor = compileOnce(db, 4, (query, messageId: number, conversationId: number, userId: number, below: number) =>
    query
      .updateTable('conversation_members')
      .set({ last_read_message_id: messageId })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .where('last_read_message_id', '<', below),
  );

  const listBase = (userId: number, isGroup: boolean | null, executor: Executor = db) => {
    let query = executor
      .selectFrom('conversation_members as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .where('m.user_id', '=', userId);
    if (isGroup !== null) query = query.where('c.is_group', '=', isGroup);
    return query;
  };

  return {
    async findMembership(conversationId: number, userId: number, executor: Executor = db) {
      const row = await executor
        .selectFrom('conversation_members as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select(['m.id as member_id', 'm.conversation_id', 'c.is_group', 'm.is_admin', 'm.is_muted', 'm.is_pinned', 'm.last_read_message_id'])
        .where('m.conversation_id', '=', conversationId)
        .where('m.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        is_group: toBool(row.is_group),
        is_admin: toBool(row.is_admin),
        is_muted: toBool(row.is_muted),
        is_pinned: toBool(row.is_pinned),
      } satisfies MembershipRow;
    },

    /** The caller's pinned conversations first, then by last-message time, newest first. */
    async listForUser(userId: number, isGroup: boolean | null, page: { offset: number; limit: number } | null) {
      let query = listBase(userId, isGroup)
        .select(listColumns)
        .orderBy('m.is_pinned', 'desc')
        .orderBy('c.last_message_at', 'desc')
        .orderBy('c.id', 'desc');
      if (page) query = query.limit(page.limit).offset(page.offset);
      const rows = await query.execute();
      return rows.map((row): ConversationListRow => toListRow(row));
    },

    async countForUser(userId: number, isGroup: boolean | null): Promise<number> {
      const row = await listBase(userId, isGroup)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async findConversation(conversationId: number, userId: number, executor: Executor = db) {
      const rows = await this.listForUserByIds(userId, [conversationId], executor);
      return rows[0];
    },

    async listForUserByIds(userId: number, conversationIds: number[], executor: Executor = db) {
      if (conversationIds.length === 0) return [];
      const rows = await listBase(userId, null, executor)
        .select(listColumns)
        .where('c.id', 'in', conversationIds)
        .execute();
      return rows.map((row): ConversationListRow => toListRow(row));
    },

    /** Unread per conversation for one reader: a range count above the reader's cursor. */
    async unreadCounts(userId: number, conversationIds: number[]): Promise<Map<number, number>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('conversation_members as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select(['m.conversation_id', unreadAboveCursor(userId)])
        .where('m.user_id', '=', userId)
        .where('m.conversation_id', 'in', conversationIds)
        .whereRef('c.last_message_id', '>', 'm.last_read_message_id')
        .execute();
      return new Map(rows.map((row) => [row.conversation_id, Number(row.unread)]));
    },

    /** Unread totals over every conversation of the reader, split personal/group. */
    async unreadTotals(userId: number): Promise<{ personal: number; group: number }> {
      const rows = await db
        .selectFrom('conversation_members as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select(['c.is_group', unreadAboveCursor(userId)])
        .where('m.user_id', '=', userId)
        .whereRef('c.last_message_id', '>', 'm.last_read_message_id')
        .execute();
      const totals = { personal: 0, group: 0 };
      for (const row of rows) totals[toBool(row.is_group) ? 'group' : 'personal'] += Number(row.unread);
      return totals;
    },

    /** For personal conversations: the other person, who names and pictures it. */
    async otherMembers(userId: number, conversationIds: number[]) {
      if (conversationIds.length === 0) return new Map<number, ChatUserRow>();
      const rows = await db
        .selectFrom('conversation_members as m')
        .innerJoin('users', 'users.id', 'm.user_id')
        .select(['m.conversation_id', ...chatUserColumns])
        .where('m.conversation_id', 'in', conversationIds)
        .where('m.user_id', '<>', userId)
        .orderBy('m.id')
        .execute();
      const byConversation = new Map<number, ChatUserRow>();
      for (const { conversation_id, ...user } of rows) {
        if (!byConversation.has(conversation_id)) byConversation.set(conversation_id, user);
      }
      return byConversation;
    },

    /** Everyone who shares a conversation with this person: whose presence they see. */
    async contactsOf(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('conversation_members as mine')
        .innerJoin('conversation_members as other', 'other.conversation_id', 'mine.conversation_id')
        .select('other.user_id')
        .distinct()
        .where('mine.user_id', '=', userId)
        .where('other.user_id', '<>', userId)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Every member with what the chat policy reads of them (features/chat/rosters.ts keeps it). */
    async rosterOf(conversationId: number) {
      const columns = ['m.id as member_id', 'm.user_id', 'm.is_admin', 'm.is_muted', 'c.is_group'] as const;
      const members = db.selectFrom('conversation_members as m').innerJoin('conversations as c', 'c.id', 'm.conversation_id');
      const rows = await members.select(columns).where('m.conversation_id', '=', conversationId).orderBy('m.id').execute();
      return rows.map((row) => ({ ...row, is_admin: toBool(row.is_admin), is_muted: toBool(row.is_muted), is_group: toBool(row.is_group) }));
    },

    async listMembers(conversationId: number, executor: Executor = db) {
      const rows = await executor
        .selectFrom('conversation_members as m')
        .innerJoin('users', 'users.id', 'm.user_id')
        .select(['m.id as member_id', 'm.is_admin', 'm.is_muted', 'm.joined_at', 'm.last_read_message_id', ...chatUserColumns])
        .where('m.conversation_id', '=', conversationId)
        .orderBy('m.id')
        .execute();
      return rows.map((row) => ({ ...row, is_admin: toBool(row.is_admin), is_muted: toBool(row.is_muted) }));
    },

    async insertConversation(
      values: { name: string | null; image: string | null; isGroup: boolean; personalKey: string | null; createdBy: number; time: number },
      executor: Executor,
    ): Promise<number> {
      const row = await executor
        .insertInto('conversations')
        .values({
          name: values.name,
          image: values.image,
          is_group: values.isGroup,
          personal_key: values.personalKey,
          created_by: values.createdBy,
          last_message_at: values.time,
          created_at: values.time,
          updated_at: values.time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The personal conversation of a pair, created on first use. The unique personal_key
     * makes a concurrent second insert a no-op, so a pair never gets two conversations.
     */
    async findOrCreatePersonal(userA: number, userB: number, time: number, executor: Executor): Promise<number> {
      const key = `${Math.min(userA, userB)}:${Math.max(userA, userB)}`;
      const inserted = await executor
        .insertInto('conversations')
        .values({
          name: null,
          image: null,
          is_group: false,
          personal_key: key,
          created_by: userA,
          last_message_at: time,
          created_at: time,
          updated_at: time,
        })
        .onConflict((oc) => oc.column('personal_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await this.insertMembers(inserted.id, [userA, userB], { adminIds: [], time, lastReadMessageId: 0 }, executor);
        return inserted.id;
      }
      const existing = await executor
        .selectFrom('conversations')
        .select('id')
        .where('personal_key', '=', key)
        .executeTakeFirstOrThrow();
      // A pair's members never leave a personal conversation, but repair it if they did.
      await executor
        .insertInto('conversation_members')
        .values(
          [userA, userB].map((userId) => ({
            conversation_id: existing.id,
            user_id: userId,
            is_admin: false,
            is_muted: false,
            is_pinned: false,
            last_read_message_id: 0,
            joined_at: time,
          })),
        )
        .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
        .execute();
      return existing.id;
    },

    async insertMembers(
      conversationId: number,
      userIds: number[],
      options: { adminIds: number[]; time: number; lastReadMessageId: number },
      executor: Executor,
    ) {
      if (userIds.length === 0) return;
      await executor
        .insertInto('conversation_members')
        .values(
          userIds.map((userId) => ({
            conversation_id: conversationId,
            user_id: userId,
            is_admin: options.adminIds.includes(userId),
            is_muted: false,
            is_pinned: false,
            last_read_message_id: options.lastReadMessageId,
            joined_at: options.time,
          })),
        )
        .execute();
    },

    async deleteMember(conversationId: number, userId: number, executor: Executor) {
      const result = await executor
        .deleteFrom('conversation_members')
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async setMuted(conversationId: number, userId: number, muted: boolean, executor: Executor) {
      await oneMember(executor, conversationId, userId).set({ is_muted: muted }).execute();
    },

    /** What one member hears of the conversation; false when they are not a member. */
    async setNotificationLevel(conversationId: number, userId: number, level: NotificationLevel): Promise<boolean> {
      const result = await oneMember(db, conversationId, userId).set({ notification_level: level }).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setPinned(conversationId: number, userId: number, pinned: boolean, time: number) {
      await oneMember(db, conversationId, userId).set({ is_pinned: pinned, pinned_at: pinned ? time : null }).execute();
    },

    /** When the last admin leaves, the longest-standing member takes over. */
    async ensureAnAdmin(conversationId: number, executor: Executor) {
      const admin = await executor
        .selectFrom('conversation_members')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .where('is_admin', '=', true)
        .executeTakeFirst();
      if (admin) return;
      const successor = await executor
        .selectFrom('conversation_members')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .orderBy('joined_at')
        .orderBy('id')
        .executeTakeFirst();
      if (successor) {
        await executor.updateTable('conversation_members').set({ is_admin: true }).where('id', '=', successor.id).execute();
      }
    },

    /**
     * Moves a reader's cursor to the conversation's latest message, forward only, in one
     * statement (reading the newest page does it on every open). Answers where it moved to,
     * or null when it was there already.
     */
    async advanceReadCursorToLatest(conversationId: number, userId: number): Promise<number | null> {
      const latest = db.selectFrom('conversations').select('last_message_id').where('id', '=', conversationId);
      const row = await db
        .updateTable('conversation_members')
        .set({ last_read_message_id: (eb) => eb.fn.coalesce(latest, eb.val(0)) })
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', userId)
        .where('last_read_message_id', '<', (eb) => eb.fn.coalesce(latest, eb.val(0)))
        .returning('last_read_message_id')
        .executeTakeFirst();
      return row ? row.last_read_message_id : null;
    },

    /** Moves a reader's cursor forward only, so an older read never makes messages unread. */
    /** Returns whether the cursor moved. */
    async advanceReadCursor(conversationId: number, userId: number, messageId: number, executor: Executor = db): Promise<boolean> {
      const result = await moveCursor(executor, messageId, conversationId, userId, messageId);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    async updateDetails(conversationId: number, changes: { name: string; image?: string }, time: number, executor: Executor) {
      await executor
        .updateTable('conversations')
        .set({ name: changes.name, ...(changes.image !== undefined ? { image: changes.image } : {}), updated_at: time })
        .where('id', '=', conversationId)
        .execute();
    },

    async findImage(conversationId: number): Promise<string | null> {
      const row = await db.selectFrom('conversations').select('image').where('id', '=', conversationId).executeTakeFirst();
      return row?.image ?? null;
    },

    async insertAction(
      values: { conversationId: number; userId: number; receivingUserId?: number | null; action: string; detail?: string | null; time: number },
      executor: Executor,
    ): Promise<number> {
      const row = await executor
        .insertInto('conversation_actions')
        .values({
          conversation_id: values.conversationId,
          user_id: values.userId,
          receiving_user_id: values.receivingUserId ?? null,
          action: values.action,
          detail: values.detail ?? null,
          created_at: values.time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Activity entries, newest first, with the acting and the receiving person. */
    async listActions(conversationId: number, options: { actionId?: number; limit: number }, executor: Executor = db) {
      let query = executor
        .selectFrom('conversation_actions as a')
        .innerJoin('users as actor', 'actor.id', 'a.user_id')
        .leftJoin('users as receiver', 'receiver.id', 'a.receiving_user_id')
        .select(['a.id', 'a.action', 'a.detail', 'a.created_at', ...chatUserColumnsAs('actor'), ...chatUserColumnsAs('receiver')])
        .where('a.conversation_id', '=', conversationId)
        .orderBy('a.id', 'desc')
        .limit(options.limit);
      if (options.actionId !== undefined) query = query.where('a.id', '=', options.actionId);
      return query.execute();
    },

    async findActiveUsers(userIds: number[], executor: Executor = db) {
      if (userIds.length === 0) return [];
      return executor
        .selectFrom('users')
        .select(chatUserColumns)
        .where('users.id', 'in', userIds)
        .where('users.is_active', '=', true)
        .execute();
    },

    /** How many active users there are. */
    async countDirectory(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total')).where('users.is_active', '=', true).executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Everyone who can be added or messaged: active users other than the caller. */
    async listDirectory(exceptUserId: number) {
      return db
        .selectFrom('users')
        .select(['users.id', 'users.display_name', 'users.profile_photo'])
        .where('users.is_active', '=', true)
        .where('users.id', '<>', exceptUserId)
        .orderBy(sql`lower(users.display_name)`)
        .orderBy('users.id')
        .execute();
    },
  };
};

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
