/**
 * The bell (000 §2, §3): mention, thread mention, 'All', mute, unmute and removed notifications,
 * the live push to the recipient, the entry's fields, and read/delete of one's own only.
 */
import type { Message, Notification } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatRoom, type ChatClient } from '../../test-support/chat-client.js';
import { nextEvent } from '../../test-support/socket-waits.js';

let chat: ChatClient;
let groupId: number;

const bell = async (user: string) =>
  (await chat.get<{ count: number; unread_count: number; notifications: Notification[] }>(user, '/api/v1/users/notifications')).body;
const newest = async (user: string) => (await bell(user)).notifications[0];
const mention = (name: string, id: number | 'all') => ({ id, name });

let room: Awaited<ReturnType<typeof openChatRoom>>;
beforeAll(async () => {
  room = await openChatRoom(['maria.santos', 'juan.delacruz', 'carmen.flores', 'jose.garcia', 'grace.tan'], { creator: 'juan.delacruz', name: 'Site Team', members: ['Maria Santos', 'Carmen Flores'] });
  ({ chat, groupId } = room);
});
afterAll(() => room.close());

describe('mentions', () => {
  it('notifies a mentioned member live, with sender, preview and conversation', async () => {
    const socket = await chat.openSocket('maria.santos');
    const pushed = nextEvent<{ notification_type: string }>(socket, 'notification');
    const before = (await bell('maria.santos')).unread_count;
    const sent = await chat.send('juan.delacruz', groupId, {
      message: '@@Maria Santos@@ please check the delivery receipt',
      mention_data: [mention('Maria Santos', chat.ids['Maria Santos']!)],
    });
    expect(sent.status).toBe(201);
    expect(await pushed).toEqual({ notification_type: 'mention' });
    const after = await bell('maria.santos');
    expect(after.unread_count).toBe(before + 1);
    expect(after.notifications[0]).toMatchObject({
      is_read: false,
      notification_type: 'mention',
      conversation_id: groupId,
      message_id: sent.body.message.id,
      reply_to_thread_message_id: null,
      notification_sender_details: { display_name: 'Juan Dela Cruz' },
      message_details: { content: '@@Maria Santos@@ please check the delivery receipt' },
      conversation_details: { name: 'Site Team' },
    });
    // Carmen was not mentioned.
    expect((await bell('carmen.flores')).notifications.some((n) => n.message_id === sent.body.message.id)).toBe(false);
  });

  it('a thread mention points at the reply and its thread', async () => {
    const parent = (await chat.send('maria.santos', groupId, { message: 'Truck schedule' })).body.message;
    const reply = (
      await chat.send(
        'juan.delacruz',
        groupId,
        { message: 'Noted @@Carmen Flores@@', mention_data: [mention('Carmen Flores', chat.ids['Carmen Flores']!)] },
        { threadParentId: parent.id },
      )
    ).body.message;
    expect(await newest('carmen.flores')).toMatchObject({
      notification_type: 'thread mention',
      message_id: reply.id,
      reply_to_thread_message_id: parent.id,
    });
  });

  it('All notifies every other member; the sender never notifies themselves', async () => {
    const counts = async () => Promise.all(['maria.santos', 'carmen.flores', 'juan.delacruz'].map(async (u) => (await bell(u)).unread_count));
    const [maria, carmen, juan] = await counts();
    await chat.send('juan.delacruz', groupId, { message: '@@All@@ meeting at 3', mention_data: [mention('All', 'all'), mention('Juan Dela Cruz', chat.ids['Juan Dela Cruz']!)] });
    expect(await counts()).toEqual([maria! + 1, carmen! + 1, juan]);
  });

  it('a mention of a non-member, or one no longer in the text, notifies nobody and reveals nothing', async () => {
    const grace = (await bell('grace.tan')).unread_count;
    const maria = (await bell('maria.santos')).unread_count;
    const sent = await chat.send('juan.delacruz', groupId, {
      message: '@@Grace Tan@@ and Maria',
      mention_data: [mention('Grace Tan', chat.ids['Grace Tan']!), mention('Maria Santos', chat.ids['Maria Santos']!)],
    });
    expect(sent.status).toBe(201);
    // Grace's account (her email, her id) appears nowhere in the answer.
    expect(JSON.stringify(sent.body)).not.toMatch(/grace\.tan/i);
    expect(JSON.stringify(sent.body)).not.toContain(`"id":${chat.ids['Grace Tan']},"display_name"`);
    expect((await bell('grace.tan')).unread_count).toBe(grace);
    expect((await bell('maria.santos')).unread_count).toBe(maria);
    // An id that names nobody is ignored too.
    const ghost = await chat.send('juan.delacruz', groupId, { message: '@@Ghost@@', mention_data: [mention('Ghost', 999_999)] });
    expect(ghost.status).toBe(201);
  });
});

