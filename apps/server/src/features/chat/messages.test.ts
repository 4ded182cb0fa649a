import { ATTACHMENT_LIMIT_BYTES, TEXT, attachmentTooLargeText, ATTACHMENT_LIMIT_MB, type Message } from '@ichat/shared';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
const tokens: Record<string, string> = {};
let groupId: number;
let warehouseId: number;
let userIds: Record<string, number> = {};

type Body = Record<string, unknown> & { success: boolean; message?: unknown };

const get = <B = Body>(user: string, url: string) => server.request<B>('GET', url, { token: tokens[user] });
const call = <B = Body>(user: string, method: string, url: string, json?: unknown) =>
  server.request<B>(method, url, { token: tokens[user], json });

interface Attachment {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const send = (user: string, conversationId: number, data: Record<string, unknown>, files: Attachment[] = []) => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of files) form.append('message_attachments', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return server.request<{ message: Message } & Body>('POST', `/api/v1/messages/${conversationId}`, { token: tokens[user], form });
};

const page = (user: string, conversationId: number, query = '') =>
  get<{ messages: Message[]; has_more: boolean }>(user, `/api/v1/messages/${conversationId}${query}`);

const attachmentFiles = () => readdir(path.join(server.config.uploadsDir, 'message-attachment'));

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['maria.santos', 'juan.delacruz', 'carmen.flores', 'jose.garcia', 'grace.tan']) tokens[user] = await server.login(user);
  const create = new FormData();
  const users = await get<{ users: { id: number; display_name: string }[] }>('juan.delacruz', '/api/v1/users');
  userIds = Object.fromEntries(users.body.users.map((u) => [u.display_name, u.id]));
  create.append('data', JSON.stringify({ name: 'Pricing', conversation_member_ids: [userIds['Maria Santos'], userIds['Carmen Flores']], is_group: true }));
  const created = await server.request<{ conversation_id: number }>('POST', '/api/v1/conversations', { token: tokens['juan.delacruz'], form: create });
  groupId = created.body.conversation_id;
  const groups = await get<{ conversations: { id: number; name: string }[] }>('jose.garcia', '/api/v2/conversations?conversation_filter=group');
  warehouseId = groups.body.conversations.find((c) => c.name === 'Warehouse Ops')!.id;
});
afterAll(async () => {
  await server.close();
});

