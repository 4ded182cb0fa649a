/**
 * The live socket with a real socket.io-client: rooms, every event of 000 §7, the
 * refusals, presence batches, seen-by from read cursors, and catch-up after a reconnect.
 */
import { PRESENCE_BATCH_MS, type ChatMessageRecord, type Message, type OnlineUserRecord } from '@ichat/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatRoom, type ChatClient } from '../test-support/chat-client.js';
import { collect, nextEvent } from '../test-support/socket-waits.js';
import type { TestServer } from '../test-support/test-server.js';
import { JOIN_NOT_A_MEMBER as NOT_A_MEMBER } from '../features/chat/chat-socket.js';
import { SIDEBAR_BATCH_MS } from '../features/chat/chat-live.js';
import { BAD_ROOM } from './socket-server.js';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let chat: ChatClient;
let roomId: number;

/** A connected socket of `user`, closed after the file. */
const open = (user: string): Promise<Socket> => chat.openSocket(user);

const emitWithAck = (socket: Socket, event: string, payload: unknown) => socket.timeout(3_000).emitWithAck(event, payload) as Promise<string>;


const send = (user: string, conversationId: number, text: string, clientMessageId?: string) => {
  const form = new FormData();
  form.append('data', JSON.stringify({ message: text, mention_data: [], ...(clientMessageId ? { client_message_id: clientMessageId } : {}) }));
  return server.request<{ message: Message }>('POST', `/api/v1/messages/${conversationId}`, { token: tokens[user], form });
};

const isChat = (record: ChatMessageRecord) => record.type === 'user-chat' && record.action === undefined;

let room: Awaited<ReturnType<typeof openChatRoom>>;
beforeAll(async () => {
  room = await openChatRoom(['maria.santos', 'juan.delacruz', 'carmen.flores', 'grace.tan', 'jose.garcia'], { creator: 'juan.delacruz', name: 'Live Room', members: ['Maria Santos', 'Carmen Flores'] });
  ({ server, chat, groupId: roomId } = room);
  Object.assign(tokens, chat.tokens);
  Object.assign(ids, chat.ids);
});
afterAll(() => room.close());

describe('rooms', () => {
  it('lets a member join and leave, and refuses a non-member or a bad room with a sentence', async () => {
    const maria = await open('maria.santos');
    expect(await emitWithAck(maria, 'join', { room: roomId, userId: 1, name: 'x' })).toBe('OK');
    expect(await emitWithAck(maria, 'leave', { roomId, userId: 1 })).toBe('OK');
    const grace = await open('grace.tan');
    expect(await emitWithAck(grace, 'join', { room: roomId, userId: ids['Maria Santos'] })).toBe(NOT_A_MEMBER);
    expect(await emitWithAck(grace, 'join', { room: 'abc' })).toBe(BAD_ROOM);
    expect(await emitWithAck(grace, 'join', null)).toBe(BAD_ROOM);

    // Grace never hears the room, even after her refused join.
    const heard = collect<ChatMessageRecord>(grace, 'message', 600);
    await send('juan.delacruz', roomId, 'Members only');
    expect(await heard).toEqual([]);
  });

  it('a removed member stops hearing the room on every socket', async () => {
    const carmen = await open('carmen.flores');
    expect(await emitWithAck(carmen, 'join', { room: roomId })).toBe('OK');
    const carmenHears = nextEvent<ChatMessageRecord>(carmen, 'message', (r) => isChat(r) && (r.data as Message).content === 'Before removal');
    await send('juan.delacruz', roomId, 'Before removal');
    await carmenHears;

    const removal = nextEvent<ChatMessageRecord>(carmen, 'message', (r) => r.type === 'user-sidebar-chat');
    const removed = await server.request('PATCH', `/api/v1/conversation-member/${roomId}/${ids['Carmen Flores']}`, {
      token: tokens['juan.delacruz'],
      json: { action: 'remove' },
    });
    expect(removed.status).toBe(200);
    // Her sidebar is told, so the conversation drops from it.
    expect((await removal).conversation_id).toBe(roomId);
    const after = collect<ChatMessageRecord>(carmen, 'message', 600);
    await send('juan.delacruz', roomId, 'After removal');
    expect((await after).filter(isChat)).toEqual([]);
    expect(await emitWithAck(carmen, 'join', { room: roomId })).toBe(NOT_A_MEMBER);

    const added = await server.request('PUT', `/api/v1/conversation-member/${roomId}`, { token: tokens['juan.delacruz'], json: { user_id: ids['Carmen Flores'] } });
    expect(added.status).toBe(200);
  });
});