describe('mute, unmute and removal', () => {
  it('tells the member each time, live, and removed is the last word', async () => {
    const socket = await chat.openSocket('carmen.flores');
    const member = `/api/v1/conversation-member/${groupId}/${chat.ids['Carmen Flores']}`;
    const mutePushed = nextEvent<{ notification_type: string }>(socket, 'notification');
    await chat.call('juan.delacruz', 'PATCH', member, { action: 'mute' });
    expect(await mutePushed).toEqual({ notification_type: 'mute' });
    expect(await newest('carmen.flores')).toMatchObject({ notification_type: 'mute', conversation_id: groupId, message_id: null, notification_sender_details: { display_name: 'Juan Dela Cruz' }, conversation_details: { name: 'Site Team' } });
    await chat.call('juan.delacruz', 'PATCH', member, { action: 'mute' });
    expect((await newest('carmen.flores'))?.notification_type).toBe('unmute');
    await chat.call('juan.delacruz', 'PATCH', member, { action: 'remove' });
    expect((await newest('carmen.flores'))?.notification_type).toBe('removed');
  });
});

describe('the entries', () => {
  it('names a personal conversation after the sender', async () => {
    const direct = await chat.call<{ conversation_id: number }>('maria.santos', 'POST', '/api/v1/direct-message', {
      recipients: [chat.ids['Grace Tan']],
      message: 'hello',
    });
    await chat.send('maria.santos', direct.body.conversation_id, { message: '@@Grace Tan@@ see this', mention_data: [mention('Grace Tan', chat.ids['Grace Tan']!)] });
    expect((await newest('grace.tan'))?.conversation_details).toEqual({ name: 'Maria Santos', image: '' });
  });

  it('shows a deleted message’s entry without its text', async () => {
    const sent = (
      await chat.send('juan.delacruz', groupId, { message: '@@Maria Santos@@ secret price', mention_data: [mention('Maria Santos', chat.ids['Maria Santos']!)] })
    ).body.message as Message;
    await chat.call('juan.delacruz', 'DELETE', `/api/v1/messages/${groupId}/${sent.id}`);
    const entry = (await bell('maria.santos')).notifications.find((n) => n.message_id === sent.id);
    expect(entry?.message_details).toEqual({ content: '' });
  });

  it('marks read and deletes only one’s own', async () => {
    const entry = (await newest('maria.santos'))!;
    expect((await chat.call('grace.tan', 'POST', `/api/v1/notifications/${entry.id}`, { action: 'read' })).status).toBe(404);
    expect((await chat.call('grace.tan', 'POST', `/api/v1/notifications/${entry.id}`, { action: 'delete' })).status).toBe(404);
    const unread = (await bell('maria.santos')).unread_count;
    expect((await chat.call('maria.santos', 'POST', `/api/v1/notifications/${entry.id}`, { action: 'read' })).status).toBe(200);
    expect((await bell('maria.santos')).unread_count).toBe(unread - 1);
    expect((await chat.call('maria.santos', 'POST', `/api/v1/notifications/${entry.id}`, { action: 'archive' })).status).toBe(400);
    expect((await chat.call('maria.santos', 'POST', `/api/v1/notifications/${entry.id}`, { action: 'delete' })).status).toBe(200);
    expect((await bell('maria.santos')).notifications.some((n) => n.id === entry.id)).toBe(false);
  });
});
