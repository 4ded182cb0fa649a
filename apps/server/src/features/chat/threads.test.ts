/**
 * Threads (000 §7): the thread reply and thread detail calls, their refusals, the live
 * 'user-thread-chat' record, thread mentions on the bell, and the position of a reply.
 */
import { TEXT, type ChatMessageRecord, type Message, type ThreadDetail } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatRoom, type ChatClient } from '../../test-support/chat-client.js';
import { nextEvent } from '../../test-support/socket-waits.js';

let chat: ChatClient;
let groupId: number;
let parent: Message;

const thread = (user: string, conversationId: number, messageId: number) =>
  chat.get<{ thread_detail: ThreadDetail }>(user, `/api/v1/messages/thread/${conversationId}/${messageId}`);

let room: Awaited<ReturnType<typeof openChatRoom>>;
beforeAll(async () => {
  room = await openChatRoom(['maria.santos', 'juan.delacruz', 'carmen.flores', 'jose.garcia'], { creator: 'juan.delacruz', name: 'Thread Room', members: ['Maria Santos', 'Carmen Flores'] });
  ({ chat, groupId } = room);
  parent = (await chat.send('juan.delacruz', groupId, { message: 'Delivery plan for Monday' })).body.message;
});
afterAll(() => room.close());

describe('replying in a thread', () => {
  it('stores the reply under its parent, outside the main list, and answers it (201)', async () => {
    const reply = await chat.send('maria.santos', groupId, { message: '  Two trucks are ready  ' }, { threadParentId: parent.id });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toMatchObject({
      content: 'Two trucks are ready',
      reply_to_thread_message_id: parent.id,
      conversation_id: groupId,
      user: { display_name: 'Maria Santos' },
    });
    const main = await chat.get<{ messages: Message[] }>('carmen.flores', `/api/v1/messages/${groupId}`);
    expect(main.body.messages.map((m) => m.id)).toEqual([parent.id]);
    expect(main.body.messages[0]!.thread_replies).toEqual([{ id: reply.body.message.id, reply_to_thread_message_id: parent.id }]);

    // The conversation's latest message is now a thread reply (the sidebar opens the thread).
    const list = await chat.get<{ conversations: { id: number; last_message: { is_thread_reply: boolean; id: number } }[] }>(
      'juan.delacruz',
      '/api/v2/conversations?conversation_filter=group',
    );
    const item = list.body.conversations.find((c) => c.id === groupId)!;
    expect(item.last_message).toMatchObject({ id: reply.body.message.id, is_thread_reply: true });
  });

  it('takes attachments with the reply, under either file field', async () => {
    const bytes = new TextEncoder().encode('load list');
    for (const fileField of ['attachments', 'message_attachments']) {
      const reply = await chat.send(
        'carmen.flores',
        groupId,
        { message: 'List attached' },
        { threadParentId: parent.id, fileField, files: [{ name: 'load.txt', type: 'text/plain', bytes }] },
      );
      expect(reply.status, fileField).toBe(201);
      expect(reply.body.message.message_attachment.map((file) => file.original_name)).toEqual(['load.txt']);
    }
  });

  it('refuses empty text, even with a file, and stores nothing', async () => {
    const before = (await thread('juan.delacruz', groupId, parent.id)).body.thread_detail.replies.length;
    for (const message of ['', '   ']) {
      const refused = await chat.send('maria.santos', groupId, { message }, { threadParentId: parent.id });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(TEXT.emptyMessage);
    }
    const withFile = await chat.send(
      'maria.santos',
      groupId,
      { message: ' ' },
      { threadParentId: parent.id, files: [{ name: 'a.txt', type: 'text/plain', bytes: new TextEncoder().encode('a') }] },
    );
    expect(withFile.status).toBe(400);
    expect((await thread('juan.delacruz', groupId, parent.id)).body.thread_detail.replies).toHaveLength(before);
  });

  it('refuses a thread on a reply, a parent from another conversation, non-members and the muted', async () => {
    const replyId = (await thread('juan.delacruz', groupId, parent.id)).body.thread_detail.replies[0]!.id;
    const nested = await chat.send('maria.santos', groupId, { message: 'deeper' }, { threadParentId: replyId });
    expect(nested.status).toBe(400);

    const warehouse = (await chat.get<{ conversations: { id: number; name: string }[] }>('jose.garcia', '/api/v2/conversations?conversation_filter=group')).body.conversations.find(
      (c) => c.name === 'Warehouse Ops',
    )!;
    const foreign = (await chat.get<{ messages: Message[] }>('jose.garcia', `/api/v1/messages/${warehouse.id}`)).body.messages[0]!;
    expect((await chat.send('maria.santos', groupId, { message: 'hi' }, { threadParentId: foreign.id })).status).toBe(404);

    const outsider = await chat.send('jose.garcia', groupId, { message: 'let me in' }, { threadParentId: parent.id });
    expect(outsider.status).toBe(404);
    const peek = await thread('jose.garcia', groupId, parent.id);
    expect(peek.status).toBe(404);
    expect(JSON.stringify(peek.body)).not.toMatch(/Delivery|trucks/);

    await chat.call('juan.delacruz', 'PATCH', `/api/v1/conversation-member/${groupId}/${chat.ids['Carmen Flores']}`, { action: 'mute' });
    const muted = await chat.send('carmen.flores', groupId, { message: 'muted reply' }, { threadParentId: parent.id });
    expect([muted.status, muted.body.message]).toEqual([403, TEXT.restrictedFromChatting]);
    await chat.call('juan.delacruz', 'PATCH', `/api/v1/conversation-member/${groupId}/${chat.ids['Carmen Flores']}`, { action: 'mute' });
  });
});