describe('messages after they are stored', () => {
  it('sends a new message to the room and to every member’s sidebar, as its stored author', async () => {
    const maria = await open('maria.santos');
    const mariaSidebar = await open('maria.santos');
    const juan = await open('juan.delacruz');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    expect(await emitWithAck(juan, 'join', { room: roomId })).toBe('OK');

    const inRoom = nextEvent<ChatMessageRecord>(maria, 'message', isChat);
    const inSidebar = nextEvent<ChatMessageRecord>(mariaSidebar, 'message', (r) => r.type === 'user-sidebar-chat');
    const sent = await send('juan.delacruz', roomId, 'Delivery at 3 pm');
    expect(sent.status).toBe(201);
    const record = await inRoom;
    expect(record).toMatchObject({ id: sent.body.message.id, conversation_id: roomId, sender_id: ids['Juan Dela Cruz'], type: 'user-chat' });
    expect((record.data as Message).content).toBe('Delivery at 3 pm');
    expect((record.data as Message).user.display_name).toBe('Juan Dela Cruz');
    const sidebar = await inSidebar;
    expect(sidebar.data).toMatchObject({ conversation_id: roomId, message: { id: sent.body.message.id } });
    // Not joined to the room, the sidebar socket does not get the room copy.
    expect(sidebar.type).toBe('user-sidebar-chat');

    const deleted = nextEvent<ChatMessageRecord>(maria, 'message', (r) => r.action === 'DELETE');
    const removal = await server.request('DELETE', `/api/v1/messages/${roomId}/${sent.body.message.id}`, { token: tokens['juan.delacruz'] });
    expect(removal.status).toBe(200);
    expect(await deleted).toMatchObject({ id: sent.body.message.id, action: 'DELETE', type: 'user-chat', sender_id: ids['Juan Dela Cruz'] });
  });

  it('batches sidebar nudges per conversation: the first at once, a burst as one more, carrying the latest', async () => {
    const maria = await open('maria.santos');
    const mariaSidebar = await open('maria.santos');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    // A quiet moment first, so the burst opens a fresh batch window.
    await new Promise((resolve) => setTimeout(resolve, SIDEBAR_BATCH_MS * 2));
    const roomHeard = collect<ChatMessageRecord>(maria, 'message', SIDEBAR_BATCH_MS * 4);
    const sidebarHeard = collect<ChatMessageRecord>(mariaSidebar, 'message', SIDEBAR_BATCH_MS * 4);
    const sent: number[] = [];
    const burstStarted = Date.now();
    for (const text of ['Burst 1', 'Burst 2', 'Burst 3', 'Burst 4', 'Burst 5', 'Burst 6']) sent.push((await send('juan.delacruz', roomId, text)).body.message.id);
    const windows = Math.ceil((Date.now() - burstStarted) / SIDEBAR_BATCH_MS);
    // The room hears every message; the sidebar the first at once, then at most one per window, the latest last.
    expect((await roomHeard).filter(isChat).map((record) => record.id)).toEqual(sent);
    const nudges = (await sidebarHeard).filter((record) => record.type === 'user-sidebar-chat');
    expect(nudges[0]!.id).toBe(sent[0]);
    expect(nudges.at(-1)!.data).toMatchObject({ conversation_id: roomId, message: { id: sent.at(-1), content: 'Burst 6' } });
    expect(nudges.length).toBeLessThanOrEqual(1 + windows);
    expect(nudges.length).toBeLessThan(sent.length);
  });

  it('drops relayed messages, so nobody can speak as another person or into a foreign room', async () => {
    const maria = await open('maria.santos');
    const juan = await open('juan.delacruz');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    const grace = await open('grace.tan');
    const heard = collect<ChatMessageRecord>(maria, 'message', 700);
    const forged = { id: 999_999, conversation_id: roomId, sender_id: ids['Juan Dela Cruz'], content: 'Transfer the funds now', user: { display_name: 'Juan Dela Cruz' } };
    grace.emit('sendMessage', { message: forged, room: roomId, type: 'user-chat' });
    grace.emit('sidebar_sendMessage', { message: forged, room: roomId, type: 'user-sidebar-chat' });
    grace.emit('sendMsgReaction', { message: forged, room: roomId, type: 'user-reactions-chat' });
    juan.emit('sendMessage', { message: forged, room: roomId, type: 'user-chat' });
    expect(await heard).toEqual([]);
  });

  it('a retried send with the same client id stores and announces one message', async () => {
    const maria = await open('maria.santos');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    const heard = collect<ChatMessageRecord>(maria, 'message', 900);
    const first = await send('juan.delacruz', roomId, 'Retry me', 'c-retry-1');
    const retry = await send('juan.delacruz', roomId, 'Retry me', 'c-retry-1');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.message.id).toBe(first.body.message.id);
    expect((await heard).filter(isChat).map((r) => r.id)).toEqual([first.body.message.id]);
  });
});

