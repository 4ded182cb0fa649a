/**
 * Tests that run the built server (apps/server/dist) bring the build up to date first. Test
 * files run side by side, and two `tsc -b` at once would write the same files, so a build
 * holds a lock directory while it runs; the next one then finds the build current (fast).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './net.js';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const lockDir = path.join(repositoryRoot, 'apps/server/.build-lock');
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 180_000;

export const buildServer = async (): Promise<void> => {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    const build = spawnSync(process.execPath, [path.join(repositoryRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
};
