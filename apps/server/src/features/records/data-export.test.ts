/**
 * Exports (docs/DECISIONS.md, "Operating it (issue 20)"): an administrator downloads one
 * conversation, or one person's data, as a ZIP of export.json and the files it names; the
 * command line writes the same into a folder. Each export is audited; nobody else may make
 * one; a person's export holds their own messages and requests, never a password hash.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { runAdminCommand, UsageError } from '../../cli/admin.js';
import { exportZip } from './export-archive.js';
import { useChatServer, type ChatClient, type TestFile } from '../../test-support/chat-client.js';
import { eprData } from '../../test-support/requests-kit.js';
import type { TestServer } from '../../test-support/test-server.js';

interface ExportedMessage {
  id: number;
  sender: { id: number; display_name: string };
  content: string;
  thread_parent_id: number | null;
  attachments: { original_name: string; file: string | null }[];
  reactions: { user_id: number; type: string }[];
}

let server: TestServer;
let chat: ChatClient;
let adminToken: string;
let scratch: string;
let groupId: number;
let requestId: number;
const receipt: TestFile = { name: 'delivery receipt.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF receipt for 40 bags') };
const quote = new TextEncoder().encode('%PDF quotation from Cebu Steel');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

useChatServer(['maria.santos', 'juan.delacruz'], (fixture) => ({ server, chat, adminToken } = fixture));
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'ichat-export-'));
  groupId = await chat.createGroup('maria.santos', 'Export Yard', ['Juan Dela Cruz']);
  const parent = await chat.send('maria.santos', groupId, { message: 'Receipt attached' }, { files: [receipt] });
  await chat.send('juan.delacruz', groupId, { message: 'Thanks, checking it' }, { threadParentId: parent.body.message.id });
  await chat.call('juan.delacruz', 'PUT', `/api/v1/messages/${groupId}/${parent.body.message.id}`, { reaction_type: 'thanks' });
  const form = new FormData();
  form.append('data', JSON.stringify(eprData()));
  form.append('attachments_0', new Blob([quote]), 'quote.pdf');
  const filed = await server.request<{ request: { id: number } }>('POST', '/api/v1/forms/epr/1', { token: chat.tokens['maria.santos'], form });
  expect(filed.status).toBe(201);
  requestId = filed.body.request.id;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** A ZIP's entries by name. */