describe('seen, pin and typing', () => {
  it('a seen receipt moves the sender’s own cursor, whatever id the payload claims, and reaches the room and the reader’s other tabs', async () => {
    const sent = await send('juan.delacruz', roomId, 'Please confirm');
    const juan = await open('juan.delacruz');
    expect(await emitWithAck(juan, 'join', { room: roomId })).toBe('OK');
    const maria = await open('maria.santos');
    const mariaOtherTab = await open('maria.santos');
    const roomUnread = async () => {
      const list = await server.request<{ conversations: { id: number; unread_count: number }[] }>('GET', '/api/v2/conversations?conversation_filter=group', {
        token: tokens['maria.santos'],
      });
      return list.body.conversations.find((c) => c.id === roomId)!.unread_count;
    };
    expect(await roomUnread()).toBeGreaterThan(0);
    const unreadBefore = await server.request<{ count: { group: number } }>('GET', '/api/v2/conversations/unread-count', { token: tokens['maria.santos'] });
    expect(unreadBefore.body.count.group).toBeGreaterThan(0);

    type Seen = { conversationId: number; messageId: number; userId: number; display_name: string };
    const inRoom = nextEvent<Seen>(juan, 'receive_seen_message');
    const inOtherTab = nextEvent<Seen>(mariaOtherTab, 'receive_seen_message');
    maria.emit('seen_message', { conversationId: roomId, messageId: sent.body.message.id, userId: ids['Grace Tan'], display_name: 'Grace Tan' });
    const expected = { conversationId: roomId, messageId: sent.body.message.id, userId: ids['Maria Santos'], display_name: 'Maria Santos' };
    expect(await inRoom).toEqual(expected);
    expect(await inOtherTab).toEqual(expected);

    // One server-side truth: the unread count and seen-by follow the cursor.
    expect(await roomUnread()).toBe(0);
    const unreadAfter = await server.request<{ count: { group: number } }>('GET', '/api/v2/conversations/unread-count', { token: tokens['maria.santos'] });
    expect(unreadAfter.body.count.group).toBeLessThan(unreadBefore.body.count.group);
    const page = await server.request<{ messages: Message[] }>('GET', `/api/v1/messages/${roomId}?limit=5`, { token: tokens['juan.delacruz'] });
    const shown = page.body.messages.find((m) => m.id === sent.body.message.id)!;
    expect(shown.message_reads.map((r) => r.user.display_name)).toContain('Maria Santos');
    expect(shown.message_reads.map((r) => r.user.display_name)).not.toContain('Grace Tan');

    // A receipt for a conversation one is not in changes nothing and tells nobody.
    const graceSocket = await open('grace.tan');
    const quiet = collect(juan, 'receive_seen_message', 600);
    graceSocket.emit('seen_message', { conversationId: roomId, messageId: sent.body.message.id });
    expect(await quiet).toEqual([]);
  });

  it('pins reach the room with the stored message, and pin_message re-announces only the stored pin', async () => {
    const sent = await send('juan.delacruz', roomId, 'Pin me');
    const maria = await open('maria.santos');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    type Pin = { conversation_id: number; user_id: number; pin_data: Message | null };
    const pinned = nextEvent<Pin>(maria, 'receive_pin_message');
    expect((await server.request('PATCH', `/api/v1/messages/${roomId}/${sent.body.message.id}`, { token: tokens['juan.delacruz'] })).status).toBe(200);
    const pin = await pinned;
    expect(pin).toMatchObject({ conversation_id: roomId, user_id: ids['Juan Dela Cruz'] });
    expect(pin.pin_data).toMatchObject({ id: sent.body.message.id, content: 'Pin me', is_pinned: true });

    const juan = await open('juan.delacruz');
    const again = nextEvent<Pin>(maria, 'receive_pin_message');
    juan.emit('pin_message', { conversation_id: roomId, user_id: ids['Maria Santos'], pin_data: { content: 'Fake pin' } });
    const announced = await again;
    expect(announced.user_id).toBe(ids['Juan Dela Cruz']);
    expect(announced.pin_data?.content).toBe('Pin me');
  });

  it('typing reaches the other sockets in the room as the token’s user, and never a room one has not joined', async () => {
    const juan = await open('juan.delacruz');
    const maria = await open('maria.santos');
    expect(await emitWithAck(juan, 'join', { room: roomId })).toBe('OK');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    const feedback = nextEvent<{ room: number; userId: number; display_name: string }>(maria, 'currently_typing_feedback');
    const ownEcho = collect(juan, 'currently_typing_feedback', 500);
    juan.emit('currently_typing', { room: roomId, userId: ids['Carmen Flores'], display_name: 'Carmen Flores' });
    expect(await feedback).toMatchObject({ room: roomId, userId: ids['Juan Dela Cruz'], display_name: 'Juan Dela Cruz' });
    expect(await ownEcho).toEqual([]);

    const grace = await open('grace.tan');
    const quiet = collect(maria, 'currently_typing_feedback', 600);
    grace.emit('currently_typing', { room: roomId });
    expect(await quiet).toEqual([]);
  });
});