describe('the thread detail', () => {
  it('answers the parent and every reply oldest first, also when asked by a reply id', async () => {
    const detail = await thread('carmen.flores', groupId, parent.id);
    expect(detail.status).toBe(200);
    const { parent: shownParent, replies } = detail.body.thread_detail;
    expect(shownParent.id).toBe(parent.id);
    expect(replies.map((r) => r.content)).toEqual(['Two trucks are ready', 'List attached', 'List attached']);
    expect(replies.every((r) => r.reply_to_thread_message_id === parent.id)).toBe(true);
    const viaReply = await thread('carmen.flores', groupId, replies[1]!.id);
    expect(viaReply.body.thread_detail.parent.id).toBe(parent.id);
    expect((await thread('carmen.flores', groupId, 999_999)).status).toBe(404);
  });

  it('shows a deleted parent as deleted, without text or files, and keeps its replies', async () => {
    const doomed = (await chat.send('maria.santos', groupId, { message: 'Wrong price posted' })).body.message;
    await chat.send('juan.delacruz', groupId, { message: 'Which one?' }, { threadParentId: doomed.id });
    expect((await chat.call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${doomed.id}`)).status).toBe(200);
    const detail = (await thread('juan.delacruz', groupId, doomed.id)).body.thread_detail;
    expect(detail.parent).toMatchObject({ id: doomed.id, is_deleted: true, content: '', message_attachment: [] });
    expect(detail.replies.map((r) => r.content)).toEqual(['Which one?']);
  });

  it('a deleted reply stays in the thread as deleted and leaves the reply count', async () => {
    const reply = (await chat.send('maria.santos', groupId, { message: 'typo reply' }, { threadParentId: parent.id })).body.message;
    const countBefore = (await thread('maria.santos', groupId, parent.id)).body.thread_detail.parent.thread_replies.length;
    expect((await chat.call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${reply.id}`)).status).toBe(200);
    const detail = (await thread('maria.santos', groupId, parent.id)).body.thread_detail;
    expect(detail.replies.find((r) => r.id === reply.id)).toMatchObject({ is_deleted: true, content: '' });
    expect(detail.parent.thread_replies).toHaveLength(countBefore - 1);
    // Someone else's reply cannot be deleted.
    const juans = (await chat.send('juan.delacruz', groupId, { message: 'mine' }, { threadParentId: parent.id })).body.message;
    expect((await chat.call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${juans.id}`)).status).toBe(403);
  });

  it('answers the position of a reply with its thread', async () => {
    const reply = (await thread('maria.santos', groupId, parent.id)).body.thread_detail.replies[0]!;
    const position = await chat.get<{ response: { index: number; query: string; thread: { thread_reply: boolean; message_id: number | null } } }>(
      'maria.santos',
      `/api/v1/messages/${groupId}/${reply.id}`,
    );
    expect(position.body.response.thread).toEqual({ thread_reply: true, message_id: parent.id });
    expect(position.body.response.query).toBe('Two trucks are ready');
    expect((await chat.get('jose.garcia', `/api/v1/messages/${groupId}/${reply.id}`)).status).toBe(404);
  });
});

describe('live', () => {
  it('sends a new reply to the room as user-thread-chat with the parent as chat_id, and its delete likewise', async () => {
    const watcher = await chat.openSocket('carmen.flores');
    await chat.joinRoom(watcher, groupId);
    const arrived = nextEvent<ChatMessageRecord>(watcher, 'message', (record) => record.type === 'user-thread-chat' && record.action === undefined);
    const reply = (await chat.send('juan.delacruz', groupId, { message: 'Leaving at 6' }, { threadParentId: parent.id })).body.message;
    const record = await arrived;
    expect(record).toMatchObject({ id: reply.id, chat_id: parent.id, conversation_id: groupId, sender_id: chat.ids['Juan Dela Cruz'] });
    expect((record.data as Message).reply_to_thread_message_id).toBe(parent.id);

    const removed = nextEvent<ChatMessageRecord>(watcher, 'message', (r) => r.type === 'user-thread-chat' && r.action === 'DELETE');
    await chat.call('juan.delacruz', 'DELETE', `/api/v1/messages/${groupId}/${reply.id}`);
    expect(await removed).toMatchObject({ id: reply.id, chat_id: parent.id, action: 'DELETE' });
  });
});
