/**
 * Migration 0004 on a database that already holds messages and votes: the unread index takes
 * the place of (conversation_id, id), a count above a cursor reads that index alone, the
 * stand-in index serves a lookup by voted_by, and the rows are untouched.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { dialectUnderTest, migrateTestDatabase, useTestDatabase } from '../test-support/test-server.js';
import type { DatabaseHandle } from './dialect.js';

let database: DatabaseHandle;
const time = 1_700_000_000_000;

const run = (query: ReturnType<typeof sql>) => query.execute(database.db);

useTestDatabase({ migratedTo: '0003-administration' }, async (opened) => {
  database = opened;
  for (const name of ['ana', 'jose']) {
    await run(sql`insert into users (email_address, email_key, username, username_key, first_name, last_name, display_name, password_hash, created_at, updated_at)
      values (${`${name}@x.test`}, ${`${name}@x.test`}, ${name}, ${name}, ${name}, 'X', ${name}, 'x', ${time}, ${time})`);
  }
  await run(sql`insert into conversations (name, is_group, created_by, last_message_at, created_at, updated_at) values ('Yard', ${true}, 1, ${time}, ${time}, ${time})`);
  await run(sql`insert into conversation_members (conversation_id, user_id, last_read_message_id, joined_at) values (1, 1, 0, ${time}), (1, 2, 0, ${time})`);
  for (const [sender, content] of [
    [1, 'Gravel for the yard'],
    [2, 'Noted'],
    [2, 'Delivered'],
  ] as const) {
    await run(sql`insert into messages (conversation_id, sender_id, content, created_at, updated_at) values (1, ${sender}, ${content}, ${time}, ${time})`);
  }
  await run(sql`insert into forms (name, type, created_at) values ('Purchase', 'epr', ${time})`);
  await run(sql`insert into form_requests (form_id, form_type, reference_id, requester_id, payload, initial_approval_needed_count, executive_approval_needed_count, created_at, updated_at)
    values (1, 'epr', 'EPR-2026-000001', 1, '{}', 1, 0, ${time}, ${time})`);
  await run(sql`insert into request_approvers (request_id, approver_id, level, has_voted, approved, voted_by) values (1, 2, 1, ${true}, ${true}, 1)`);
});

/** The plan of a query, one line per step, with the planner kept off whole-table scans (PostgreSQL prefers them on tiny tables). */
const planOf = async (query: string, parameters: number[]): Promise<string> => {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`${sql.raw(`explain query plan ${query.replace(/\?/g, () => String(parameters.shift()))}`)}`.execute(database.db);
    return rows.map((row) => row.detail).join('\n');
  }
  // Statistics and the visibility map, as autovacuum keeps them: an index-only scan needs both.
  await sql`vacuum analyze messages`.execute(database.db);
  await sql`vacuum analyze request_approvers`.execute(database.db);
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`${sql.raw(`explain ${query.replace(/\?/g, () => String(parameters.shift()))}`)}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
};

it(`replaces the conversation index with the unread one and indexes stand-in votes (${dialectUnderTest})`, async () => {
  expect(await migrateTestDatabase(database)).toEqual(['0004-read-paths-at-scale', '0005-notifications-and-edits', '0006-operations']);
  const indexes =
    database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(database.db)).rows.map((row) => row.name)
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(database.db)).rows.map((row) => row.name);
  expect(indexes).toEqual(expect.arrayContaining(['messages_unread', 'request_approvers_voted_by']));
  expect(indexes).not.toContain('messages_conversation_id');

  // Ana's unread count above her cursor, from the index alone.
  const unread = await planOf(
    `select count(*) from messages where conversation_id = ? and id > ? and sender_id <> ? and is_deleted = ${database.dialect === 'sqlite' ? 0 : 'false'}`,
    [1, 0, 1],
  );
  expect(unread).toMatch(database.dialect === 'sqlite' ? /COVERING INDEX messages_unread/ : /Index Only Scan using messages_unread/);
  const counted = await sql<{ n: number }>`select count(*) as n from messages where conversation_id = 1 and id > 0 and sender_id <> 1`.execute(database.db);
  expect(Number(counted.rows[0]?.n)).toBe(2);
  expect(await planOf('select request_id from request_approvers where voted_by = ?', [1])).toMatch(/request_approvers_voted_by/);
  const seats = await database.db.selectFrom('request_approvers').select(['request_id', 'approver_id', 'voted_by']).execute();
  expect(seats).toEqual([{ request_id: 1, approver_id: 2, voted_by: 1 }]);
});