describe('sending', () => {
  it('stores a text message and answers it in the document shape (201)', async () => {
    const response = await send('juan.delacruz', groupId, { message: '  Price list is out  ', mention_data: [] });
    expect(response.status).toBe(201);
    const message = response.body.message;
    expect(message).toMatchObject({
      conversation_id: groupId,
      content: 'Price list is out',
      is_deleted: false,
      is_pinned: false,
      user: { display_name: 'Juan Dela Cruz' },
      message_attachment: [],
      reply_to_message_detail: null,
      thread_replies: [],
      message_reactions: [],
      message_reads: [],
    });
    expect(Date.parse(message.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses an empty message with no files, and a message over the length limit', async () => {
    for (const data of [{ message: '' }, { message: '   \n ' }, {}]) {
      const response = await send('juan.delacruz', groupId, data);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(TEXT.emptyMessage);
    }
    const long = await send('juan.delacruz', groupId, { message: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
  });

  it('accepts attachments alone, keeps the original name and stores under a generated name', async () => {
    const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c33' } }).png().toBuffer();
    const response = await send('maria.santos', groupId, { message: ' ' }, [
      { name: 'photo.png', type: 'image/png', bytes: new Uint8Array(image) },
      { name: 'quote <2026>.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4 quote') },
    ]);
    expect(response.status).toBe(201);
    const [photo, pdf] = response.body.message.message_attachment;
    expect(photo).toMatchObject({ original_name: 'photo.png', file_type: 'image/png', size: image.length });
    expect(pdf).toMatchObject({ original_name: 'quote <2026>.pdf', file_type: 'application/pdf' });
    expect(photo!.attachment).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(pdf!.attachment).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await attachmentFiles()).toEqual(expect.arrayContaining([photo!.attachment, pdf!.attachment]));

    // Images are shown inline; anything else downloads, never sniffed.
    const inline = await server.request('GET', `/assets/message-attachment/${photo!.attachment}`, { token: tokens['carmen.flores'] });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    expect(inline.headers.get('content-disposition')).toBeNull();
    const download = await server.request('GET', `/assets/message-attachment/${pdf!.attachment}`, { token: tokens['carmen.flores'] });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="quote <2026>.pdf"; filename*=UTF-8''${encodeURIComponent('quote <2026>.pdf')}`,
    );
    expect(download.body).toBe('%PDF-1.4 quote');

    // The cookie an <img> sends works as well as the header.
    const byCookie = await fetch(`${server.baseUrl}/assets/message-attachment/${photo!.attachment}`, {
      headers: { cookie: `token=${tokens['maria.santos']}` },
    });
    expect(byCookie.status).toBe(200);

    // Members only: a non-member and a signed-out caller get nothing.
    const stranger = await server.request('GET', `/assets/message-attachment/${photo!.attachment}`, { token: tokens['jose.garcia'] });
    expect(stranger.status).toBe(404);
    expect((await server.request('GET', `/assets/message-attachment/${photo!.attachment}`)).status).toBe(401);
    expect((await server.request('GET', '/assets/message-attachment/..%2F..%2Fetc%2Fpasswd', { token: tokens['maria.santos'] })).status).toBe(404);

    const files = await get<{ files: { user: { display_name: string }; message_attachment: { original_name: string } }[] }>(
      'carmen.flores',
      `/api/v1/files/${groupId}`,
    );
    expect(files.status).toBe(200);
    expect(files.body.files.map((f) => [f.user.display_name, f.message_attachment.original_name])).toEqual([
      ['Maria Santos', 'quote <2026>.pdf'],
      ['Maria Santos', 'photo.png'],
    ]);
  });

  it('refuses a file over 16 MB with 413 and stores nothing of the message', async () => {
    const before = (await page('juan.delacruz', groupId)).body.messages.length;
    const filesBefore = (await attachmentFiles()).length;
    const big = new Uint8Array(ATTACHMENT_LIMIT_BYTES + 1);
    const response = await send('juan.delacruz', groupId, { message: 'too big' }, [{ name: 'big.bin', type: 'application/octet-stream', bytes: big }]);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(attachmentTooLargeText(ATTACHMENT_LIMIT_MB));
    expect((await page('juan.delacruz', groupId)).body.messages.length).toBe(before);
    expect((await attachmentFiles()).length).toBe(filesBefore);
    expect(await readdir(path.join(server.config.uploadsDir, 'tmp'))).toEqual([]);
  });

  it('is idempotent on client_message_id: a retry returns the stored message (200), never a second one', async () => {
    const data = { message: 'Sent once', client_message_id: 'retry-0001-abcdef' };
    const first = await send('carmen.flores', groupId, data);
    const retry = await send('carmen.flores', groupId, data);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.message.id).toBe(first.body.message.id);
    const concurrent = await Promise.all([1, 2, 3].map(() => send('carmen.flores', groupId, { message: 'race', client_message_id: 'race-0001-abcdef' })));
    expect(new Set(concurrent.map((r) => r.body.message.id)).size).toBe(1);
    const all = (await page('carmen.flores', groupId, '?limit=200')).body.messages;
    expect(all.filter((m) => m.content === 'race')).toHaveLength(1);
    const elsewhere = await send('carmen.flores', warehouseId, data);
    expect(elsewhere.status).toBe(409);
    const badId = await send('carmen.flores', groupId, { message: 'x', client_message_id: 'no spaces allowed' });
    expect(badId.status).toBe(400);
  });

  it('replies carry the target, which must be in the same conversation', async () => {
    const target = (await page('maria.santos', groupId)).body.messages.find((m) => m.content === 'Price list is out')!;
    const reply = await send('maria.santos', groupId, { message: 'Thanks!', reply_to_message_id: target.id });
    expect(reply.status).toBe(201);
    expect(reply.body.message.reply_to_message_detail).toMatchObject({ id: target.id, content: 'Price list is out', is_deleted: false, user: { display_name: 'Juan Dela Cruz' } });
    const foreign = (await page('jose.garcia', warehouseId)).body.messages[0]!;
    const refused = await send('maria.santos', groupId, { message: 'x', reply_to_message_id: foreign.id });
    expect(refused.status).toBe(400);
  });

  it('answers a new message, a reply and a thread reply exactly as they are read back later', async () => {
    // The send answers from what it stored, without reading the message back (docs/DESIGN.md, "The send path").
    const target = (await page('maria.santos', groupId)).body.messages.find((m) => m.content === 'Price list is out')!;
    const sent = await send('maria.santos', groupId, { message: 'Told as stored', reply_to_message_id: target.id, client_message_id: 'parity-0001-abcdef' });
    expect(sent.status).toBe(201);
    const read = (await page('carmen.flores', groupId, '?limit=200')).body.messages.find((m) => m.id === sent.body.message.id)!;
    // Reading it made Carmen one of its readers; everything else is as the send answered.
    expect(read.message_reads.map((reader) => reader.user.display_name)).toEqual(['Carmen Flores']);
    expect(sent.body.message).toEqual({ ...read, message_reads: [] });

    const form = new FormData();
    form.append('data', JSON.stringify({ message: 'In the thread', mention_data: [] }));
    const reply = await server.request<{ message: Message }>('POST', `/api/v1/messages/${groupId}/${target.id}`, { token: tokens['carmen.flores'], form });
    expect(reply.status).toBe(201);
    const thread = await get<{ thread_detail: { replies: Message[] } }>('carmen.flores', `/api/v1/messages/thread/${groupId}/${target.id}`);
    const stored = thread.body.thread_detail.replies.find((m) => m.id === reply.body.message.id)!;
    expect(reply.body.message).toEqual({ ...stored, message_reads: [] });
  });

  it('refuses a malformed data part and unexpected file fields', async () => {
    const form = new FormData();
    form.append('data', '{not json');
    const response = await server.request('POST', `/api/v1/messages/${groupId}`, { token: tokens['maria.santos'], form });
    expect(response.status).toBe(400);
    const other = new FormData();
    other.append('data', JSON.stringify({ message: 'x' }));
    other.append('avatar', new Blob(['x']), 'x.txt');
    expect((await server.request('POST', `/api/v1/messages/${groupId}`, { token: tokens['maria.santos'], form: other })).status).toBe(400);
  });
});

describe('reading', () => {
  it('pages 30 newest first then 10 before the oldest, oldest first within a page', async () => {
    for (let index = 1; index <= 45; index += 1) {
      const response = await send(index % 2 ? 'juan.delacruz' : 'carmen.flores', groupId, { message: `bulk ${index}` });
      expect(response.status).toBe(201);
    }
    const first = await page('maria.santos', groupId);
    expect(first.body.messages).toHaveLength(30);
    expect(first.body.has_more).toBe(true);
    expect(first.body.messages.at(-1)!.content).toBe('bulk 45');
    expect(first.body.messages[0]!.content).toBe('bulk 16');
    const ids = first.body.messages.map((m) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    const older = await page('maria.santos', groupId, `?limit=10&before=${ids[0]}`);
    expect(older.body.messages.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `bulk ${i + 6}`));
    const grown = await page('maria.santos', groupId, '?page=1&limit=40');
    expect(grown.body.messages[0]!.content).toBe('bulk 6');
    const after = await page('maria.santos', groupId, `?after=${ids.at(-2)}`);
    expect(after.body.messages.map((m) => m.content)).toEqual(['bulk 45']);
    // has_more at the edge: a page holding exactly every message has nothing older.
    const everything = await page('maria.santos', groupId, '?limit=200');
    expect(everything.body.has_more).toBe(false);
    const total = everything.body.messages.length;
    expect((await page('maria.santos', groupId, `?limit=${total}`)).body.has_more).toBe(false);
    expect((await page('maria.santos', groupId, `?limit=${total - 1}`)).body.has_more).toBe(true);
    expect((await page('maria.santos', groupId, `?limit=10&before=${everything.body.messages[1]!.id}`)).body.has_more).toBe(false);
    for (const query of ['?limit=0', '?limit=201', '?before=abc', '?page=-1']) {
      expect((await page('maria.santos', groupId, query)).status, query).toBe(400);
    }
  });

  it('shows seen-by from the read cursors: each reader once, never the sender', async () => {
    await page('carmen.flores', groupId);
    const latest = (await page('juan.delacruz', groupId)).body.messages.at(-1)!;
    expect(latest.content).toBe('bulk 45');
    const readers = latest.message_reads.map((r) => r.user.display_name).sort();
    expect(readers).toEqual(['Carmen Flores', 'Maria Santos']);
  });
});

describe('deleting', () => {
  it('deletes only one’s own message: DELETED CHAT, attachments gone, DELETE logged', async () => {
    const sent = await send('maria.santos', groupId, { message: 'oops' }, [{ name: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode('notes') }]);
    const message = sent.body.message;
    const stored = message.message_attachment[0]!.attachment;

    const notMine = await call('juan.delacruz', 'DELETE', `/api/v1/messages/${groupId}/${message.id}`);
    expect(notMine.status).toBe(403);
    const deleted = await call<{ conversation_action: { action: string } }>('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${message.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.conversation_action.action).toBe('DELETE');
    const again = await call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${message.id}`);
    expect(again.status).toBe(409);

    const shown = (await page('juan.delacruz', groupId)).body.messages.find((m) => m.id === message.id)!;
    expect(shown).toMatchObject({ is_deleted: true, content: '', message_attachment: [] });
    expect(await attachmentFiles()).not.toContain(stored);
    expect((await server.request('GET', `/assets/message-attachment/${stored}`, { token: tokens['maria.santos'] })).status).toBe(404);
    const files = await get<{ files: { message_attachment: { attachment: string } }[] }>('maria.santos', `/api/v1/files/${groupId}`);
    expect(files.body.files.map((f) => f.message_attachment.attachment)).not.toContain(stored);

    // A reply to a deleted message shows it deleted.
    const replyTarget = await send('maria.santos', groupId, { message: 'to be removed' });
    const reply = await send('juan.delacruz', groupId, { message: 'answer', reply_to_message_id: replyTarget.body.message.id });
    await call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${replyTarget.body.message.id}`);
    const answer = (await page('juan.delacruz', groupId)).body.messages.find((m) => m.id === reply.body.message.id)!;
    expect(answer.reply_to_message_detail).toMatchObject({ is_deleted: true, content: '' });

    expect((await call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/99999999`)).status).toBe(404);
  });
});

