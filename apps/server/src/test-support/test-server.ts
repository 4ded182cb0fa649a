/**
 * A real server for integration tests: real HTTP on a loopback port, a real database
 * (SQLite in a temporary directory, or a fresh PostgreSQL schema when DATABASE_URL is set),
 * and the demo organisation unless a test asks for an empty database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { RedisClientType } from 'redis';
import { buildApp } from '../app.js';
import type { LoginLimits } from '../auth/login-limiter.js';
import { loadConfig, SQLITE_FILE_NAME, type Config } from '../config.js';
import { isPostgresUrl, openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { migrationsFor } from '../db/migrations/index.js';
import { createMetrics } from '../metrics/metrics.js';
import { startMetricsServer } from '../metrics/metrics-server.js';
import { seedDemoOrganisation } from '../seed/seed.js';

export const DEMO_PASSWORD = 'demo1234';
export const databaseUrl = process.env['DATABASE_URL'];
export const dialectUnderTest = isPostgresUrl(databaseUrl) ? 'postgres' : 'sqlite';

/**
 * Test files run side by side, each in its own PostgreSQL schema of one database. Kysely's
 * migrator reads the catalog of every schema (has_schema_privilege on each), which fails
 * when another file drops its schema at that moment. So migrations hold this advisory lock
 * shared and schema drops hold it exclusively. The lock ends with the session.
 */
const SCHEMA_LOCK_KEY = 7_340_001;

export const withSchemaLock = async <T,>(mode: 'shared' | 'exclusive', run: () => Promise<T>): Promise<T> => {
  if (!isPostgresUrl(databaseUrl)) return run();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    return await run();
  } finally {
    await client.end();
  }
};

/** Migrates a test database without racing another file's schema drop. */
export const migrateTestDatabase = (database: DatabaseHandle) => withSchemaLock('shared', () => migrateToLatest(database));

export interface ApiResponse<Body = Record<string, unknown>> {
  status: number;
  body: Body;
  headers: Headers;
}

export interface RequestOptions {
  token?: string | undefined;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  baseUrl: string;
  /** `http://127.0.0.1:<METRICS_PORT>` when the test set METRICS_PORT, as main.ts serves it. */
  metricsUrl: string | undefined;
  request<Body = Record<string, unknown>>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<Body>>;
  /** Signs in and returns the token. */
  login(username: string, password?: string, rememberMe?: boolean): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  seed?: boolean;
  env?: Record<string, string>;
  redis?: RedisClientType;
  /** Servers given the same prefix share their Redis state, as processes of one deployment do. */
  redisKeyPrefix?: string;
  loginLimits?: Partial<LoginLimits>;
  /** Start on this data directory as it is (a restored backup) instead of a new one; it is removed on close. */
  dataDir?: string;
  /** PostgreSQL: work in this database and schema as they are (a restored backup) instead of a new schema. */
  postgres?: { url: string; schema: string };
}

