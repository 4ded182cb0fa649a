/**
 * Disk full on the data directory (issue 20; docs/RELIABILITY.md, "Disk full"). DATA_DIR is
 * a small tmpfs of its own (we mount it: the test needs root, and skips saying so without
 * it), holding the SQLite database and the uploads. The built server runs on it; a filler
 * file takes every free byte. Then: a message with a file and a run of text messages are
 * refused with 507 and the storage-full sentence (none as a 500), the process stays up,
 * nothing refused is stored, no upload is left behind; once the filler is gone the same
 * sends, with the same client ids, are stored (201, not "already stored"); the database
 * passes SQLite's integrity check.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SERVER_TROUBLE } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../test-support/build-server.js';
import { dialectUnderTest } from '../test-support/test-server.js';
import { conversationNamed, latestMessageId, postMessage, readConversationAfter, signIn } from '../test-support/send-load.js';
import { readiness, startServerProcess, stopServerProcess, type ServerProcess } from '../test-support/server-process.js';
import { reportFigures } from './figures.js';

const SIZE_MB = 48;
const MAX_TEXT_SENDS = 400;

const mountPoint = mkdtempSync(path.join(tmpdir(), 'ichat-full-'));
let mounted = false;
let skipReason = '';
let server: ServerProcess | undefined;

const mountTmpfs = () => {
  if (dialectUnderTest !== 'sqlite') return 'the database is PostgreSQL: this test fills the disk under SQLite and the uploads (the SQLite pass runs it)';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m,mode=0755`, 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
    return '';
  } catch (error) {
    return `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
};

/** Writes until the file system refuses: 1 MiB pieces, then 4 KiB ones. Answers the bytes written. */
const fill = (file: string) => {
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1 << 20, 4096, 512]) {
      const piece = Buffer.alloc(size, 1);
      for (;;) {
        try {
          written += writeSync(fd, piece);
        } catch (error) {
          if ((error as { code?: string }).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
};

const sendWithFile = async (url: string, token: string, conversationId: number, clientId: string, bytes: Buffer) => {
  const form = new FormData();
  form.append('data', JSON.stringify({ message: 'Site photo', client_message_id: clientId }));
  form.append('message_attachments', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'site.bin');
  const response = await fetch(`${url}/api/v1/messages/${conversationId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as { message?: unknown } };
};

const uploadsIn = (bucket: string) => readdirSync(path.join(mountPoint, 'uploads', bucket)).length;

beforeAll(async () => {
  skipReason = mountTmpfs();
  if (mounted) await buildServer();
}, 180_000);

afterAll(async () => {
  if (server) await stopServerProcess(server, 'SIGKILL');
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe('disk full on the data directory', () => {
  it('refuses sends with 507 and a clear sentence, stores nothing half-way, and takes them again once there is room', async ({ skip }) => {
    if (!mounted) skip(skipReason);
    server = await startServerProcess({ JWT_SECRET: 'disk-full-test-secret-0123456789abcdef' }, { dataDir: mountPoint });
    const { url } = server;
    const token = await signIn(url, 'maria.santos');
    const conversationId = await conversationNamed(url, token, 'Sales Team');
    const before = await latestMessageId(url, token, conversationId);
    const sender = { token, conversationId };
    const prefix = `full${Date.now().toString(36)}`;
    const attachmentsBefore = uploadsIn('message-attachment');

    const filler = path.join(mountPoint, 'filler');
    const filled = fill(filler);

    // A message with a file: the upload cannot be written.
    const file = randomBytes(256 * 1024);
    const withFile = await sendWithFile(url, token, conversationId, `${prefix}-file`, file);
    // Text alone: SQLite fills what its files still hold, then cannot grow them.
    const answers: { clientId: string; status: number; message?: string }[] = [];
    const text = 'x'.repeat(3_000);
    for (let seq = 0; seq < MAX_TEXT_SENDS && answers.filter((answer) => answer.status !== 201).length < 5; seq += 1) {
      const clientId = `${prefix}-${seq}`;
      answers.push({ clientId, ...(await postMessage(url, sender, `${text} ${seq}`, clientId)) });
    }
    const refused = answers.filter((answer) => answer.status !== 201);
    const readyWhileFull = await readiness(url);
    const aliveWhileFull = server.child.exitCode === null;
    const storedWhileFull = await readConversationAfter(url, token, conversationId, before);
    const leftInTmp = uploadsIn('tmp');
    const attachmentsWhileFull = uploadsIn('message-attachment');

    // Room again: the same sends, with the same client ids.
    rmSync(filler);
    const fileAgain = await sendWithFile(url, token, conversationId, `${prefix}-file`, file);
    const retried = [];
    for (const answer of refused) retried.push(await postMessage(url, sender, `${text} ${answer.clientId.split('-').at(-1)}`, answer.clientId));
    const storedAfter = await readConversationAfter(url, token, conversationId, before);
    const exitCode = await stopServerProcess(server);
    const database = new Database(path.join(mountPoint, 'internal-chat.sqlite'), { readonly: true });
    const integrity = database.pragma('integrity_check', { simple: true });
    database.close();

    reportFigures('disk-full', {
      tmpfsMb: SIZE_MB,
      fillerBytes: filled,
      fileSend: withFile.status,
      textSendsStoredBeforeFull: answers.length - refused.length,
      textSendsRefused: refused.length,
      refusedStatuses: [...new Set(refused.map((answer) => answer.status))],
      message: refused[0]?.message ?? (withFile.body.message as string | undefined),
      readyWhileFull,
      leftInTmp,
      afterRoom: { file: fileAgain.status, retried: retried.map((answer) => answer.status).filter((status) => status === 201).length },
      integrity,
      exitCode,
    });

    expect(withFile).toEqual({ status: 507, body: { success: false, message: SERVER_TROUBLE.storageFull } });
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((answer) => [answer.status, answer.message])).toEqual(refused.map(() => [507, SERVER_TROUBLE.storageFull]));
    expect(aliveWhileFull).toBe(true);
    // Reads go on, and a refused upload does not leave its connection stuck (the readiness
    // call goes out on a connection the refused upload used).
    expect(readyWhileFull).toBe(200);
    // Nothing refused is stored; everything acknowledged is, once.
    const clientIdsWhileFull = storedWhileFull.map((message) => message.client_message_id);
    expect(clientIdsWhileFull).toEqual(answers.filter((answer) => answer.status === 201).map((answer) => answer.clientId));
    expect(leftInTmp).toBe(0);
    expect(attachmentsWhileFull).toBe(attachmentsBefore);
    // With room again the same sends are stored now (201), not found stored already (200).
    expect(fileAgain.status).toBe(201);
    expect(retried.map((answer) => answer.status)).toEqual(refused.map(() => 201));
    expect(storedAfter.map((message) => message.client_message_id).sort()).toEqual([...answers.map((answer) => answer.clientId), `${prefix}-file`].sort());
    expect(uploadsIn('message-attachment')).toBe(attachmentsBefore + 1);
    expect(integrity).toBe('ok');
    expect(exitCode).toBe(0);
  }, 120_000);
});