describe('pinning a message', () => {
  it('keeps one pin per conversation: pinning replaces, pinning the pinned one unpins; PIN logged', async () => {
    const messages = (await page('maria.santos', groupId)).body.messages.filter((m) => !m.is_deleted);
    const [first, second] = [messages.at(-1)!, messages.at(-2)!];
    const pinned = await call<{ message: Message }>('carmen.flores', 'PATCH', `/api/v1/messages/${groupId}/${first.id}`);
    expect(pinned.status).toBe(200);
    expect(pinned.body.message).toMatchObject({ id: first.id, is_pinned: true });
    await call('maria.santos', 'PATCH', `/api/v1/messages/${groupId}/${second.id}`);
    const detail = await get<{ conversation: { pinned_message: Message | null } }>('juan.delacruz', `/api/v2/conversations/${groupId}`);
    expect(detail.body.conversation.pinned_message?.id).toBe(second.id);
    const list = (await page('juan.delacruz', groupId)).body.messages;
    expect(list.filter((m) => m.is_pinned).map((m) => m.id)).toEqual([second.id]);

    const unpinned = await call<{ message: null }>('maria.santos', 'PATCH', `/api/v1/messages/${groupId}/${second.id}`);
    expect(unpinned.body.message).toBeNull();
    const after = await get<{ conversation: { pinned_message: Message | null } }>('juan.delacruz', `/api/v2/conversations/${groupId}`);
    expect(after.body.conversation.pinned_message).toBeNull();

    const log = await get<{ conversation_actions: { action: string; detail: string }[] }>('juan.delacruz', `/api/v1/conversations/actions/${groupId}`);
    expect(log.body.conversation_actions.filter((a) => a.action === 'PIN').map((a) => a.detail)).toEqual(['unpinned', 'pinned', 'pinned']);

    const deleted = (await page('maria.santos', groupId)).body.messages.find((m) => m.is_deleted)!;
    expect((await call('maria.santos', 'PATCH', `/api/v1/messages/${groupId}/${deleted.id}`)).status).toBe(400);
  });

  it('a muted member may neither send nor pin', async () => {
    await call('juan.delacruz', 'PATCH', `/api/v1/conversation-member/${groupId}/${userIds['Carmen Flores']}`, { action: 'mute' });
    const message = (await page('carmen.flores', groupId)).body.messages.at(-1)!;
    const pin = await call('carmen.flores', 'PATCH', `/api/v1/messages/${groupId}/${message.id}`);
    expect(pin.status).toBe(403);
    expect(pin.body.message).toBe(TEXT.restrictedFromChatting);
    await call('juan.delacruz', 'PATCH', `/api/v1/conversation-member/${groupId}/${userIds['Carmen Flores']}`, { action: 'mute' });
  });
});