export const createPostgresSchema = async (url: string): Promise<{ schema: string; drop: () => Promise<void> }> => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    drop: () =>
      withSchemaLock('exclusive', async () => {
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop schema if exists ${schema} cascade`);
        await dropper.end();
      }),
  };
};

/** A database for a test: the server's SQLite file in `dataDir`, or a new PostgreSQL schema (dropped by `drop`). */
export const openTestDatabase = async (dataDir: string, { onQuery }: Pick<DatabaseOptions, 'onQuery'> = {}) => {
  if (isPostgresUrl(databaseUrl)) {
    const { schema, drop } = await createPostgresSchema(databaseUrl);
    const database = openDatabase({ databaseUrl, sqliteFile: '', postgresSchema: schema, postgresPoolSize: 5, onQuery });
    return { database, drop };
  }
  const database = openDatabase({ sqliteFile: path.join(dataDir, SQLITE_FILE_NAME), onQuery });
  return { database, drop: async () => {} };
};

export const startTestServer = async (options: TestServerOptions = {}): Promise<TestServer> => {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ichat-test-')));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // As main.ts: metrics are kept only when METRICS_PORT is set, queries timed through the database's log.
  const metrics = config.metricsPort === undefined ? undefined : createMetrics();
  const { database, drop } = options.postgres
    ? {
        database: openDatabase({ databaseUrl: options.postgres.url, sqliteFile: '', postgresSchema: options.postgres.schema, postgresPoolSize: 5, onQuery: metrics?.queryLogged }),
        drop: async () => {},
      }
    : await openTestDatabase(dataDir, { onQuery: metrics?.queryLogged });
  let app: FastifyInstance;
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  try {
    await migrateTestDatabase(database);
    if (options.seed !== false) await seedDemoOrganisation(database.db, DEMO_PASSWORD);
    app = await buildApp({
      config,
      database,
      redis: options.redis,
      redisKeyPrefix: options.redisKeyPrefix ?? `ichat:test:${randomBytes(4).toString('hex')}`,
      loginLimits: options.loginLimits,
      metrics,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    if (metrics && config.metricsPort !== undefined) {
      metricsServer = await startMetricsServer(metrics, { port: config.metricsPort, host: '127.0.0.1', onError: (error) => app.log.error(error) });
    }
  } catch (error) {
    // A failed start must not leave a schema or a directory behind.
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no port.');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const request = async <Body,>(method: string, url: string, opts: RequestOptions = {}): Promise<ApiResponse<Body>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    } else if (opts.rawBody !== undefined) {
      body = opts.rawBody;
    }
    const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: keep the text for the assertion to show
    }
    return { status: response.status, body: parsed as Body, headers: response.headers };
  };

  return {
    app,
    config,
    database,
    baseUrl,
    metricsUrl: metricsServer ? `http://127.0.0.1:${metricsServer.port}` : undefined,
    request,
    async login(username, password = DEMO_PASSWORD, rememberMe = false) {
      const response = await request<{ token?: string; message?: string }>('POST', '/api/v1/accounts/login', {
        json: { username, password, rememberMe },
      });
      if (response.status !== 200 || !response.body.token) {
        throw new Error(`login as ${username} failed: ${response.status} ${response.body.message ?? ''}`);
      }
      return response.body.token;
    },
    async close() {
      // A test is over: connections a client left open (a body never read) go at once.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await metricsServer?.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * One server for a test file: started before the file's tests, closed after them. Call it at
 * the top of the file; the answer stands for the server once it has started.
 */
export const useTestServer = (options: TestServerOptions = {}): TestServer => {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(options);
  }, 60_000);
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestServer, {
    get: (_target, key: keyof TestServer) => {
      if (!current) throw new Error('The test server has not started yet: use it inside a test or a beforeAll.');
      const value = current[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
};

/** Migrates a test database up to (and including) one migration, to test the ones after it. */
export const migrateTestDatabaseTo = (database: DatabaseHandle, last: string) =>
  withSchemaLock('shared', async () => {
    const migrator = new Migrator({
      db: database.db,
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      provider: { getMigrations: async () => migrationsFor(database.dialect) },
    });
    const { error } = await migrator.migrateTo(last);
    if (error) throw error;
  });

/**
 * A test file's own database, migrated to the latest or, for a migration's own test, up to
 * `migratedTo` and no further; handed to `setUp` (with the migrations applied) before the
 * file's tests, to write rows as a migration found them; closed and removed after them.
 */
export const useTestDatabase = (
  { migratedTo }: { migratedTo?: string },
  setUp: (database: DatabaseHandle, applied: string[]) => Promise<void> | void,
) => {
  let database: DatabaseHandle | undefined;
  let drop = async () => {};
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ichat-db-'));
    ({ database, drop } = await openTestDatabase(dataDir));
    if (migratedTo === undefined) await setUp(database, await migrateTestDatabase(database));
    else {
      await migrateTestDatabaseTo(database, migratedTo);
      await setUp(database, []);
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
};
