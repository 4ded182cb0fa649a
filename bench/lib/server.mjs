// Starts the built server (apps/server/dist/main.js) as its own process on a fresh database,
// the way an operator runs it, and reads what it costs from /proc.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { root } from './results.mjs';

/**
 * Whose built server runs: this checkout's, or another's (BENCH_SERVER_ROOT=/path/to/checkout)
 * to measure an earlier version against this one in the same sitting.
 */
export const serverRoot = process.env.BENCH_SERVER_ROOT ?? root;

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** A PostgreSQL database of its own, dropped again by `drop()`. */
export const freshPostgresDatabase = async () => {
  const name = `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc. */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

/** Resident memory of a process in bytes, from /proc. */
export const rssBytes = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
};

export const waitForReady = async (base, timeoutMs = 120_000) => {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server at ${base} did not become ready`);
};

/**
 * Starts one server process. `env` adds to (or overrides) the environment; `cpuProfDir`
 * writes a V8 CPU profile there when the process exits.
 */
export const startServer = async ({ env = {}, dataDir, cpuProfDir, nodeArgs = [], port, checkout = serverRoot } = {}) => {
  const ownDataDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'ichat-bench-'));
  const listenPort = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenPort}`;
  const started = performance.now();
  const args = [...nodeArgs, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), path.join(checkout, 'apps/server/dist/main.js')];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dir,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      REMINDER_INTERVAL_MS: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([waitForReady(base), exited.then((code) => Promise.reject(new Error(`the server exited with ${code}`)))]);
  return {
    base,
    port: listenPort,
    pid: child.pid,
    dataDir: dir,
    startupMs: performance.now() - started,
    cpuSeconds: () => cpuSeconds(child.pid),
    rssBytes: () => rssBytes(child.pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (ownDataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Signs in and answers the Authorization header, the token and the user. */
export const signIn = async (base, username, password = 'demo1234') => {
  const response = await fetch(`${base}/api/v1/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { headers: { authorization: `Bearer ${body.token}` }, token: body.token, user: body.userDetails };
};