describe('search and position', () => {
  it('finds messages of this conversation by word prefix, case-insensitively, never deleted ones', async () => {
    await send('juan.delacruz', groupId, { message: 'Cement at 100% markup_rate' });
    const search = (keyword: string) =>
      call<{ result: { content: string; conversation_id: number; user: { display_name: string } }[] }>(
        'maria.santos',
        'POST',
        `/api/v1/messages/search/${groupId}`,
        { keyword },
      );
    const hits = await search('CEMENT');
    expect(hits.status).toBe(200);
    expect(hits.body.result.map((r) => r.content)).toEqual(['Cement at 100% markup_rate']);
    expect((await search('cem mark')).body.result).toHaveLength(1);
    // Inside a word is not a word prefix; punctuation alone matches nothing (and is no error).
    expect((await search('ement')).body.result).toHaveLength(0);
    const wildcard = await search('%');
    expect([wildcard.status, wildcard.body.result]).toEqual([200, []]);
    expect((await search('oops')).body.result).toHaveLength(0);
    // Another conversation's messages are never found here.
    expect((await search('Tacloban')).body.result).toHaveLength(0);
    expect((await search('  ')).status).toBe(400);
  });

  it('answers the position as the index from the newest, with the text', async () => {
    const messages = (await page('maria.santos', groupId, '?limit=50')).body.messages;
    const target = messages.at(-5)!;
    const response = await get<{ response: { index: number; query: string; thread: { thread_reply: boolean; message_id: number | null } } }>(
      'maria.santos',
      `/api/v1/messages/${groupId}/${target.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.response).toEqual({ index: 4, query: target.content, thread: { thread_reply: false, message_id: null } });
    const foreign = (await page('jose.garcia', warehouseId)).body.messages[0]!;
    expect((await get('maria.santos', `/api/v1/messages/${groupId}/${foreign.id}`)).status).toBe(404);
  });
});

describe('a non-member never gets a byte of a conversation', () => {
  it('answers 404 to messages, send, files, members, activity, position, search, pin, delete', async () => {
    const message = (await page('maria.santos', groupId)).body.messages.at(-1)!;
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/v1/messages/${groupId}`],
      ['GET', `/api/v1/files/${groupId}`],
      ['GET', `/api/v2/conversations/${groupId}`],
      ['GET', `/api/v1/conversations/${groupId}`],
      ['GET', `/api/v1/conversations/actions/${groupId}`],
      ['GET', `/api/v1/messages/${groupId}/${message.id}`],
      ['POST', `/api/v1/messages/search/${groupId}`, { keyword: 'bulk' }],
      ['PATCH', `/api/v1/messages/${groupId}/${message.id}`],
      ['DELETE', `/api/v1/messages/${groupId}/${message.id}`],
      ['PATCH', `/api/v1/conversations/${groupId}`, { action: 'pin' }],
      ['PATCH', `/api/v1/conversations/${groupId}`, { action: 'leave' }],
      ['PUT', `/api/v1/conversation-member/${groupId}`, { user_id: userIds['Grace Tan'] }],
      ['PATCH', `/api/v1/conversation-member/${groupId}/${userIds['Maria Santos']}`, { action: 'remove' }],
    ];
    for (const [method, url, json] of probes) {
      const response = await call('jose.garcia', method, url, json);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(response.body)).not.toMatch(/bulk|Pricing|Maria/);
    }
    expect((await send('jose.garcia', groupId, { message: 'let me in' })).status).toBe(404);
    // Nothing changed: Maria is still a member, the message still there.
    const detail = await get<{ conversation: { members: { user_id: number }[] } }>('juan.delacruz', `/api/v2/conversations/${groupId}`);
    expect(detail.body.conversation.members.map((m) => m.user_id)).toContain(userIds['Maria Santos']);
  });
});

