/**
 * Upload quotas (docs/DECISIONS.md, "Operating it (issue 20)"): per person and in total,
 * counted from the message and request files stored, refused with 413 and a sentence while
 * the file streams in, and nothing of a refused request kept: no message, no request, no
 * file in tmp or in the buckets.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { uploadQuotaUsedText, uploadTotalQuotaUsedText } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { useChatServer, type ChatClient, type TestFile } from '../../test-support/chat-client.js';
import { eprData } from '../../test-support/requests-kit.js';
import type { TestServer } from '../../test-support/test-server.js';

const KB = 1024;
let server: TestServer;
let chat: ChatClient;
let adminToken: string;

useChatServer(['maria.santos', 'juan.delacruz'], (fixture) => ({ server, chat, adminToken } = fixture));

const file = (name: string, kb: number): TestFile => ({ name, type: 'application/octet-stream', bytes: new Uint8Array(kb * KB).fill(7) });
const setQuotas = async (quotas: { upload_quota_per_user_mb?: number | null; upload_quota_total_mb?: number | null }) => {
  const changed = await server.request('PATCH', '/api/v1/admin/settings', { token: adminToken, json: quotas });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
};
/** What is on disk in the upload folders, and the messages and requests stored. */
const stored = async () => {
  const inBucket = async (bucket: string) => (await readdir(path.join(server.config.uploadsDir, bucket))).length;
  const { db } = server.database;
  return {
    tmp: await inBucket('tmp'),
    messageFiles: await inBucket('message-attachment'),
    requestFiles: await inBucket('requests-attachments'),
    messages: (await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    requests: (await db.selectFrom('form_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  };
};
const fileEpr = (user: string, files: TestFile[]) => {
  const form = new FormData();
  form.append('data', JSON.stringify(eprData()));
  files.forEach((attached, index) => form.append(`attachments_${index}`, new Blob([attached.bytes as Uint8Array<ArrayBuffer>]), attached.name));
  return server.request<{ message?: string }>('POST', '/api/v1/forms/epr/1', { token: chat.tokens[user], form });
};

describe('upload quotas', () => {
  it('are off by default: files of any number are taken', async () => {
    expect((await chat.send('maria.santos', 4, { message: 'No quota yet' }, { files: [file('a.bin', 300)] })).status).toBe(201);
  });

  it("refuse a person's file past their quota with 413 and a sentence, keeping nothing of the request", async () => {
    await setQuotas({ upload_quota_per_user_mb: 1 });
    // Maria has 300 KB stored: 500 KB more fits, then another 300 KB does not.
    expect((await chat.send('maria.santos', 4, { message: 'Within the quota' }, { files: [file('b.bin', 500)] })).status).toBe(201);
    const before = await stored();
    const refused = await chat.send('maria.santos', 4, { message: 'Past the quota' }, { files: [file('c.bin', 100), file('d.bin', 200)] });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ success: false, message: uploadQuotaUsedText(1) });
    expect(refused.body.message).toBe('You have used your 1 MB of uploads. Delete old files or ask an administrator.');
    // The first file fitted and was written to tmp; it went when the second was refused.
    expect(await stored()).toEqual(before);

    // Request files count against the same quota, and are refused the same way.
    const epr = await fileEpr('maria.santos', [file('quote.pdf', 300)]);
    expect(epr.status).toBe(413);
    expect(epr.body.message).toBe(uploadQuotaUsedText(1));
    expect(await stored()).toEqual(before);

    // A message without files costs no quota; another person's quota is their own.
    expect((await chat.send('maria.santos', 4, { message: 'Text needs no quota' })).status).toBe(201);
    expect((await chat.send('juan.delacruz', 4, { message: 'Juan has his own' }, { files: [file('e.bin', 900)] })).status).toBe(201);
  });

  it('count request files a person filed, and free what a deleted message held', async () => {
    await setQuotas({ upload_quota_per_user_mb: 2 });
    // Maria: 800 KB of messages; a 1 MB quote fits within 2 MB, then 300 KB more does not.
    const epr = await fileEpr('maria.santos', [file('quote.pdf', 1024)]);
    expect(epr.status, JSON.stringify(epr.body)).toBe(201);
    const refused = await chat.send('maria.santos', 4, { message: 'Too much now' }, { files: [file('f.bin', 300)] });
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(uploadQuotaUsedText(2));

    // Deleting her 500 KB message gives its room back.
    const { db } = server.database;
    const big = await db
      .selectFrom('message_attachments as a')
      .innerJoin('messages as m', 'm.id', 'a.message_id')
      .select('m.id')
      .where('a.original_name', '=', 'b.bin')
      .executeTakeFirstOrThrow();
    expect((await chat.call('maria.santos', 'DELETE', `/api/v1/messages/4/${big.id}`)).status).toBe(200);
    expect((await chat.send('maria.santos', 4, { message: 'Room again' }, { files: [file('g.bin', 300)] })).status).toBe(201);
  });

  it("refuse anyone's file past the company's total with its own sentence", async () => {
    // Stored so far: Maria 300 + 1024 + 300 KB, Juan 900 KB: about 2.5 MB.
    await setQuotas({ upload_quota_per_user_mb: null, upload_quota_total_mb: 3 });
    expect((await chat.send('juan.delacruz', 4, { message: 'Fits in the total' }, { files: [file('h.bin', 400)] })).status).toBe(201);
    const before = await stored();
    const refused = await chat.send('juan.delacruz', 4, { message: 'Past the total' }, { files: [file('i.bin', 300)] });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ success: false, message: uploadTotalQuotaUsedText(3) });
    // A thread reply's files are refused alike.
    const reply = await chat.send('maria.santos', 4, { message: 'In a thread' }, { threadParentId: await firstMessageId(), files: [file('j.bin', 300)] });
    expect(reply.status).toBe(413);
    expect(await stored()).toEqual(before);

    // Off again: the same file is taken.
    await setQuotas({ upload_quota_total_mb: null });
    expect((await chat.send('juan.delacruz', 4, { message: 'No limit again' }, { files: [file('i.bin', 300)] })).status).toBe(201);
  });

  it('are settings an administrator changes within bounds, audited like the others', async () => {
    for (const body of [{ upload_quota_per_user_mb: 0 }, { upload_quota_total_mb: 1.5 }, { upload_quota_per_user_mb: 'lots' }]) {
      const refused = await server.request('PATCH', '/api/v1/admin/settings', { token: adminToken, json: body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const staff = await server.request('PATCH', '/api/v1/admin/settings', { token: chat.tokens['maria.santos'], json: { upload_quota_per_user_mb: 5000 } });
    expect(staff.status).toBe(403);
    const log = await server.request<{ entries: { after: Record<string, unknown> }[] }>('GET', '/api/v1/admin/audit-log?action=settings.update', { token: adminToken });
    expect(log.body.entries.map((entry) => entry.after)).toContainEqual({ upload_quota_per_user_mb: null, upload_quota_total_mb: 3 });
  });
});

const firstMessageId = async () =>
  (await server.database.db.selectFrom('messages').select('id').where('conversation_id', '=', 4).where('thread_parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