const unzip = async (bytes: Buffer) => {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
};
const download = async (url: string, token = adminToken) => {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('exports', () => {
  it('a conversation, whole, as a ZIP: members, messages, thread replies, reactions and files', async () => {
    const { response, bytes } = await download(`/api/v1/admin/exports/conversations/${groupId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="conversation-${groupId}-\\d{4}-\\d{2}-\\d{2}\\.zip"`));
    const entries = await unzip(bytes);
    const document = JSON.parse(entries.get('export.json')!.toString('utf8')) as {
      format: string;
      kind: string;
      conversation: { id: number; name: string };
      members: { display_name: string }[];
      messages: ExportedMessage[];
      activity: { action: string }[];
      missing_files: string[];
    };
    expect(document).toMatchObject({ format: 'internal-chat-export', kind: 'conversation', conversation: { id: groupId, name: 'Export Yard' }, missing_files: [] });
    expect(document.members.map((member) => member.display_name).sort()).toEqual(['Juan Dela Cruz', 'Maria Santos']);
    expect(document.messages.map((message) => [message.sender.display_name, message.content])).toEqual([
      ['Maria Santos', 'Receipt attached'],
      ['Juan Dela Cruz', 'Thanks, checking it'],
    ]);
    const [parent, reply] = document.messages;
    expect(reply!.thread_parent_id).toBe(parent!.id);
    expect(parent!.reactions).toEqual([expect.objectContaining({ type: 'thanks', user_id: chat.ids['Juan Dela Cruz'] })]);
    const attachment = parent!.attachments[0]!;
    expect(attachment.original_name).toBe('delivery receipt.pdf');
    expect(sha(entries.get(attachment.file!)!)).toBe(sha(receipt.bytes));
    expect(document.activity.map((entry) => entry.action)).toContain('CREATE');
  });

  it("a person's data: their profile, messages, requests with files and votes, notifications; no password", async () => {
    const mariaId = chat.ids['Maria Santos']!;
    const { response, bytes } = await download(`/api/v1/admin/exports/users/${mariaId}`);
    expect(response.status).toBe(200);
    const entries = await unzip(bytes);
    const text = entries.get('export.json')!.toString('utf8');
    expect(text).not.toMatch(/password|scrypt/i);
    const document = JSON.parse(text) as {
      kind: string;
      user: { username: string; email_address: string };
      conversations: { id: number }[];
      messages_sent: ExportedMessage[];
      requests: { id: number; reference_id: string; total_cost: number; lines: unknown[]; files: { file: string }[]; approvers: unknown[] }[];
      notifications: unknown[];
    };
    expect(document.kind).toBe('user');
    expect(document.user).toMatchObject({ username: 'maria.santos', email_address: 'maria.santos@demo.local' });
    expect(document.conversations.map((conversation) => conversation.id)).toContain(groupId);
    expect(document.messages_sent.every((message) => message.sender.id === mariaId)).toBe(true);
    expect(document.messages_sent.map((message) => message.content)).toContain('Receipt attached');
    expect(document.messages_sent.map((message) => message.content)).not.toContain('Thanks, checking it');
    const filed = document.requests.find((request) => request.id === requestId)!;
    expect(filed.total_cost).toBe(1400);
    expect(filed.lines).toHaveLength(1);
    expect(filed.approvers.length).toBeGreaterThan(0);
    expect(sha(entries.get(filed.files[0]!.file)!)).toBe(sha(quote));
    expect(Array.isArray(document.notifications)).toBe(true);
  });

  it('ends a ZIP with an error, never the process, when a file went missing while it was written', async () => {
    const zip = exportZip({ name: 'gone', document: {}, files: [{ path: 'files/message-attachment/gone.pdf', source: path.join(scratch, 'no-such-file.pdf') }] });
    const read = async () => {
      for await (const _chunk of zip) {
        // reading until the end, or the error
      }
    };
    await expect(read()).rejects.toThrow(/ENOENT/);
  });

  it('is for administrators only, answers 404 for what does not exist, and is audited', async () => {
    expect((await download(`/api/v1/admin/exports/conversations/${groupId}`, chat.tokens['maria.santos'])).response.status).toBe(403);
    expect((await download(`/api/v1/admin/exports/users/${chat.ids['Juan Dela Cruz']}`, chat.tokens['maria.santos'])).response.status).toBe(403);
    expect((await download('/api/v1/admin/exports/conversations/999999')).response.status).toBe(404);
    expect((await download('/api/v1/admin/exports/users/999999')).response.status).toBe(404);
    expect((await download('/api/v1/admin/exports/users/abc')).response.status).toBe(400);
    const log = await server.request<{ entries: { action: string; target_type: string; target_id: number; after: Record<string, number> }[] }>(
      'GET',
      '/api/v1/admin/audit-log?target_type=conversation',
      { token: adminToken },
    );
    expect(log.body.entries).toContainEqual(expect.objectContaining({ action: 'export.conversation', target_id: groupId, after: { messages: 2, files: 1 } }));
  });

  it('from the command line into a folder, audited as the command line; a folder that holds anything is refused', async () => {
    const run = async (argv: string[]) => {
      const lines: string[] = [];
      await runAdminCommand(argv, { database: server.database, config: server.config }, { out: (line) => lines.push(line), readPassword: async () => '' });
      return lines;
    };
    const conversationDir = path.join(scratch, 'conversation');
    expect(await run(['export-conversation', String(groupId), conversationDir])).toEqual([expect.stringMatching(new RegExp(`^Exported conversation-${groupId}-.* \\(1 files\\) to `))]);
    const document = JSON.parse(await readFile(path.join(conversationDir, 'export.json'), 'utf8')) as { messages: ExportedMessage[] };
    const file = document.messages[0]!.attachments[0]!.file!;
    expect(sha(await readFile(path.join(conversationDir, file)))).toBe(sha(receipt.bytes));

    const userDir = path.join(scratch, 'user');
    await run(['export-user', 'maria.santos@demo.local', userDir]);
    expect((await readdir(userDir)).sort()).toEqual(['export.json', 'files']);

    const busy = path.join(scratch, 'busy');
    await run(['export-user', 'juan.delacruz', busy]);
    await writeFile(path.join(busy, 'note.txt'), 'mine');
    await expect(run(['export-user', 'juan.delacruz', busy])).rejects.toThrow(UsageError);
    await expect(run(['export-conversation', 'four', path.join(scratch, 'x')])).rejects.toThrow('four is not a conversation id (a positive whole number).');
    await expect(run(['export-user', 'nobody', path.join(scratch, 'y')])).rejects.toThrow('There is no user nobody.');
    const log = await server.request<{ entries: { actor: unknown; address: string }[] }>('GET', '/api/v1/admin/audit-log?action=export.user', { token: adminToken });
    expect(log.body.entries[0]).toMatchObject({ actor: null, address: expect.stringMatching(/^command line on /) });
  });
});