describe('a conversation of 10 000 messages', () => {
  it('opens at the newest page quickly and pages back by id', async () => {
    const db = server.database.db;
    const time = Date.now();
    const senderId = userIds['Maria Santos']!;
    const big = await db
      .insertInto('conversations')
      .values({ name: 'Archive', image: null, is_group: true, personal_key: null, created_by: senderId, last_message_at: time, created_at: time, updated_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('conversation_members')
      .values({ conversation_id: big.id, user_id: senderId, is_admin: true, is_muted: false, is_pinned: false, last_read_message_id: 0, joined_at: time })
      .execute();
    for (let batch = 0; batch < 10; batch += 1) {
      await db
        .insertInto('messages')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            conversation_id: big.id,
            sender_id: senderId,
            content: `archived ${batch * 1000 + i + 1}`,
            is_deleted: false,
            created_at: time + batch * 1000 + i,
            updated_at: time + batch * 1000 + i,
          })),
        )
        .execute();
    }
    const newest = await page('maria.santos', big.id);
    expect(newest.body.messages.at(-1)!.content).toBe('archived 10000');
    expect(newest.body.messages).toHaveLength(30);
    const oldestId = newest.body.messages[0]!.id;
    const older = await page('maria.santos', big.id, `?limit=10&before=${oldestId}`);
    expect(older.body.messages.at(-1)!.content).toBe('archived 9970');
    const target = older.body.messages[0]!;
    const position = await get<{ response: { index: number } }>('maria.santos', `/api/v1/messages/${big.id}/${target.id}`);
    expect(position.body.response.index).toBe(39);
  });
});

describe('downloading', () => {
  it('sends every attachment back byte for byte, whatever its first bytes, to a client that accepts gzip', async () => {
    // Bytes that open like a zlib stream (0x78 0x9c; "x " is one too) once went out labelled
    // gzip but unchanged, and the client could not read them: about one random upload in a thousand.
    const random = new Uint8Array(4096).map(() => Math.floor(Math.random() * 256));
    const zlibLooking = new Uint8Array([0x78, 0x9c, ...random]);
    const note = new TextEncoder().encode(`x marks the spot: ${'the yard behind the warehouse, '.repeat(60)}`);
    const response = await send('maria.santos', groupId, { message: 'two files' }, [
      { name: 'sensor.dat', type: 'application/octet-stream', bytes: zlibLooking },
      { name: 'map.txt', type: 'text/plain', bytes: note },
    ]);
    expect(response.status).toBe(201);
    for (const [index, sent] of [zlibLooking, note].entries()) {
      const stored = response.body.message.message_attachment[index]!.attachment;
      const download = await fetch(`${server.baseUrl}/assets/message-attachment/${stored}`, {
        headers: { authorization: `Bearer ${tokens['carmen.flores']}`, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-encoding')).toBeNull();
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(sent);
    }
  });
});