describe('presence', () => {
  it('answers user_online with OK and the full list, pongs the ping, and batches changes', async () => {
    const maria = await open('maria.santos');
    const list = nextEvent<OnlineUserRecord[]>(maria, 'update_user_list', (users) => users.length > 3);
    expect(await emitWithAck(maria, 'user_online', { userId: 1, name: 'x' })).toBe('OK');
    const everyone = await list;
    expect(everyone.find((u) => u.user_id === ids['Maria Santos'])).toMatchObject({ is_online: true });
    expect(everyone.find((u) => u.user_id === ids['Ramon Bautista'])).toMatchObject({ is_online: false });

    const pong = nextEvent<{ userId: number; message: string }>(maria, 'ping_pong_response');
    maria.emit('user_online_ping_pong', { userId: 999 });
    expect((await pong).userId).toBe(ids['Maria Santos']);

    // Jose comes online: within one batch Maria hears only the change.
    const joseOnline = nextEvent<OnlineUserRecord[]>(maria, 'update_user_list', (users) => users.some((u) => u.user_id === ids['Jose Garcia']), PRESENCE_BATCH_MS + 2_000);
    const jose = await open('jose.garcia');
    const change = await joseOnline;
    expect(change.length).toBeLessThan(everyone.length);
    expect(change.find((u) => u.user_id === ids['Jose Garcia'])).toMatchObject({ is_online: true });

    // A second tab does not make a change; closing the last one does, with the time.
    const joseTab = await open('jose.garcia');
    joseTab.disconnect();
    const joseOffline = nextEvent<OnlineUserRecord[]>(maria, 'update_user_list', (users) => users.some((u) => u.user_id === ids['Jose Garcia'] && !u.is_online), PRESENCE_BATCH_MS + 2_000);
    jose.disconnect();
    const offline = (await joseOffline).find((u) => u.user_id === ids['Jose Garcia'])!;
    expect(offline.last_online).not.toBeNull();
    expect(Date.now() - Date.parse(offline.last_online!)).toBeLessThan(10_000);
  });
});

