/**
 * A backup that restores (docs/RELIABILITY.md, "Backup under load"), on the database under
 * test: while a running server takes messages with attachments and ePR requests with files,
 * the built command (`node apps/server/dist/cli/admin.js backup DIR`, what `npm run admin`
 * runs) backs it up; `restore` puts it into a fresh data directory (and, on PostgreSQL, a
 * fresh database); a new server started on it has every message, file and request whose
 * answer came back before the backup began, with the same bytes, and nothing sent after the
 * backup ended. A backup with one byte changed, and a restore onto data without
 * --force, are refused with a sentence and exit status 1, leaving the target untouched.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, repositoryRoot } from '../test-support/build-server.js';
import { eprData } from '../test-support/requests-kit.js';
import { sleep } from '../test-support/net.js';
import { databaseUrl, dialectUnderTest, startTestServer, type TestServer } from '../test-support/test-server.js';
import { MANIFEST_FILE, type Manifest } from './manifest.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const cli = path.join(repositoryRoot, 'apps/server/dist/cli/admin.js');

/** The built command as an operator runs it, on a data directory and (PostgreSQL) a database URL. */
const admin = (args: string[], env: { dataDir: string; databaseUrl?: string | undefined }) =>
  new Promise<{ status: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl ?? '', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stdout, stderr, ms: Date.now() - started }));
  });

interface Acknowledged {
  id: number;
  /** When the request went out: one sent after the backup ended was stored after it too. */
  sentAt: number;
  /**
   * When its answer (201) came back: one answered before the backup began was stored before it.
   * (Not the other way round: an answer read after the backup may be for a write stored before.)
   */
  at: number;
  sha: string;
  /** The stored name of a message's attachment (requests are looked up by id). */
  storedName?: string;
}

let server: TestServer;
let scratch: string;
/** PostgreSQL: the database the backup is restored into, dropped at the end. */
let restoreDatabase: string | undefined;
const dropDatabase = async (name: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
};

beforeAll(async () => {
  await buildServer();
  server = await startTestServer();
  scratch = await mkdtemp(path.join(tmpdir(), 'ichat-backup-'));
}, 180_000);
afterAll(async () => {
  await server?.close();
  if (restoreDatabase) await dropDatabase(restoreDatabase);
  await rm(scratch, { recursive: true, force: true });
});

/** Another database on the test's PostgreSQL server. */
const urlOfDatabase = (name: string) => {
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  url.search = '';
  return url.toString();
};

