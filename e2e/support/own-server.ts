/**
 * A server of the test's own on another port and data directory, for a test that stops it
 * (the offline screen): the shared one on E2E_PORT must stay up for the other specs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const mainJs = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'main.js');

/** A port nothing listens on now (the system picks it). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

const waitUntilReady = async (origin: string, child: ChildProcess) => {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const isReady = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

export const startOwnServer = async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ichat-e2e-'));
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(process.execPath, [mainJs], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1', DEMO_PASSWORD: 'demo1234', LOG_LEVEL: 'error' },
    });
    await waitUntilReady(origin, child);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    origin,
    /** Stops the server at once, as a crash or a pulled cable would. */
    stop,
    /** Starts it again on the same port and data. */
    start,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
