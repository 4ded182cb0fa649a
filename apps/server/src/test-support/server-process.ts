/**
 * The built server (apps/server/dist/main.js) as a real process, as an operator runs it: for
 * what only the process shows (signals, ports, a crash and a restart on the same data). On
 * SQLite in a new data directory by default; `databaseForProcess` gives it a PostgreSQL
 * schema of its own when DATABASE_URL is set. Call buildServer() (build-server.ts) first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isPostgresUrl } from '../db/dialect.js';
import { repositoryRoot } from './build-server.js';
import { freePort, sleep } from './net.js';
import { createPostgresSchema, databaseUrl, withSchemaLock } from './test-server.js';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  exited: Promise<number | null>;
  dataDir: string;
  /** The process's last 300 lines of output (both streams), for failure messages. */
  output: string[];
  /** The environment it was started with over the defaults, to start it again alike. */
  env: Record<string, string>;
}

export interface ServerProcessOptions {
  /** Start on this data directory (a restart on the same data); a new one by default. */
  dataDir?: string;
  /** Listen on this port (a restart where the clients already point); a free one by default. */
  port?: number;
  readyTimeoutMs?: number;
}

/** Answers the readiness status, or 0 when nothing answers. */
export const readiness = (url: string): Promise<number> =>
  fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    () => 0,
  );

/**
 * Starts the process with `env` over the defaults and resolves once its /readyz answers 200.
 * On PostgreSQL it migrates at start: no other test file may drop a schema meanwhile.
 */
export const startServerProcess = (env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> =>
  isPostgresUrl(env['DATABASE_URL']) ? withSchemaLock('shared', () => spawnServer(env, options)) : spawnServer(env, options);

const spawnServer = async (env: Record<string, string>, options: ServerProcessOptions): Promise<ServerProcess> => {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ichat-process-')));
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(repositoryRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REMINDER_INTERVAL_MS: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 300) output.splice(0, output.length - 300);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 45_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if ((await readiness(url)) === 200) return { child, port, url, exited, dataDir, output, env };
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready (exit ${child.exitCode}):\n${output.join('\n')}`);
};

/** Starts the same server again: its data directory, port and environment. */
export const restartServerProcess = (previous: ServerProcess, options: Pick<ServerProcessOptions, 'readyTimeoutMs'> = {}) =>
  startServerProcess(previous.env, { ...options, dataDir: previous.dataDir, port: previous.port });

/** Stops the process with `signal`, then SIGKILL after `graceMs`; answers its exit code. */
export const stopServerProcess = async (server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 12_000) => {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill(signal);
    const late = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
    await server.exited;
    clearTimeout(late);
  }
  return server.exited;
};

/**
 * The database for a server process: SQLite in its data directory, or (DATABASE_URL set) a
 * new PostgreSQL schema, which travels in DATABASE_URL as libpq's `options=-c
 * search_path=…`. `drop` removes the schema afterwards.
 */
export const databaseForProcess = async (): Promise<{ env: Record<string, string>; drop: () => Promise<void>; dialect: 'sqlite' | 'postgres' }> => {
  if (!isPostgresUrl(databaseUrl)) return { env: {}, drop: async () => {}, dialect: 'sqlite' };
  const { schema, drop } = await createPostgresSchema(databaseUrl);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { env: { DATABASE_URL: url.toString() }, drop, dialect: 'postgres' };
};
