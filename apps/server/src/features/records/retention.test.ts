/**
 * Retention and legal holds (docs/DECISIONS.md, "Operating it (issue 20)"): with
 * retention_days set, a round deletes messages older than that and their files, except a
 * conversation's pinned message, a thread whose replies are not all old, and every message
 * of a conversation on legal hold; what stays is consistent (quotes, reactions, mentions,
 * notifications, the conversation's latest message, unread counts, search). Holds are set
 * by administrators only and audited.
 */
import { access } from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useChatServer, type ChatClient, type TestFile } from '../../test-support/chat-client.js';
import type { TestServer } from '../../test-support/test-server.js';

const DAY_MS = 86_400_000;
let server: TestServer;
let chat: ChatClient;
let adminToken: string;

useChatServer(['maria.santos', 'juan.delacruz'], (fixture) => ({ server, chat, adminToken } = fixture));

const admin = <B = Record<string, unknown>>(method: string, url: string, json?: unknown) => server.request<B & { success: boolean; message?: string }>(method, url, { token: adminToken, json });
const pdf = (name: string): TestFile => ({ name, type: 'application/pdf', bytes: new TextEncoder().encode(`%PDF ${name}`) });
const send = async (conversationId: number, text: string, options: Parameters<typeof chat.send>[3] = {}, data: Record<string, unknown> = {}) => {
  const sent = await chat.send('maria.santos', conversationId, { message: text, ...data }, options);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.message;
};
/** Makes messages look `days` old, as if sent then. */
const age = (ids: number[], days: number) =>
  server.database.db.updateTable('messages').set({ created_at: Date.now() - days * DAY_MS }).where('id', 'in', ids).execute();
const remaining = async (ids: number[]) =>
  (await server.database.db.selectFrom('messages').select('id').where('id', 'in', ids).orderBy('id').execute()).map((row) => row.id);
const countWhere = async (table: 'message_reactions' | 'message_mentions' | 'notifications' | 'message_attachments', messageIds: number[]) =>
  (await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('message_id', 'in', messageIds).executeTakeFirstOrThrow()).n;
const search = async (conversationId: number, keyword: string) =>
  (await chat.call<{ result: { content: string }[] }>('juan.delacruz', 'POST', `/api/v1/messages/search/${conversationId}`, { keyword })).body.result.map((hit) => hit.content);

