/**
 * Database selection: PostgreSQL when DATABASE_URL is a postgres:// address, otherwise an
 * embedded SQLite file in DATA_DIR (WAL mode). Everything dialect-specific about opening a
 * connection lives here.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './sqlite-checkpointer.js';
import type { Database } from './tables.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The PostgreSQL schema in use, when not the default search path. */
  schema?: string | undefined;
  /** A cheap round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** SQLite file, used when databaseUrl is not set. */
  sqliteFile: string;
  /** PostgreSQL schema to work in (tests isolate themselves with one schema each). */
  postgresSchema?: string | undefined;
  postgresPoolSize?: number;
  /**
   * SQLite: checkpoint the WAL from a worker thread instead of on the committing request
   * (db/sqlite-checkpointer.ts). The server does; short-lived tools and tests need not.
   */
  checkpointInWorker?: boolean;
  /** Where a problem in the background is reported: SQLite's checkpoint, a lost PostgreSQL connection. */
  onProblem?: (problem: string) => void;
  /** Told of every query with its duration (Kysely's `log`): the metrics' query histogram. */
  onQuery?: ((event: LogEvent) => void) | undefined;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/**
 * better-sqlite3 refuses to bind JavaScript booleans. Binding them as 1/0 here lets every
 * query be written once, with booleans, for both databases.
 */
const bindableForSqlite = (parameters: ReadonlyArray<unknown>): unknown[] =>
  parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs about as much as
 * running (bench/RESULTS.md, "Live fan-out"). The adapter keeps the most recently used
 * statements by their SQL text, so a hot query is prepared once. Queries with `in (…)` lists
 * of many lengths make many texts; the least recently used fall out.
 */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * SQLite rolls a transaction back by itself when a statement in it fails with SQLITE_FULL,
 * SQLITE_IOERR, SQLITE_BUSY or SQLITE_NOMEM; Kysely's ROLLBACK after that fails with "cannot
 * rollback - no transaction is active", which would replace the error that says what went
 * wrong (a full disk: 507) with one that says nothing (500). Nothing is left to roll back
 * then, so the ROLLBACK does nothing.
 */
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;
const nothingToRollBack = { reader: false, all: () => [], run: () => ({ changes: 0, lastInsertRowid: 0 }), iterate: () => [][Symbol.iterator]() };

const sqliteAdapter = (database: SqliteDatabase.Database): KyselySqliteDatabase => {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const statementFor = (sqlText: string) => {
    const cached = statements.get(sqlText);
    // A statement still stepping through an iterator cannot run again until it is done.
    if (cached && !cached.busy) {
      statements.delete(sqlText);
      statements.set(sqlText, cached);
      return cached;
    }
    const statement = database.prepare(sqlText);
    if (cached) return statement;
    statements.set(sqlText, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    return statement;
  };
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sqlText) => {
      if (!database.inTransaction && ROLLBACK.test(sqlText)) return nothingToRollBack;
      const statement = statementFor(sqlText);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(...bindableForSqlite(parameters)),
        run: (parameters) => statement.run(...bindableForSqlite(parameters)),
        iterate: (parameters) => statement.iterate(...bindableForSqlite(parameters)),
      };
    },
  };
};

/** Closing twice is harmless: shutdown paths and tests may both close. */
const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
};

const openSqlite = (file: string, options: Pick<DatabaseOptions, 'checkpointInWorker' | 'onProblem' | 'onQuery'>): DatabaseHandle => {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const checkpointer = options.checkpointInWorker ? startCheckpointer(database, file, options.onProblem) : undefined;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqliteAdapter(database) }), ...(options.onQuery ? { log: options.onQuery } : {}) });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      database.prepare('select 1').get();
    },
    close: once(async () => {
      await checkpointer?.stop();
      await db.destroy();
    }),
  };
};

const openPostgres = (
  url: string,
  schema: string | undefined,
  poolSize: number,
  { onQuery, onProblem = () => undefined }: Pick<DatabaseOptions, 'onQuery' | 'onProblem'>,
): DatabaseHandle => {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // int8 (ids, times, centavos, counts) and numeric (sums) as numbers, as SQLite gives them.
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === PG_INT8 || oid === PG_NUMERIC
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A connection that PostgreSQL ends (a restart, an administrator's terminate) emits
  // 'error': from an idle client through the pool, from a checked-out one between queries
  // on the client itself. Unheard, either stops the process (an 'error' event without a
  // listener throws); heard, the pool drops the connection and opens a new one when asked,
  // and the calls meanwhile are answered 503 (db/failures.ts).
  const report = (error: Error) => onProblem(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(onQuery ? { log: onQuery } : {}) });
  return {
    db,
    dialect: 'postgres',
    schema,
    ping: async () => {
      await pool.query('select 1');
    },
    close: once(() => db.destroy()),
  };
};

export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//i.test(url);

export const openDatabase = (options: DatabaseOptions): DatabaseHandle =>
  isPostgresUrl(options.databaseUrl)
    ? openPostgres(options.databaseUrl, options.postgresSchema, options.postgresPoolSize ?? 10, options)
    : openSqlite(options.sqliteFile, options);
