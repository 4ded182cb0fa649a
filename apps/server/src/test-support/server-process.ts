/**
 * The built server (apps/server/dist/main.js) as a real process on SQLite in a new data
 * directory, as an operator runs it: for what only the process shows (signals, ports).
 * Call buildServer() (build-server.ts) first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repositoryRoot } from './build-server.js';
import { freePort, sleep } from './net.js';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  dataDir: string;
}

/** Starts the process with `env` over the defaults and resolves once its /readyz answers. */
export const startServerProcess = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ichat-process-'));
  const port = await freePort();
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
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, port, exited, dataDir };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready');
};
