/**
 * Stopping and starting the machine's own PostgreSQL and Redis, for the fault tests that
 * restart them (faults/postgres-restart.test.ts, faults/redis-restart.test.ts). Only where
 * they are this machine's services (an address on loopback, run as root, the Debian tools
 * on PATH); otherwise a reason to skip. Whatever happens, `ensure…Running` starts them again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { sleep } from './net.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'pipe', encoding: 'utf8', timeout: 60_000 });

const onPath = (command: string) => ['/usr/bin', '/usr/local/bin', '/usr/sbin', '/bin'].some((dir) => existsSync(`${dir}/${command}`));

/** Why this machine's service at `url` cannot be restarted by a test, or undefined when it can. */
const restartableReason = (url: string | undefined, variable: string, commands: string[]): string | undefined => {
  if (!url) return `${variable} is not set`;
  if (!LOOPBACK.has(new URL(url).hostname)) return `${variable} is not on this machine`;
  if (process.getuid?.() !== 0) return 'restarting a service needs root';
  const missing = commands.find((command) => !onPath(command));
  return missing ? `${missing} is not installed` : undefined;
};

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
  });

const waitForPort = async (port: number, up: boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while ((await portAnswers(port)) !== up) {
    if (Date.now() > deadline) throw new Error(`port ${port} is still ${up ? 'closed' : 'open'} after ${timeoutMs} ms`);
    await sleep(50);
  }
};

// ---------------------------------------------------------------------------- PostgreSQL
const cluster = () => [readdirSync('/etc/postgresql')[0] ?? '', 'main'];

export const postgresRestartSkipReason = (url = process.env['DATABASE_URL']) =>
  restartableReason(url, 'DATABASE_URL', ['pg_ctlcluster']) ?? (existsSync('/etc/postgresql') ? undefined : 'no /etc/postgresql cluster');

/** `pg_ctlcluster … stop -m fast`: every connection is ended, as in a restart. */
export const stopPostgres = async () => {
  run('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster(), 'stop', '-m', 'fast']);
  await waitForPort(5432, false);
};

export const startPostgres = async () => {
  run('pg_ctlcluster', ['--skip-systemctl-redirect', ...cluster(), 'start']);
  await waitForPort(5432, true);
};

export const ensurePostgresRunning = async () => {
  if (!(await portAnswers(5432))) await startPostgres();
};

// ---------------------------------------------------------------------------------- Redis
export const REDIS_START_ARGS = ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379', '--save', '', '--appendonly', 'no', '--dir', '/var/lib/redis', '--logfile', '/var/log/redis/ci.log'];

export const redisRestartSkipReason = (url = process.env['REDIS_URL']) =>
  restartableReason(url, 'REDIS_URL', ['redis-cli', 'redis-server']) ?? (new URL(url!).port === '6379' || new URL(url!).port === '' ? undefined : 'REDIS_URL is not on port 6379');

/** `redis-cli shutdown nosave`: Redis stops, and its data goes with it. */
export const stopRedis = async () => {
  try {
    run('redis-cli', ['-p', '6379', 'shutdown', 'nosave']);
  } catch {
    // redis-cli may report the connection it loses as Redis goes
  }
  await waitForPort(6379, false);
};

export const startRedis = async () => {
  run('redis-server', REDIS_START_ARGS);
  await waitForPort(6379, true);
};

export const ensureRedisRunning = async () => {
  if (!(await portAnswers(6379))) await startRedis();
};
