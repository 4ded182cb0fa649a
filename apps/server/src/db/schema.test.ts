/** The one schema behaves the same on SQLite and PostgreSQL (run under both in CI). */
import { describe, expect, it } from 'vitest';
import { newUserRow } from '../test-support/rows.js';
import { dialectUnderTest, migrateTestDatabase, useTestDatabase } from '../test-support/test-server.js';
import type { DatabaseHandle } from './dialect.js';
import { isUniqueViolation, parseJson, toBool, toJson } from './values.js';

let database: DatabaseHandle;
useTestDatabase({}, (opened, applied) => {
  database = opened;
  expect(applied).toEqual(['0001-initial-schema', '0002-message-search', '0003-administration', '0004-read-paths-at-scale', '0005-notifications-and-edits', '0006-operations']);
});


describe(`schema on ${dialectUnderTest}`, () => {
  it('migrating again applies nothing', async () => {
    expect(await migrateTestDatabase(database)).toEqual([]);
  });

  it('gives increasing numeric ids and numeric epoch-millisecond times', async () => {
    const { db } = database;
    const first = await db.insertInto('users').values(newUserRow('first')).returning('id').executeTakeFirstOrThrow();
    const second = await db.insertInto('users').values(newUserRow('second')).returning('id').executeTakeFirstOrThrow();
    expect(typeof first.id).toBe('number');
    expect(second.id).toBeGreaterThan(first.id);
    const row = await db.selectFrom('users').select(['created_at', 'token_version']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: 1_700_000_000_000, token_version: 0 });
  });

  it('stores booleans written as booleans and reads them back through toBool', async () => {
    const { db } = database;
    const { id } = await db.insertInto('users').values(newUserRow('flags', { admin_access: true })).returning('id').executeTakeFirstOrThrow();
    const row = await db.selectFrom('users').select(['admin_access', 'is_active', 'approval_page']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([toBool(row.admin_access), toBool(row.is_active), toBool(row.approval_page)]).toEqual([true, true, false]);
    const admins = await db.selectFrom('users').select('id').where('admin_access', '=', true).execute();
    expect(admins.map((admin) => admin.id)).toContain(id);
  });

  it('keeps emails and usernames unique case-insensitively through their keys', async () => {
    const { db } = database;
    await db.insertInto('users').values(newUserRow('Unique')).execute();
    const duplicate = db.insertInto('users').values(newUserRow('UNIQUE', { email_address: 'other@example.test', email_key: 'other@example.test' })).execute();
    const error = await duplicate.then(() => null, (caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('holds money as integer centavos beyond 2^31 and JSON payloads on both dialects', async () => {
    const { db } = database;
    const time = Date.now();
    const user = await db.insertInto('users').values(newUserRow('requester')).returning('id').executeTakeFirstOrThrow();
    const form = await db.insertInto('forms').values({ name: 'ePR', type: 'epr', created_at: time }).returning('id').executeTakeFirstOrThrow();
    const payload = { company_id: 1, urgent: true, note: 'Bagong semento — ₱' };
    const request = await db
      .insertInto('form_requests')
      .values({
        form_id: form.id,
        form_type: 'epr',
        reference_id: 'EPR-2026-000001',
        requester_id: user.id,
        payload: toJson(payload),
        total_cost: 98_765_432_101,
        initial_approval_needed_count: 1,
        executive_approval_needed_count: 1,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db.selectFrom('form_requests').select(['total_cost', 'payload', 'status', 'current_level']).where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row.total_cost).toBe(98_765_432_101);
    expect(parseJson(row.payload)).toEqual(payload);
    expect([row.status, row.current_level]).toEqual(['pending', 1]);
  });

  it('enforces the foreign keys and the one-vote-per-approver key', async () => {
    const { db } = database;
    const orphan = await db
      .insertInto('conversation_members')
      .values({ conversation_id: 999_999, user_id: 999_999, joined_at: Date.now() })
      .execute()
      .then(() => 'stored', () => 'refused');
    expect(orphan).toBe('refused');

    const request = await db.selectFrom('form_requests').select('id').executeTakeFirstOrThrow();
    const approver = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const row = { request_id: request.id, approver_id: approver.id, level: 1 };
    await db.insertInto('request_approvers').values(row).execute();
    const again = await db.insertInto('request_approvers').values(row).execute().then(() => null, (caught: unknown) => caught);
    expect(isUniqueViolation(again)).toBe(true);
    const badLevel = await db.insertInto('request_approvers').values({ ...row, level: 3 }).execute().then(() => 'stored', () => 'refused');
    expect(badLevel).toBe('refused');
  });

  it('a conditional update changes a pending vote once, however often it is tried', async () => {
    const { db } = database;
    const vote = () =>
      db
        .updateTable('request_approvers')
        .set({ has_voted: true, approved: true, voted_at: Date.now() })
        .where('level', '=', 1)
        .where('has_voted', '=', false)
        .executeTakeFirst();
    const results = await Promise.all([vote(), vote(), vote()]);
    expect(results.map((result) => Number(result.numUpdatedRows)).sort()).toEqual([0, 0, 1]);
  });
});
