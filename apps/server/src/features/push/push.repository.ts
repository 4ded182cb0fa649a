/**
 * The only place push subscriptions, and what a push needs to know of its recipients, are
 * queried: each person's settings and level in the conversation, read only for people who
 * have a subscription at all.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables.js';
import { toBool } from '../../db/values.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const createPushRepository = (db: Kysely<Database>) => ({
  /** Stores a browser's subscription for a person; the same endpoint again (anyone's) becomes theirs. */
  async upsert(values: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string | null; time: number }) {
    const row = { user_id: values.userId, p256dh: values.p256dh, auth: values.auth, user_agent: values.userAgent, created_at: values.time };
    await db
      .insertInto('push_subscriptions')
      .values({ ...row, endpoint: values.endpoint })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
      .execute();
  },

  /** Removes one of the person's own subscriptions; false when they have none at that endpoint. */
  async remove(userId: number, endpoint: string): Promise<boolean> {
    const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** A subscription the push service said is gone. */
  async removeById(id: number) {
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  },

  /** Every subscription of a person (deactivation), in the caller's transaction. */
  async removeAllOf(userId: number, executor: Executor = db) {
    await executor.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  },

  async markPushed(ids: readonly number[], time: number) {
    if (ids.length === 0) return;
    await db.updateTable('push_subscriptions').set({ last_pushed_at: time }).where('id', 'in', [...ids]).execute();
  },

  /**
   * Of these people, those with a subscription: one row per subscription with the person's
   * settings and, for a conversation, their level in it (null when they are not a member).
   */
  async audience(userIds: readonly number[], conversationId: number | null) {
    if (userIds.length === 0) return [];
    const rows = await db
      .selectFrom('push_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('conversation_members as m', (join) =>
        join.onRef('m.user_id', '=', 'u.id').on('m.conversation_id', '=', conversationId ?? 0),
      )
      .select([
        's.id',
        's.endpoint',
        's.p256dh',
        's.auth',
        'u.id as user_id',
        'u.is_active',
        'u.dnd_until',
        'u.quiet_hours_from',
        'u.quiet_hours_to',
        'u.quiet_hours_time_zone',
        'u.push_previews',
        'm.notification_level',
      ])
      .where('u.id', 'in', [...userIds])
      .orderBy('s.id')
      .execute();
    return rows.map((row) => ({ ...row, is_active: toBool(row.is_active), push_previews: toBool(row.push_previews) }));
  },

  /** A conversation's name and kind (a personal one is named after the sender in a push). */
  async conversation(conversationId: number) {
    const row = await db.selectFrom('conversations').select(['name', 'is_group']).where('id', '=', conversationId).executeTakeFirst();
    return row && { name: row.name, is_group: toBool(row.is_group) };
  },

  /** What a request's push shows and links to. */
  async requests(requestIds: readonly number[]) {
    if (requestIds.length === 0) return new Map<number, { id: number; reference_id: string; form_type: string }>();
    const rows = await db.selectFrom('form_requests').select(['id', 'reference_id', 'form_type']).where('id', 'in', [...requestIds]).execute();
    return new Map(rows.map((row) => [row.id, row]));
  },

  async displayNames(userIds: readonly number[]) {
    if (userIds.length === 0) return new Map<number, string>();
    const rows = await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', [...userIds]).execute();
    return new Map(rows.map((row) => [row.id, row.display_name]));
  },
});

export type PushRepository = ReturnType<typeof createPushRepository>;
