/**
 * Reactions (000 §3, §7): one call adds and removes, grouped data on the message, the six types
 * only, the refusals, the live list to the room and the author's bell.
 */
import { REACTION_TYPES, TEXT, type LiveMessageRecord, type Message, type MessageReaction, type Notification, type ReactionsChanged } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatRoom, type ChatClient } from '../../test-support/chat-client.js';
import { nextEvent } from '../../test-support/socket-waits.js';

let chat: ChatClient;
let groupId: number;
let message: Message;

const react = (user: string, messageId: number, reaction_type: unknown, conversationId = groupId) =>
  chat.call<{ message_reaction: MessageReaction | null; removed: boolean }>(user, 'PUT', `/api/v1/messages/${conversationId}/${messageId}`, { reaction_type });
const reactionsOf = async (messageId: number) =>
  (await chat.get<{ messages: Message[] }>('juan.delacruz', `/api/v1/messages/${groupId}?limit=50`)).body.messages.find((m) => m.id === messageId)!
    .message_reactions;
const bell = (user: string) => chat.get<{ unread_count: number; notifications: Notification[] }>(user, '/api/v1/users/notifications');

let room: Awaited<ReturnType<typeof openChatRoom>>;
beforeAll(async () => {
  room = await openChatRoom(['maria.santos', 'juan.delacruz', 'carmen.flores', 'jose.garcia'], { creator: 'juan.delacruz', name: 'Reaction Room', members: ['Maria Santos', 'Carmen Flores'] });
  ({ chat, groupId } = room);
  message = (await chat.send('maria.santos', groupId, { message: 'Quotation sent to the client' })).body.message;
});
afterAll(() => room.close());

describe('adding and removing', () => {
  it('adds on the first call and removes on the second, and lists who reacted with what', async () => {
    const added = await react('juan.delacruz', message.id, 'heart');
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ removed: false, message_reaction: { type: 'heart', user_id: chat.ids['Juan Dela Cruz'], message_id: message.id } });
    await react('carmen.flores', message.id, 'heart');
    await react('carmen.flores', message.id, 'salute');
    const listed = await reactionsOf(message.id);
    expect(listed.map((r) => [r.type, r.user.display_name])).toEqual([
      ['heart', 'Juan Dela Cruz'],
      ['heart', 'Carmen Flores'],
      ['salute', 'Carmen Flores'],
    ]);
    const removed = await react('carmen.flores', message.id, 'heart');
    expect(removed.body).toMatchObject({ removed: true, message_reaction: null });
    expect((await reactionsOf(message.id)).map((r) => [r.type, r.user.display_name])).toEqual([
      ['heart', 'Juan Dela Cruz'],
      ['salute', 'Carmen Flores'],
    ]);
  });

  it('takes each of the six types and nothing else', async () => {
    for (const type of REACTION_TYPES) expect((await react('maria.santos', message.id, type)).status).toBe(200);
    for (const bad of ['angry', '', null, 5, 'HEART']) {
      const refused = await react('maria.santos', message.id, bad);
      expect([refused.status, refused.body]).toEqual([400, { success: false, message: 'Unknown reaction type.' }]);
    }
    const missing = await chat.call('maria.santos', 'PUT', `/api/v1/messages/${groupId}/${message.id}`);
    expect(missing.status).toBe(400);
    for (const type of REACTION_TYPES) await react('maria.santos', message.id, type);
  });

  it('refuses non-members, the muted, deleted messages and messages of another conversation', async () => {
    const outsider = await react('jose.garcia', message.id, 'like');
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toMatch(/Quotation/);

    await chat.call('juan.delacruz', 'PATCH', `/api/v1/conversation-member/${groupId}/${chat.ids['Carmen Flores']}`, { action: 'mute' });
    expect(await react('carmen.flores', message.id, 'like')).toMatchObject({ status: 403, body: { message: TEXT.restrictedFromChatting } });
    await chat.call('juan.delacruz', 'PATCH', `/api/v1/conversation-member/${groupId}/${chat.ids['Carmen Flores']}`, { action: 'mute' });

    const doomed = (await chat.send('maria.santos', groupId, { message: 'to delete' })).body.message;
    await chat.call('maria.santos', 'DELETE', `/api/v1/messages/${groupId}/${doomed.id}`);
    expect((await react('juan.delacruz', doomed.id, 'like')).status).toBe(409);

    const otherGroup = await chat.createGroup('jose.garcia', 'Elsewhere', ['Juan Dela Cruz']);
    expect((await react('juan.delacruz', message.id, 'like', otherGroup)).status).toBe(404);
  });
});

describe('live and the bell', () => {
  it('sends the whole list to the room on messageReaction, for main-chat messages and thread replies', async () => {
    const watcher = await chat.openSocket('maria.santos');
    await chat.joinRoom(watcher, groupId);
    const arrived = nextEvent<LiveMessageRecord>(watcher, 'messageReaction');
    await react('juan.delacruz', message.id, 'like');
    const record = await arrived;
    expect(record).toMatchObject({ type: 'user-reactions-chat', id: message.id, conversation_id: groupId, chat_id: null, sender_id: chat.ids['Juan Dela Cruz'] });
    const data = record.data as ReactionsChanged;
    expect(data.message_id).toBe(message.id);
    expect(data.message_reactions).toEqual(await reactionsOf(message.id));

    const reply = (await chat.send('maria.santos', groupId, { message: 'thread reply' }, { threadParentId: message.id })).body.message;
    const onReply = nextEvent<LiveMessageRecord>(watcher, 'messageReaction', (r) => r.id === reply.id);
    await react('carmen.flores', reply.id, 'thanks');
    expect(await onReply).toMatchObject({ chat_id: message.id });
  });

  it('tells the author once per reactor while unread, never about their own reaction', async () => {
    const fresh = (await chat.send('maria.santos', groupId, { message: 'Bell check' })).body.message;
    const before = (await bell('maria.santos')).body.unread_count;
    const pushed = nextEvent<{ notification_type: string }>(await chat.openSocket('maria.santos'), 'notification');
    await react('juan.delacruz', fresh.id, 'haha');
    expect(await pushed).toEqual({ notification_type: 'reaction' });
    await react('juan.delacruz', fresh.id, 'haha');
    await react('juan.delacruz', fresh.id, 'haha');
    await react('juan.delacruz', fresh.id, 'sad');
    await react('maria.santos', fresh.id, 'like');
    const after = await bell('maria.santos');
    expect(after.body.unread_count).toBe(before + 1);
    expect(after.body.notifications[0]).toMatchObject({
      notification_type: 'reaction',
      conversation_id: groupId,
      message_id: fresh.id,
      notification_sender_details: { display_name: 'Juan Dela Cruz' },
      message_details: { content: 'Bell check' },
      conversation_details: { name: 'Reaction Room' },
    });
  });
});
