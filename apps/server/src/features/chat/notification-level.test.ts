/**
 * What each member hears of a conversation (issue 19): 'all' until they choose, their own
 * choice only, shown on the summaries and the detail; what it silences is in push.test.ts.
 */
import { CHAT_REFUSALS, type ChatMessageRecord, type ConversationDetail, type ConversationSummary } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatRoom, type ChatClient } from '../../test-support/chat-client.js';
import { nextEvent } from '../../test-support/socket-waits.js';
import type { TestServer } from '../../test-support/test-server.js';

let room: Awaited<ReturnType<typeof openChatRoom>>;
let chat: ChatClient;
let server: TestServer;
let groupId: number;

type Body = Record<string, unknown> & { success: boolean; message?: string };

const setLevel = (user: string, conversationId: number, body: unknown) =>
  chat.call<Body & { notification_level: string }>(user, 'PUT', `/api/v1/conversations/${conversationId}/notification-level`, body);
const levelInLists = async (user: string, conversationId: number) => {
  const v1 = await chat.get<{ conversations: ConversationSummary[] }>(user, '/api/v1/conversations');
  const v3 = await chat.get<{ conversations: ConversationSummary[] }>(user, '/api/v3/conversations?conversation_filter=group&limit=50');
  const detail = await chat.get<{ conversation: ConversationDetail }>(user, `/api/v2/conversations/${conversationId}`);
  return [
    v1.body.conversations.find((conversation) => conversation.id === conversationId)?.notification_level,
    v3.body.conversations.find((conversation) => conversation.id === conversationId)?.notification_level,
    detail.body.conversation.notification_level,
  ];
};

beforeAll(async () => {
  room = await openChatRoom(['juan.delacruz', 'maria.santos', 'grace.tan'], { creator: 'juan.delacruz', name: 'Deliveries', members: ['Maria Santos'] });
  ({ chat, groupId, server } = room);
});
afterAll(() => room.close());

describe('a conversation’s notification level', () => {
  it('is all until the member chooses, and each member’s own', async () => {
    expect(await levelInLists('maria.santos', groupId)).toEqual(['all', 'all', 'all']);
    for (const level of ['mentions', 'nothing', 'all', 'nothing'] as const) {
      const changed = await setLevel('maria.santos', groupId, { level });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ success: true, notification_level: level });
      expect(await levelInLists('maria.santos', groupId)).toEqual([level, level, level]);
    }
    expect(await levelInLists('juan.delacruz', groupId)).toEqual(['all', 'all', 'all']);
  });

  it('applies to personal conversations too', async () => {
    const direct = await chat.call<{ conversation_id: number }>('grace.tan', 'POST', '/api/v1/direct-message', { recipients: [chat.ids['Maria Santos']], message: 'Hello' });
    const personalId = direct.body.conversation_id;
    expect((await setLevel('grace.tan', personalId, { level: 'mentions' })).status).toBe(200);
    const summary = (await chat.get<{ conversations: ConversationSummary[] }>('grace.tan', '/api/v2/conversations?conversation_filter=personal')).body.conversations.find(
      (conversation) => conversation.id === personalId,
    );
    expect(summary?.notification_level).toBe('mentions');
  });

  it('tells the member’s other tabs to refresh their lists', async () => {
    const otherTab = await chat.openSocket('maria.santos');
    const nudge = nextEvent<ChatMessageRecord>(otherTab, 'message', (record) => record.type === 'user-sidebar-chat' && record.conversation_id === groupId);
    await setLevel('maria.santos', groupId, { level: 'mentions' });
    expect((await nudge).data).toEqual({ conversation_id: groupId });
  });

  it('silences, never uncounts: at nothing and in do not disturb and quiet hours, unread and the bell still count', async () => {
    const unread = async () => (await chat.get<{ count: { personal: number; group: number } }>('maria.santos', '/api/v2/conversations/unread-count')).body.count.group;
    const bell = async () =>
      (await chat.get<{ notifications: { notification_type: string; conversation_id: number }[] }>('maria.santos', '/api/v1/users/notifications')).body.notifications;
    expect((await setLevel('maria.santos', groupId, { level: 'nothing' })).status).toBe(200);
    const quiet = await chat.call('maria.santos', 'PUT', '/api/v1/accounts/me/notification-settings', {
      do_not_disturb_until: new Date(Date.now() + 3_600_000).toISOString(),
      quiet_hours: { from: '00:00', to: '23:59', time_zone: 'Asia/Manila' },
    });
    expect(quiet.status).toBe(200);
    const before = await unread();
    const bellBefore = (await bell()).length;
    expect((await chat.send('juan.delacruz', groupId, { message: 'Truck at gate 3' })).status).toBe(201);
    const named = await chat.send('juan.delacruz', groupId, {
      message: '@@Maria Santos@@ please sign for it',
      mention_data: [{ id: chat.ids['Maria Santos'], name: 'Maria Santos' }],
    });
    expect(named.status).toBe(201);
    expect(await unread()).toBe(before + 2);
    const entries = await bell();
    expect(entries).toHaveLength(bellBefore + 1);
    expect(entries[0]).toMatchObject({ notification_type: 'mention', conversation_id: groupId });
    await chat.call('maria.santos', 'PUT', '/api/v1/accounts/me/notification-settings', { do_not_disturb_until: null, quiet_hours: null });
  });

  it('refuses a level it does not know, a stranger (404) and anyone not signed in (401)', async () => {
    for (const body of [{ level: 'loud' }, {}, { level: null }]) {
      const refused = await setLevel('maria.santos', groupId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(/Level must be all, mentions or nothing\./);
    }
    const stranger = await setLevel('grace.tan', groupId, { level: 'nothing' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(CHAT_REFUSALS.notAMember);
    expect((await setLevel('maria.santos', 999_999, { level: 'nothing' })).status).toBe(404);
    expect((await server.request('PUT', `/api/v1/conversations/${groupId}/notification-level`, { json: { level: 'all' } })).status).toBe(401);
  });
});