describe('retention', () => {
  it('is off by default and refuses fewer than 30 days', async () => {
    expect((await admin<{ settings: { retention_days: unknown } }>('GET', '/api/v1/admin/settings')).body.settings.retention_days).toBeNull();
    const old = await send(4, 'Kept while retention is off');
    await age([old.id], 4000);
    expect(await server.app.jobs.retention.purge()).toEqual({ messages: 0, files: 0 });
    expect(await remaining([old.id])).toEqual([old.id]);
    await age([old.id], 0);
    for (const days of [0, 29, 1.5, 'forever']) expect((await admin('PATCH', '/api/v1/admin/settings', { retention_days: days })).status, String(days)).toBe(400);
    expect((await admin('PATCH', '/api/v1/admin/settings', { retention_days: 30 })).status).toBe(200);
  });

  it('deletes old messages and their files, keeping pins, unfinished threads and held conversations, all else consistent', async () => {
    const groupId = await chat.createGroup('maria.santos', 'Retention Yard', ['Juan Dela Cruz']);
    const heldId = await chat.createGroup('maria.santos', 'Audit Hold', ['Juan Dela Cruz']);
    const emptiedId = await chat.createGroup('maria.santos', 'Old Project', ['Juan Dela Cruz']);
    const juanId = chat.ids['Juan Dela Cruz']!;

    const withFile = await send(groupId, 'Zamboanga delivery receipt', { files: [pdf('receipt.pdf')] });
    const pinned = await send(groupId, 'Pinned: Quarry gate code');
    expect((await chat.call('maria.santos', 'PATCH', `/api/v1/messages/${groupId}/${pinned.id}`)).status).toBe(200);
    const unfinished = await send(groupId, 'Thread still going');
    const oldReply = await send(groupId, 'An old reply', { threadParentId: unfinished.id });
    const finished = await send(groupId, 'Thread long done');
    const finishedReply = await send(groupId, 'Its only reply', { threadParentId: finished.id });
    const mentioned = await send(groupId, 'Ask @@Juan Dela Cruz@@ about Tacloban', {}, { mention_data: [{ id: juanId, name: 'Juan Dela Cruz' }] });
    expect((await chat.call('juan.delacruz', 'PUT', `/api/v1/messages/${groupId}/${mentioned.id}`, { reaction_type: 'like' })).status).toBe(200);
    const held = await send(heldId, 'Held: Iloilo contract terms');
    const gone = await send(emptiedId, 'Everything here is old');
    await age([withFile.id, pinned.id, unfinished.id, oldReply.id, finished.id, finishedReply.id, mentioned.id, held.id, gone.id], 45);
    // Young: a reply that keeps its thread, a quote of an old message, a new message.
    const youngReply = await send(groupId, 'A reply this week', { threadParentId: unfinished.id });
    const quoting = await send(groupId, 'Quoting the receipt', {}, { reply_to_message_id: withFile.id });
    // Juan reads everything, then two arrive: two unread.
    expect((await chat.get('juan.delacruz', `/api/v1/messages/${groupId}?page=1&limit=30`)).status).toBe(200);
    const unreadBefore = await send(groupId, 'Unread one');
    const latest = await send(groupId, 'Unread two');
    const unreadOf = async () => {
      const page = await chat.get<{ conversations: { id: number; unread_count: number; last_message: { id: number } | null }[] }>('juan.delacruz', '/api/v1/conversations');
      expect(page.status).toBe(200);
      const summary = page.body.conversations.find((conversation) => conversation.id === groupId)!;
      return { unread: summary.unread_count, last: summary.last_message?.id };
    };
    expect(await unreadOf()).toEqual({ unread: 2, last: latest.id });
    expect((await admin('PUT', `/api/v1/admin/conversations/${heldId}/legal-hold`, { legal_hold: true })).status).toBe(200);
    const filePath = `${server.config.uploadsDir}/message-attachment/${withFile.message_attachment[0]!.attachment}`;
    await access(filePath);

    expect(await server.app.jobs.retention.purge()).toEqual({ messages: 6, files: 1 });

    const all = [withFile, pinned, unfinished, oldReply, finished, finishedReply, mentioned, held, gone, youngReply, quoting, unreadBefore, latest].map((message) => message.id);
    expect(await remaining(all)).toEqual([pinned.id, unfinished.id, held.id, youngReply.id, quoting.id, unreadBefore.id, latest.id]);
    // Its file is gone from disk and from the files list; its reactions, mentions and notifications with it.
    await expect(access(filePath)).rejects.toThrow();
    expect((await chat.get<{ files: unknown[] }>('juan.delacruz', `/api/v1/files/${groupId}`)).body.files).toEqual([]);
    for (const table of ['message_reactions', 'message_mentions', 'notifications', 'message_attachments'] as const) {
      expect(await countWhere(table, [withFile.id, mentioned.id]), table).toBe(0);
    }
    // The quote is cleared; the thread of the young reply still opens; the page reads as before.
    const page = await chat.get<{ messages: { id: number; reply_to_message_id?: number | null; content: string }[] }>('maria.santos', `/api/v1/messages/${groupId}?page=1&limit=30`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((message) => message.id)).toEqual([pinned.id, unfinished.id, quoting.id, unreadBefore.id, latest.id]);
    const thread = await chat.get<{ thread_detail: { replies: { id: number }[] } }>('maria.santos', `/api/v1/messages/thread/${groupId}/${unfinished.id}`);
    expect(thread.body.thread_detail.replies.map((reply) => reply.id)).toEqual([youngReply.id]);
    const quoted = await server.database.db.selectFrom('messages').select('reply_to_message_id').where('id', '=', quoting.id).executeTakeFirstOrThrow();
    expect(quoted.reply_to_message_id).toBeNull();
    // Latest message, unread counts and search agree with what is left.
    const conversations = await server.database.db.selectFrom('conversations').select(['id', 'last_message_id']).where('id', 'in', [groupId, emptiedId, heldId]).orderBy('id').execute();
    expect(conversations).toEqual([
      { id: groupId, last_message_id: latest.id },
      { id: heldId, last_message_id: held.id },
      { id: emptiedId, last_message_id: null },
    ]);
    expect(await unreadOf()).toEqual({ unread: 2, last: latest.id });
    expect((await chat.get('juan.delacruz', '/api/v2/conversations/unread-count')).status).toBe(200);
    expect((await chat.get('juan.delacruz', `/api/v2/conversations/${emptiedId}`)).status).toBe(200);
    expect(await search(groupId, 'zamboanga')).toEqual([]);
    expect(await search(groupId, 'tacloban')).toEqual([]);
    expect(await search(groupId, 'quarry')).toEqual(['Pinned: Quarry gate code']);
    expect(await search(heldId, 'iloilo')).toEqual(['Held: Iloilo contract terms']);
    if (server.database.dialect === 'sqlite') {
      // The full-text index holds no entry of a deleted message (FTS5 checks itself).
      await sql`insert into messages_fts(messages_fts) values ('integrity-check')`.execute(server.database.db);
    }
    // Juan's bell no longer holds the mention.
    const bell = await chat.get('juan.delacruz', '/api/v1/users/notifications');
    expect(bell.status).toBe(200);
    expect(JSON.stringify(bell.body)).not.toContain('Tacloban');

    // Recorded once, as the server's own doing; a second round finds nothing.
    const log = await admin<{ entries: { actor: unknown; address: string; after: Record<string, unknown> }[] }>('GET', '/api/v1/admin/audit-log?action=retention.delete');
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0]).toMatchObject({ actor: null, address: 'retention job', after: { messages: 6, files: 1, retention_days: 30 } });
    expect(await server.app.jobs.retention.purge()).toEqual({ messages: 0, files: 0 });

    // Lifting the hold lets the next round take the held conversation's old message.
    expect((await admin('PUT', `/api/v1/admin/conversations/${heldId}/legal-hold`, { legal_hold: false })).status).toBe(200);
    expect(await server.app.jobs.retention.purge()).toEqual({ messages: 1, files: 0 });
    expect(await remaining([held.id])).toEqual([]);
  });

  it('deletes in batches past the batch size', async () => {
    const groupId = await chat.createGroup('maria.santos', 'Many Old', ['Juan Dela Cruz']);
    const { db } = server.database;
    const time = Date.now() - 400 * DAY_MS;
    const sender = chat.ids['Juan Dela Cruz']!;
    const rows = Array.from({ length: 450 }, (_, index) => ({ conversation_id: groupId, sender_id: sender, content: `old ${index}`, created_at: time, updated_at: time }));
    await db.insertInto('messages').values(rows).execute();
    expect(await server.app.jobs.retention.purge()).toEqual({ messages: 450, files: 0 });
  });
});

