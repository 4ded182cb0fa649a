/**
 * Migration 0003 on a database that already holds forms and requests: each form's rule
 * becomes one band for every amount with the same approvers and counts, and a pending
 * request counts its wait at its level from when it last changed.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { dialectUnderTest, migrateTestDatabase, useTestDatabase } from '../test-support/test-server.js';
import type { DatabaseHandle } from './dialect.js';

let database: DatabaseHandle;
const time = 1_700_000_000_000;

useTestDatabase({ migratedTo: '0002-message-search' }, async (opened) => {
  database = opened;
  // Written as 0002 left them: the rule tables are gone from today's types.
  const run = (query: ReturnType<typeof sql>) => query.execute(database.db);
  for (const [id, username] of [
    [1, 'ana'],
    [2, 'jose'],
    [3, 'carmen'],
  ] as const) {
    await run(sql`insert into users (email_address, email_key, username, username_key, first_name, last_name, display_name, password_hash, created_at, updated_at)
      values (${`${username}@x.test`}, ${`${username}@x.test`}, ${username}, ${username}, ${username}, 'X', ${username}, 'x', ${time}, ${time})`);
    expect(id).toBeGreaterThan(0);
  }
  await run(sql`insert into forms (name, type, created_at) values ('Purchase', 'epr', ${time})`);
  await run(sql`insert into approval_rules (form_id, initial_approval_needed_count, executive_approval_needed_count, updated_at) values (1, 1, 1, ${time})`);
  await run(sql`insert into approval_rule_approvers (form_id, level, user_id) values (1, 1, 1), (1, 1, 2), (1, 2, 3)`);
  await run(sql`insert into form_requests (form_id, form_type, reference_id, requester_id, payload, initial_approval_needed_count, executive_approval_needed_count, created_at, updated_at)
    values (1, 'epr', 'EPR-2026-000001', 3, '{}', 1, 1, ${time}, ${time + 5})`);
});

it(`turns each form's rule into one open band with the same approvers (${dialectUnderTest})`, async () => {
  expect(await migrateTestDatabase(database)).toEqual(['0003-administration', '0004-read-paths-at-scale', '0005-notifications-and-edits', '0006-operations']);
  const { db } = database;
  const bands = await db.selectFrom('approval_bands').selectAll().execute();
  expect(bands).toHaveLength(1);
  expect(bands[0]).toMatchObject({ form_id: 1, position: 0, min_total: 0, max_total: null, initial_needed: 1, executive_needed: 1 });
  const approvers = await db.selectFrom('approval_band_approvers').select(['level', 'user_id']).orderBy('id').execute();
  expect(approvers).toEqual([
    { level: 1, user_id: 1 },
    { level: 1, user_id: 2 },
    { level: 2, user_id: 3 },
  ]);
  const request = await db.selectFrom('form_requests').select(['level_started_at', 'copied_from_id']).executeTakeFirstOrThrow();
  expect(request).toEqual({ level_started_at: time + 5, copied_from_id: null });
  const user = await db.selectFrom('users').select(['must_change_password', 'login_unlocked_at']).executeTakeFirstOrThrow();
  expect(Boolean(user.must_change_password)).toBe(false);
  expect(user.login_unlocked_at).toBe(0);
});
