/**
 * Migration 0005 on a database that already holds people, conversations and messages: every
 * member hears everything of every conversation, every person has no do-not-disturb, no quiet
 * hours, Manila as their zone and previews on, no message reads as edited; push endpoints are
 * unique and belong to a person.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { dialectUnderTest, migrateTestDatabase, useTestDatabase } from '../test-support/test-server.js';
import type { DatabaseHandle } from './dialect.js';
import { isUniqueViolation, toBool } from './values.js';

let database: DatabaseHandle;
const time = 1_700_000_000_000;

useTestDatabase({ migratedTo: '0004-read-paths-at-scale' }, async (opened) => {
  database = opened;
  // Written as 0003 left them: the new columns are not there yet.
  const run = (query: ReturnType<typeof sql>) => query.execute(database.db);
  for (const username of ['ana', 'ben']) {
    await run(sql`insert into users (email_address, email_key, username, username_key, first_name, last_name, display_name, password_hash, created_at, updated_at)
      values (${`${username}@x.test`}, ${`${username}@x.test`}, ${username}, ${username}, ${username}, 'X', ${username}, 'x', ${time}, ${time})`);
  }
  await run(sql`insert into conversations (name, is_group, created_by, last_message_at, created_at, updated_at) values ('Yard', ${sql.lit(dialectUnderTest === 'postgres' ? true : 1)}, 1, ${time}, ${time}, ${time})`);
  await run(sql`insert into conversation_members (conversation_id, user_id, joined_at) values (1, 1, ${time}), (1, 2, ${time})`);
  await run(sql`insert into messages (conversation_id, sender_id, content, created_at, updated_at) values (1, 1, 'gravel at 9', ${time}, ${time})`);
});

it(`gives what was there the defaults and adds the new tables (${dialectUnderTest})`, async () => {
  expect(await migrateTestDatabase(database)).toEqual(['0005-notifications-and-edits', '0006-operations']);
  const { db } = database;
  const members = await db.selectFrom('conversation_members').select('notification_level').execute();
  expect(members.map((member) => member.notification_level)).toEqual(['all', 'all']);
  const user = await db
    .selectFrom('users')
    .select(['dnd_until', 'quiet_hours_from', 'quiet_hours_to', 'quiet_hours_time_zone', 'push_previews'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  expect({ ...user, push_previews: toBool(user.push_previews) }).toEqual({
    dnd_until: null,
    quiet_hours_from: null,
    quiet_hours_to: null,
    quiet_hours_time_zone: 'Asia/Manila',
    push_previews: true,
  });
  expect(await db.selectFrom('messages').select(['content', 'edited_at']).executeTakeFirstOrThrow()).toEqual({ content: 'gravel at 9', edited_at: null });

  await db.insertInto('message_versions').values({ message_id: 1, content: 'gravel at 8', written_at: time, replaced_at: time + 1 }).execute();
  expect(await db.selectFrom('message_versions').select(['content', 'written_at', 'replaced_at']).execute()).toEqual([
    { content: 'gravel at 8', written_at: time, replaced_at: time + 1 },
  ]);
});

it('refuses a level it does not know, a second row for one endpoint and a subscription of nobody', async () => {
  const { db } = database;
  const badLevel = await db
    .updateTable('conversation_members')
    .set({ notification_level: 'loud' })
    .execute()
    .then(() => 'stored', () => 'refused');
  expect(badLevel).toBe('refused');

  const subscription = { user_id: 1, endpoint: 'https://push.example.test/a', p256dh: 'key', auth: 'secret', created_at: time };
  await db.insertInto('push_subscriptions').values(subscription).execute();
  const again = await db
    .insertInto('push_subscriptions')
    .values({ ...subscription, user_id: 2 })
    .execute()
    .then(() => null, (caught: unknown) => caught);
  expect(isUniqueViolation(again)).toBe(true);
  const orphan = await db
    .insertInto('push_subscriptions')
    .values({ ...subscription, endpoint: 'https://push.example.test/b', user_id: 999_999 })
    .execute()
    .then(() => 'stored', () => 'refused');
  expect(orphan).toBe('refused');
});
