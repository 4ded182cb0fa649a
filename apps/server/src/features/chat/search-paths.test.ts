/**
 * Message search answers the same whichever way it reads (search.repository.ts): through
 * the word index, or by reading a reader's few messages newest first and testing each one.
 * The same texts and keywords go through both, on each database, and must find the same
 * messages in the same order; a few answers are spelled out so neither path can agree with
 * the other by finding nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/dialect.js';
import { lookupKey } from '../../db/values.js';
import { dialectUnderTest, migrateTestDatabase, openTestDatabase } from '../../test-support/test-server.js';
import { createSearchRepository } from './search.repository.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let dataDir: string;
let readerId: number;
const ids: Record<string, number> = {};
const time = 1_700_000_000_000;

const TEXTS: [name: string, content: string, where?: 'elsewhere' | 'thread' | 'deleted'][] = [
  ['gravel', 'Gravel delivery to Iloilo tomorrow'],
  ['hyphen', 'gravel-delivery, confirmed!'],
  ['accent', 'Peña Hardware sent the quotation'],
  ['po', 'PO-12345 for 40 bags of cement'],
  ['shout', 'Cement, cement, CEMENT'],
  ['email', 'Write to ana.reyes@demo.local about the rebar'],
  ['mention', '@@Ana Reyes@@ salamat po sa tulong'],
  ['thread', 'Gravel truck left at 7:00', 'thread'],
  ['elsewhere', 'Gravel and cement for the board only', 'elsewhere'],
  ['deleted', '', 'deleted'],
];
const KEYWORDS = ['grav', 'GRAVEL deliv', 'pena', 'peña', 'po 123', 'cement', 'reyes', 'salamat po', 'rebar write', 'xyz', '!!!', 'truck 7'];

const insert = async <T extends 'users' | 'conversations'>(table: T, values: Record<string, unknown>) =>
  (await database.db.insertInto(table).values(values as never).returning('id').executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ichat-search-paths-'));
  ({ database, drop } = await openTestDatabase(dataDir));
  await migrateTestDatabase(database);
  const person = (name: string) => ({
    email_address: `${name}@x.test`,
    email_key: lookupKey(`${name}@x.test`),
    username: name,
    username_key: name,
    first_name: name,
    last_name: 'X',
    display_name: name,
    department_id: null,
    password_hash: 'x',
    created_at: time,
    updated_at: time,
  });
  readerId = await insert('users', person('reader'));
  const otherId = await insert('users', person('other'));
  const conversation = (name: string) => ({ name, image: null, is_group: true, personal_key: null, created_by: otherId, last_message_at: time, created_at: time, updated_at: time });
  const yardId = await insert('conversations', conversation('Yard'));
  const boardId = await insert('conversations', conversation('Board'));
  await database.db
    .insertInto('conversation_members')
    .values([
      { conversation_id: yardId, user_id: readerId, joined_at: time },
      { conversation_id: yardId, user_id: otherId, joined_at: time },
      { conversation_id: boardId, user_id: otherId, joined_at: time },
    ])
    .execute();
  for (const [name, content, where] of TEXTS) {
    const row = await database.db
      .insertInto('messages')
      .values({
        conversation_id: where === 'elsewhere' ? boardId : yardId,
        sender_id: otherId,
        content,
        thread_parent_id: where === 'thread' ? ids['gravel']! : null,
        is_deleted: where === 'deleted',
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  }
});
afterAll(async () => {
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

it(`finds the same messages through the index and by reading them through (${dialectUnderTest})`, async () => {
  const throughIndex = createSearchRepository(database.db, database.dialect, { readThroughLimit: 0 });
  const readThrough = createSearchRepository(database.db, database.dialect, { readThroughLimit: 1_000 });
  const found = async (repository: typeof throughIndex, keyword: string, conversationId?: number) =>
    (await repository.searchMessages({ userId: readerId, keyword, conversationId, limit: 50 })).map((hit) => hit.id);

  for (const keyword of KEYWORDS) {
    expect(await found(readThrough, keyword), keyword).toEqual(await found(throughIndex, keyword));
  }
  // Newest first, every word a word start, accents kept, thread replies found, and never
  // the deleted message or the conversation the reader is not in.
  expect(await found(readThrough, 'grav')).toEqual([ids['thread'], ids['hyphen'], ids['gravel']]);
  expect(await found(readThrough, 'GRAVEL deliv')).toEqual([ids['hyphen'], ids['gravel']]);
  expect(await found(readThrough, 'pena')).toEqual([]);
  expect(await found(readThrough, 'peña')).toEqual([ids['accent']]);
  expect(await found(readThrough, 'salamat po')).toEqual([ids['mention']]);
  expect(await found(readThrough, 'cement')).toEqual([ids['shout'], ids['po']]);
  // Reading stops at the limit, newest first.
  expect((await readThrough.searchMessages({ userId: readerId, keyword: 'grav', limit: 2 })).map((hit) => hit.id)).toEqual([ids['thread'], ids['hyphen']]);
});