describe('catch-up after a reconnect', () => {
  it('gets every missed message once from the database, after the last one held', async () => {
    const maria = await open('maria.santos');
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    const held = nextEvent<ChatMessageRecord>(maria, 'message', isChat);
    const last = await send('juan.delacruz', roomId, 'Last one before the tunnel');
    expect((await held).id).toBe(last.body.message.id);

    maria.disconnect();
    const missed = [];
    for (const text of ['Missed 1', 'Missed 2', 'Missed 3']) missed.push((await send('juan.delacruz', roomId, text)).body.message.id);

    const back = await open('maria.santos');
    expect(await emitWithAck(back, 'join', { room: roomId })).toBe('OK');
    const caughtUp = await server.request<{ messages: Message[] }>('GET', `/api/v1/messages/${roomId}?after=${last.body.message.id}&limit=200`, {
      token: tokens['maria.santos'],
    });
    expect(caughtUp.body.messages.map((m) => m.id)).toEqual(missed);
    // Catching up in the background does not mark them read; a seen receipt does.
    const list = await server.request<{ conversations: { id: number; unread_count: number }[] }>('GET', '/api/v2/conversations?conversation_filter=group', {
      token: tokens['maria.santos'],
    });
    expect(list.body.conversations.find((c) => c.id === roomId)!.unread_count).toBeGreaterThanOrEqual(3);
    const live = nextEvent<ChatMessageRecord>(back, 'message', isChat);
    const after = await send('juan.delacruz', roomId, 'Welcome back');
    expect((await live).id).toBe(after.body.message.id);
  });
});

describe('malformed socket input', () => {
  it('never breaks the socket or the server, whatever the payloads', async () => {
    const fc = await import('fast-check');
    const maria = await open('maria.santos');
    const errors: unknown[] = [];
    maria.on('disconnect', (reason) => errors.push(reason));
    const events = ['user_online', 'user_online_ping_pong', 'join', 'leave', 'seen_message', 'pin_message', 'currently_typing', 'sendMessage', 'sidebar_sendMessage', 'sendMsgReaction'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...events), fc.anything({ withNullPrototype: false }), async (event, payload) => {
        if (['join', 'leave', 'user_online'].includes(event)) {
          // An acknowledged event always answers with a string.
          expect(typeof (await maria.timeout(3_000).emitWithAck(event, payload))).toBe('string');
        } else {
          maria.emit(event, payload);
        }
      }),
      { numRuns: 300 },
    );
    // Still connected, still answering, and the server still serves.
    expect(await emitWithAck(maria, 'join', { room: roomId })).toBe('OK');
    expect(errors).toEqual([]);
    expect((await server.request('GET', '/healthz')).status).toBe(200);
  });
});
