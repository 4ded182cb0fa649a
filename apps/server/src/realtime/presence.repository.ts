/** The users-table side of presence: last-online times that outlive a restart. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

export const createPresenceRepository = (db: Kysely<Database>) => ({
  async recordLastOnline(userId: number, time: number) {
    await db.updateTable('users').set({ last_online_at: time }).where('id', '=', userId).execute();
  },

  /** Every active person with the time they were last online (null: never). */
  listActive: () => db.selectFrom('users').select(['id', 'last_online_at']).where('is_active', '=', true).orderBy('id').execute(),

  /** These people, where active, with the time they were last online (null: never). */
  lastOnlineOf: (userIds: readonly number[]) =>
    userIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('users').select(['id', 'last_online_at']).where('id', 'in', [...userIds]).where('is_active', '=', true).orderBy('id').execute(),
});

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
