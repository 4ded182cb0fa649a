/**
 * SQLite's WAL checkpoint, off the event loop (docs/DESIGN.md, "SQLite under a steady write
 * load"). By default the connection whose commit fills the WAL past 1 000 pages also copies
 * the WAL back into the database file and syncs it, on the thread that commits: under a
 * steady send load that stalls every request in flight for milliseconds to tens of
 * milliseconds, several times a second. Here a worker thread with a connection of its own
 * checkpoints every CHECKPOINT_INTERVAL_MS instead (PASSIVE: it never blocks the writer),
 * and the server's connection checkpoints by itself only when the WAL grows past a far
 * larger bound, i.e. when the worker has stopped or fallen behind.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

export const CHECKPOINT_INTERVAL_MS = 100;
/** Pages (4 KiB) the WAL may hold before the server's own connection checkpoints after all. */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;
const DEFAULT_CHECKPOINT_PAGES = 1000;

// CommonJS source, evaluated in the worker: the driver is passed by its resolved path, so
// the worker loads the same better-sqlite3 whether the server runs from dist or from source.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export const startCheckpointer = (
  database: SqliteDatabase.Database,
  file: string,
  onProblem: (problem: string) => void = () => undefined,
): Checkpointer => {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driverPath, file, intervalMs: CHECKPOINT_INTERVAL_MS } });
  worker.unref();
  database.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  let isRunning = true;
  const fallBack = (problem: string) => {
    if (!isRunning) return;
    isRunning = false;
    // The commits checkpoint for themselves again, as SQLite does by default.
    if (database.open) database.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
    onProblem(problem);
  };
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) onProblem(`WAL checkpoint failed: ${message.failed}`);
  });
  worker.on('error', (error) => fallBack(`the checkpoint worker stopped: ${error.message}`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      if (!isRunning) return;
      isRunning = false;
      worker.postMessage('stop');
      await exited;
    },
  };
};