describe('legal holds', () => {
  it('are for administrators, name the conversation, list what is held, refuse what does not exist, and are audited', async () => {
    const groupId = await chat.createGroup('maria.santos', 'Claims 2026', ['Juan Dela Cruz']);
    const staff = await chat.call('maria.santos', 'PUT', `/api/v1/admin/conversations/${groupId}/legal-hold`, { legal_hold: true });
    expect(staff.status).toBe(403);
    const held = await admin('PUT', `/api/v1/admin/conversations/${groupId}/legal-hold`, { legal_hold: true });
    expect(held.status).toBe(200);
    expect(held.body).toEqual({
      success: true,
      message: 'The conversation is on legal hold: retention deletes none of its messages.',
      conversation: { id: groupId, name: 'Claims 2026', is_group: true, legal_hold: true },
    });
    const list = await admin<{ conversations: { id: number; name: string }[] }>('GET', '/api/v1/admin/legal-holds');
    expect(list.body.conversations).toContainEqual({ id: groupId, name: 'Claims 2026', is_group: true, legal_hold: true });
    // A personal conversation is named after its two people.
    expect((await chat.call('maria.santos', 'POST', '/api/v1/direct-message', { recipients: [chat.ids['Juan Dela Cruz']], message: 'Hi Juan' })).status).toBeLessThan(300);
    const pair = [chat.ids['Juan Dela Cruz']!, chat.ids['Maria Santos']!].sort((a, b) => a - b).join(':');
    const personal = await server.database.db.selectFrom('conversations').select('id').where('personal_key', '=', pair).executeTakeFirstOrThrow();
    const personalHeld = await admin<{ conversation: { name: string } }>('PUT', `/api/v1/admin/conversations/${personal.id}/legal-hold`, { legal_hold: true });
    expect(personalHeld.body.conversation.name).toBe('Juan Dela Cruz and Maria Santos');

    expect((await admin('PUT', '/api/v1/admin/conversations/999999/legal-hold', { legal_hold: true })).status).toBe(404);
    expect((await admin('PUT', `/api/v1/admin/conversations/${groupId}/legal-hold`, { legal_hold: 'yes' })).status).toBe(400);
    const log = await admin<{ entries: { action: string; target_id: number; before: unknown; after: unknown; summary: string }[] }>(
      'GET',
      `/api/v1/admin/audit-log?action=conversation.legal_hold&target_id=${groupId}`,
    );
    expect(log.body.entries).toEqual([
      expect.objectContaining({ target_id: groupId, before: { legal_hold: false }, after: { legal_hold: true }, summary: 'Put a legal hold on Claims 2026' }),
    ]);
  });
});