/** The server's own database, as the command would be pointed at it (its schema on PostgreSQL). */
const serverDatabaseUrl = () => (databaseUrl ? `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${server.database.schema}`)}` : undefined);

describe(`backup and restore on ${dialectUnderTest}`, () => {
  it('restores, from a backup taken under write load, everything acknowledged before it began, files byte for byte', async () => {
    const tokens = { maria: await server.login('maria.santos'), juan: await server.login('juan.delacruz') };
    const messages: Acknowledged[] = [];
    const requests: Acknowledged[] = [];
    let writing = true;
    let refusedOrFailed = 0;

    const messageWriter = async (token: string, label: string) => {
      for (let sent = 0; writing; sent += 1) {
        const bytes = randomBytes(1024 + Math.floor(Math.random() * 16_384));
        const form = new FormData();
        const sentAt = Date.now();
        form.append('data', JSON.stringify({ message: `${label} load message ${sent}` }));
        form.append('message_attachments', new Blob([bytes]), `load-${label}-${sent}.bin`);
        const answer = await server.request<{ message: { id: number; message_attachment: { attachment: string }[] } }>('POST', '/api/v1/messages/4', { token, form });
        if (answer.status !== 201) {
          refusedOrFailed += 1;
          continue;
        }
        messages.push({ id: answer.body.message.id, sentAt, at: Date.now(), sha: sha(bytes), storedName: answer.body.message.message_attachment[0]!.attachment });
      }
    };
    const requestWriter = async () => {
      for (let filed = 0; writing; filed += 1) {
        const bytes = randomBytes(2048 + Math.floor(Math.random() * 8192));
        const form = new FormData();
        const sentAt = Date.now();
        form.append('data', JSON.stringify(eprData()));
        form.append('attachments_0', new Blob([bytes]), `quote-${filed}.pdf`);
        const answer = await server.request<{ request: { id: number } }>('POST', '/api/v1/forms/epr/1', { token: tokens.maria, form });
        if (answer.status !== 201) {
          refusedOrFailed += 1;
          continue;
        }
        requests.push({ id: answer.body.request.id, sentAt, at: Date.now(), sha: sha(bytes) });
      }
    };
    const load = Promise.all([messageWriter(tokens.maria, 'maria'), messageWriter(tokens.juan, 'juan'), messageWriter(tokens.maria, 'maria-2'), requestWriter()]);

    // Enough acknowledged first (a loaded machine writes slower than a quiet one).
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!done() && Date.now() < deadline) await sleep(50);
    };
    await until(() => messages.length > 25 && requests.length > 4);
    const backupDir = path.join(scratch, 'backup');
    const backupStarted = Date.now();
    const backup = await admin(['backup', backupDir], { dataDir: server.config.dataDir, databaseUrl: serverDatabaseUrl() });
    const backupEnded = Date.now();
    await until(() => messages.some((entry) => entry.sentAt > backupEnded));
    writing = false;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up the (SQLite|PostgreSQL) database \(\d+ messages, \d+ requests\) and \d+ uploaded files to /);
    expect(refusedOrFailed).toBe(0);

    const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ format: 'internal-chat-backup', format_version: 1, dialect: dialectUnderTest, missing_files: [] });
    expect(manifest.database.schema).toBe(dialectUnderTest === 'postgres' ? server.database.schema : null);
    const before = { messages: messages.filter((entry) => entry.at < backupStarted), requests: requests.filter((entry) => entry.at < backupStarted) };
    const after = { messages: messages.filter((entry) => entry.sentAt > backupEnded), requests: requests.filter((entry) => entry.sentAt > backupEnded) };
    // The load ran on both sides of the backup, or the test would prove nothing.
    expect(before.messages.length).toBeGreaterThan(20);
    expect(before.requests.length).toBeGreaterThan(3);
    expect(after.messages.length).toBeGreaterThan(0);

    // Restore into a fresh data directory (and, on PostgreSQL, a fresh database).
    const restoredDir = await mkdtemp(path.join(tmpdir(), 'ichat-restored-'));
    let restoreUrl: string | undefined;
    if (databaseUrl) {
      restoreDatabase = `ichat_restore_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`create database ${restoreDatabase}`);
      await client.end();
      restoreUrl = urlOfDatabase(restoreDatabase);
    }
    const restore = await admin(['restore', backupDir], { dataDir: restoredDir, databaseUrl: restoreUrl });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(`against their checksums`);

    const restored = await startTestServer({
      dataDir: restoredDir,
      seed: false,
      ...(restoreUrl ? { postgres: { url: restoreUrl, schema: manifest.database.schema! } } : {}),
    });
    try {
      const { db } = restored.database;
      const count = async (table: 'messages' | 'form_requests' | 'message_attachments' | 'request_files') =>
        (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      expect({ messages: await count('messages'), form_requests: await count('form_requests') }).toEqual({
        messages: manifest.row_counts['messages'],
        form_requests: manifest.row_counts['form_requests'],
      });
      const restoredMessageIds = new Set((await db.selectFrom('messages').select('id').execute()).map((row) => row.id));
      const restoredRequestIds = new Set((await db.selectFrom('form_requests').select('id').execute()).map((row) => row.id));
      expect(before.messages.filter((entry) => !restoredMessageIds.has(entry.id))).toEqual([]);
      expect(before.requests.filter((entry) => !restoredRequestIds.has(entry.id))).toEqual([]);
      expect(after.messages.filter((entry) => restoredMessageIds.has(entry.id))).toEqual([]);
      expect(after.requests.filter((entry) => restoredRequestIds.has(entry.id))).toEqual([]);

      // Every file of a restored row is on disk with the bytes that were sent, served by the new server.
      const token = await restored.login('maria.santos');
      for (const entry of before.messages) {
        const response = await fetch(`${restored.baseUrl}/assets/message-attachment/${entry.storedName}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status).toBe(200);
        expect(sha(new Uint8Array(await response.arrayBuffer()))).toBe(entry.sha);
      }
      for (const entry of before.requests) {
        const file = await db.selectFrom('request_files').select('stored_name').where('request_id', '=', entry.id).executeTakeFirstOrThrow();
        expect(sha(await readFile(path.join(restored.config.uploadsDir, 'requests-attachments', file.stored_name)))).toBe(entry.sha);
        expect((await restored.request('GET', `/api/v1/forms/me/requests/epr/${entry.id}`, { token })).status).toBe(200);
      }
      // The restored server takes new work.
      const form = new FormData();
      form.append('data', JSON.stringify({ message: 'After the restore' }));
      expect((await restored.request('POST', '/api/v1/messages/4', { token, form })).status).toBe(201);
      console.info(
        `[backup under load, ${dialectUnderTest}] acknowledged before the backup: ${before.messages.length} messages with a file, ` +
          `${before.requests.length} ePRs with a file; written during the whole load: ${messages.length} messages, ${requests.length} requests; ` +
          `manifest: ${manifest.row_counts['messages']} messages, ${manifest.row_counts['form_requests']} requests, ${manifest.files.length - 1} files; ` +
          `backup command ${backup.ms} ms (copy ${manifest.duration_ms} ms), restore command ${restore.ms} ms; all found, checksums equal`,
      );
    } finally {
      await restored.close().catch(() => undefined);
    }
  }, 180_000);

  it('refuses a backup with one byte changed, and data already there without --force', async () => {
    const backupDir = path.join(scratch, 'backup');
    const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8')) as Manifest;
    const target = await mkdtemp(path.join(tmpdir(), 'ichat-restore-target-'));
    let targetUrl: string | undefined;
    if (databaseUrl && restoreDatabase) {
      // The database restored above, now holding data.
      targetUrl = urlOfDatabase(restoreDatabase);
    }
    try {
      // One byte changed in one uploaded file.
      const victim = manifest.files.find((file) => file.path.startsWith('uploads/'))!;
      const victimPath = path.join(backupDir, victim.path);
      const original = await readFile(victimPath);
      const changed = Buffer.from(original);
      changed[0] = changed[0]! ^ 0xff;
      await writeFile(victimPath, changed);
      const tampered = await admin(['restore', backupDir], { dataDir: target, databaseUrl: targetUrl });
      expect(tampered.status).toBe(1);
      expect(tampered.stdout).toBe('');
      expect(tampered.stderr).toBe(`${victim.path} does not match its checksum in the manifest: the backup is damaged. Nothing was restored.\n`);
      expect(existsSync(path.join(target, 'internal-chat.sqlite'))).toBe(false);
      expect(await readdir(path.join(target, 'uploads')).catch(() => [])).toEqual([]);
      await writeFile(victimPath, original);

      // A database that holds data is replaced only with --force.
      if (!targetUrl) {
        const first = await admin(['restore', backupDir], { dataDir: target });
        expect(first.status).toBe(0);
      }
      const again = await admin(['restore', backupDir], { dataDir: target, databaseUrl: targetUrl });
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/already holds data \(\d+ users, \d+ messages, \d+ requests\)\. Restoring would replace it: add --force to do so\. Nothing was restored\.\n$/);
      const forced = await admin(['restore', backupDir, '--force'], { dataDir: target, databaseUrl: targetUrl });
      expect(forced.stderr).toBe('');
      expect(forced.status).toBe(0);

      // A folder that is not a backup.
      const notBackup = await admin(['restore', scratch], { dataDir: target, databaseUrl: targetUrl });
      expect(notBackup.status).toBe(1);
      expect(notBackup.stderr).toBe(`${scratch} has no manifest.json: it is not a backup, or one that did not finish. Nothing was restored.\n`);
      // A backup goes into a new or empty folder only.
      const busy = await admin(['backup', backupDir], { dataDir: server.config.dataDir, databaseUrl: serverDatabaseUrl() });
      expect(busy.status).toBe(1);
      expect(busy.stderr).toBe(`${backupDir} is not empty: give a new or empty folder for the backup.\n`);
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  }, 120_000);
});
