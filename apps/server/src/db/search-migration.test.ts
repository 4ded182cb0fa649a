/**
 * Migration 0002 on a database that already holds messages: the full-text index is built
 * from them, and afterwards follows every insert and every blanked (deleted) text.
 */
import { expect, it } from 'vitest';
import { createSearchRepository } from '../features/chat/search.repository.js';
import { dialectUnderTest, migrateTestDatabase, useTestDatabase } from '../test-support/test-server.js';
import type { DatabaseHandle } from './dialect.js';
import { lookupKey } from './values.js';

let database: DatabaseHandle;
let userId: number;
let conversationId: number;
const time = 1_700_000_000_000;

const insertMessage = async (content: string) =>
  (
    await database.db
      .insertInto('messages')
      .values({ conversation_id: conversationId, sender_id: userId, content, is_deleted: false, created_at: time, updated_at: time })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

useTestDatabase({ migratedTo: '0001-initial-schema' }, async (opened) => {
  database = opened;
  const { db } = database;
  userId = (
    await db
      .insertInto('users')
      .values({
        email_address: 'old@example.test',
        email_key: lookupKey('old@example.test'),
        username: 'old',
        username_key: 'old',
        first_name: 'Old',
        last_name: 'Timer',
        display_name: 'Old Timer',
        department_id: null,
        password_hash: 'x',
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  conversationId = (
    await db
      .insertInto('conversations')
      .values({ name: 'Archive', image: null, is_group: true, personal_key: null, created_by: userId, last_message_at: time, created_at: time, updated_at: time })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('conversation_members')
    .values({ conversation_id: conversationId, user_id: userId, is_admin: true, is_muted: false, is_pinned: false, last_read_message_id: 0, joined_at: time })
    .execute();
  await insertMessage('Hollow blocks shipped to Iloilo');
});

it(`builds the index from messages stored before it, then keeps it in step (${dialectUnderTest})`, async () => {
  expect(await migrateTestDatabase(database)).toEqual(['0002-message-search', '0003-administration', '0004-read-paths-at-scale', '0005-notifications-and-edits', '0006-operations']);
  const search = createSearchRepository(database.db, database.dialect);
  const find = async (keyword: string) => (await search.searchMessages({ userId, keyword, limit: 10 })).map((hit) => hit.content);

  expect(await find('iloilo')).toEqual(['Hollow blocks shipped to Iloilo']);
  const later = await insertMessage('Iloilo warehouse inventory');
  expect(await find('ilo')).toHaveLength(2);
  await database.db.updateTable('messages').set({ content: '', is_deleted: true }).where('id', '=', later).execute();
  expect(await find('inventory')).toEqual([]);
  // Nobody else finds anything: the membership is part of the query.
  expect(await search.searchMessages({ userId: userId + 1000, keyword: 'iloilo', limit: 10 })).toEqual([]);
});
