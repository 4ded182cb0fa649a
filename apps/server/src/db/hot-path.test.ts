/**
 * What the message path relies on below the features (docs/DESIGN.md, "The send path"):
 * queries compiled once bind each call's own values, on both databases; on SQLite, the
 * statement cache and the WAL checkpoint worker.
 */
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newUserRow } from '../test-support/rows.js';
import { dialectUnderTest, migrateTestDatabase, useTestDatabase } from '../test-support/test-server.js';
import { compileOnce } from './compile-once.js';
import { openDatabase, type DatabaseHandle } from './dialect.js';
import { CHECKPOINT_INTERVAL_MS, FALLBACK_CHECKPOINT_PAGES } from './sqlite-checkpointer.js';

let database: DatabaseHandle;
useTestDatabase({}, (opened) => {
  database = opened;
});


describe(`queries compiled once, on ${dialectUnderTest}`, () => {
  it('bind each call’s own values, inside a transaction too, and a boolean as the database wants it', async () => {
    const { db } = database;
    const ids: number[] = [];
    for (const name of ['ana', 'ben', 'cas']) ids.push((await db.insertInto('users').values(newUserRow(name)).returning('id').executeTakeFirstOrThrow()).id);
    const byId = compileOnce(db, 2, (query, id: number, active: boolean) =>
      query.selectFrom('users').select(['id', 'username']).where('id', '=', id).where('is_active', '=', active),
    );
    expect((await byId(db, ids[1]!, true)).rows).toEqual([{ id: ids[1], username: 'ben' }]);
    expect((await byId(db, ids[2]!, true)).rows).toEqual([{ id: ids[2], username: 'cas' }]);
    expect((await byId(db, ids[2]!, false)).rows).toEqual([]);

    const rename = compileOnce(db, 2, (query, name: string, id: number) => query.updateTable('users').set({ display_name: name }).where('id', '=', id));
    await db.transaction().execute(async (trx) => {
      expect(Number((await rename(trx, 'Ana Bee', ids[0]!)).numAffectedRows)).toBe(1);
    });
    expect((await db.selectFrom('users').select('display_name').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).display_name).toBe('Ana Bee');
  });

  it('refuse a query that does not bind one of its arguments', () => {
    // The types refuse it too (the arity is the builder's argument count); this is the check at run time.
    const arity = 2 as 1;
    expect(() => compileOnce(database.db, arity, (query, id: number) => query.selectFrom('users').select('id').where('id', '=', id))).toThrow(
      /does not bind each of its 2 arguments/,
    );
  });
});

const describeSqlite = dialectUnderTest === 'sqlite' ? describe : describe.skip;

describeSqlite('SQLite under a steady write load', () => {
  it('keeps prepared statements by their SQL: each run binds its own values, and texts beyond the cache still run', async () => {
    const { db } = database;
    const names = (await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute()).slice(0, 3);
    for (const { id, username } of [...names, ...names]) {
      expect((await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username).toBe(username);
    }
    // `in (…)` lists of 1 to 1 100 ids: more distinct texts than the cache keeps.
    const ids = names.map((row) => row.id);
    for (let length = 1; length <= 1100; length += 1) {
      const list = Array.from({ length }, (_, index) => ids[index % ids.length]!);
      expect((await db.selectFrom('users').select('id').where('id', 'in', list).execute()).length).toBe(Math.min(length, ids.length));
    }
    // A stream holds its statement while it steps; the same text runs again once it is done.
    const query = db.selectFrom('users').select('username').where('id', 'in', ids).orderBy('id');
    const streamed: string[] = [];
    for await (const row of query.stream()) streamed.push(row.username);
    expect(streamed).toEqual(names.map((row) => row.username));
    expect((await query.execute()).map((row) => row.username)).toEqual(streamed);
  });

  it('checkpoints the WAL from a worker thread while the server writes, never on the writer’s own thread', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ichat-checkpoint-'));
    const file = path.join(dir, 'checkpoint.sqlite');
    const problems: string[] = [];
    const handle = openDatabase({ sqliteFile: file, checkpointInWorker: true, onProblem: (problem) => problems.push(problem) });
    try {
      await migrateTestDatabase(handle);
      const { db } = handle;
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 3));
      const fileBefore = statSync(file).size;
      // Far fewer pages than FALLBACK_CHECKPOINT_PAGES: the writer's connection never checkpoints
      // them itself, so only the worker can have copied them into the database file.
      for (let batch = 0; batch < 20; batch += 1) {
        await db.transaction().execute(async (trx) => {
          for (let n = 0; n < 50; n += 1) await trx.insertInto('users').values(newUserRow(`u${batch}x${n}`)).execute();
        });
      }
      const walFrames = Math.ceil(statSync(`${file}-wal`).size / 4096);
      expect(walFrames).toBeLessThan(FALLBACK_CHECKPOINT_PAGES);
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 3));
      expect(statSync(file).size).toBeGreaterThan(fileBefore);
      const { count } = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(1000);
      expect(problems).toEqual([]);
    } finally {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
