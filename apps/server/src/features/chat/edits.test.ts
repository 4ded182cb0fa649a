/**
 * Editing a message (issue 19): one's own only, live to everyone in the room with "edited",
 * every earlier text kept for the members, mentions an edit adds notify (those it drops stay),
 * the administrators' window, search on the new text only, and deleting after an edit.
 */
import { CHAT_REFUSALS, editWindowText, MESSAGE_MAX_LENGTH, TEXT, type ChatMessageRecord, type Message, type MessageVersion, type Notification } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatRoom, type ChatClient } from '../../test-support/chat-client.js';
import { nextEvent } from '../../test-support/socket-waits.js';
import type { TestServer } from '../../test-support/test-server.js';

let room: Awaited<ReturnType<typeof openChatRoom>>;
let chat: ChatClient;
let server: TestServer;
let groupId: number;

type Body = Record<string, unknown> & { success: boolean; message?: unknown };
type MessageBody = Body & { message: Message };

const mention = (name: string) => ({ id: chat.ids[name]!, name });
const sent = async (user: string, data: Record<string, unknown>, options: { threadParentId?: number } = {}) => {
  const response = await chat.send(user, groupId, data, options);
  expect(response.status).toBe(201);
  return response.body.message;
};
const edit = (user: string, message: Pick<Message, 'id' | 'conversation_id'>, body: unknown) =>
  chat.call<MessageBody>(user, 'PATCH', `/api/v1/messages/${message.conversation_id}/${message.id}/content`, body);
const versions = (user: string, message: Pick<Message, 'id' | 'conversation_id'>) =>
  chat.get<Body & { versions: MessageVersion[] }>(user, `/api/v1/messages/${message.conversation_id}/${message.id}/versions`);
const bell = async (user: string) => (await chat.get<{ notifications: Notification[] }>(user, '/api/v1/users/notifications')).body.notifications;
const mentionsOf = async (user: string, messageId: number) => (await bell(user)).filter((entry) => entry.message_id === messageId);
const newestPage = async (user: string) => (await chat.get<{ messages: Message[] }>(user, `/api/v1/messages/${groupId}`)).body.messages;

beforeAll(async () => {
  room = await openChatRoom(['juan.delacruz', 'maria.santos', 'carmen.flores', 'grace.tan', 'admin'], {
    creator: 'juan.delacruz',
    name: 'Yard Crew',
    members: ['Maria Santos', 'Carmen Flores'],
  });
  ({ chat, groupId, server } = room);
});
afterAll(() => room.close());

describe('editing one’s own message', () => {
  it('changes the text for everyone live, marked edited, and every later read shows it', async () => {
    const maria = await chat.openSocket('maria.santos');
    await chat.joinRoom(maria, groupId);
    const original = await sent('juan.delacruz', { message: 'Gravel arrives at 9' });
    expect(original).toMatchObject({ is_edited: false, edited_at: null });

    const inRoom = nextEvent<ChatMessageRecord>(maria, 'message', (record) => record.type === 'user-chat' && record.action === 'EDIT');
    const inSidebar = nextEvent<ChatMessageRecord>(maria, 'message', (record) => record.type === 'user-sidebar-chat' && record.action === 'EDIT');
    const edited = await edit('juan.delacruz', original, { message: '  Gravel arrives at 10  ' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({ id: original.id, content: 'Gravel arrives at 10', is_edited: true, createdAt: original.createdAt });
    expect(Date.parse(edited.body.message.edited_at!)).toBeGreaterThanOrEqual(Date.parse(original.createdAt));

    const record = await inRoom;
    expect(record).toMatchObject({ id: original.id, conversation_id: groupId, sender_id: original.sender_id, chat_id: null });
    expect(record.data).toEqual(edited.body.message);
    // It was the latest message, so the sidebars' preview changed with it.
    expect((await inSidebar).data).toMatchObject({ conversation_id: groupId, message: { id: original.id, content: 'Gravel arrives at 10' } });

    const read = (await newestPage('maria.santos')).find((message) => message.id === original.id);
    expect(read).toMatchObject({ content: 'Gravel arrives at 10', is_edited: true, edited_at: edited.body.message.edited_at });
  });

  it('keeps every earlier text for the members, oldest first, the current one last', async () => {
    const original = await sent('juan.delacruz', { message: 'Cement: 40 bags' });
    const first = await edit('juan.delacruz', original, { message: 'Cement: 45 bags' });
    const second = await edit('juan.delacruz', original, { message: 'Cement: 50 bags' });
    const history = await versions('carmen.flores', original);
    expect(history.status).toBe(200);
    expect(history.body.versions).toEqual([
      { content: 'Cement: 40 bags', written_at: original.createdAt },
      { content: 'Cement: 45 bags', written_at: first.body.message.edited_at },
      { content: 'Cement: 50 bags', written_at: second.body.message.edited_at },
    ]);
    // A message never edited has its one text.
    const plain = await sent('maria.santos', { message: 'Noted' });
    expect((await versions('juan.delacruz', plain)).body.versions).toEqual([{ content: 'Noted', written_at: plain.createdAt }]);
    // Not a member: the same 404 as every chat call; not signed in: 401 first.
    expect((await versions('grace.tan', original)).status).toBe(404);
    expect((await server.request('GET', `/api/v1/messages/${groupId}/${original.id}/versions`)).status).toBe(401);
    expect((await versions('juan.delacruz', { id: 999_999, conversation_id: groupId })).status).toBe(404);
  });

  it('stores nothing for an edit that changes nothing', async () => {
    const original = await sent('juan.delacruz', { message: 'Same words' });
    const again = await edit('juan.delacruz', original, { message: 'Same words' });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatchObject({ content: 'Same words', is_edited: false });
    expect((await versions('juan.delacruz', original)).body.versions).toHaveLength(1);
  });

  it('edits a thread reply, to the room as a thread record', async () => {
    const maria = await chat.openSocket('maria.santos');
    await chat.joinRoom(maria, groupId);
    const parent = await sent('maria.santos', { message: 'Truck schedule' });
    const reply = await sent('juan.delacruz', { message: 'Tuesday' }, { threadParentId: parent.id });
    const live = nextEvent<ChatMessageRecord>(maria, 'message', (record) => record.type === 'user-thread-chat' && record.action === 'EDIT');
    expect((await edit('juan.delacruz', reply, { message: 'Wednesday' })).status).toBe(200);
    expect(await live).toMatchObject({ id: reply.id, chat_id: parent.id, data: { content: 'Wednesday', is_edited: true, reply_to_thread_message_id: parent.id } });
  });

  it('refuses someone else’s message, a deleted one, a muted member, blank or too long text and strangers', async () => {
    const original = await sent('juan.delacruz', { message: 'Only Juan may change this' });
    const refusal = async (user: string, body: unknown, status: number, message: string | RegExp, target: Pick<Message, 'id' | 'conversation_id'> = original) => {
      const response = await edit(user, target, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body).toMatchObject({ success: false });
      expect(response.body.message).toMatch(message);
    };
    await refusal('maria.santos', { message: 'Hijacked' }, 403, CHAT_REFUSALS.editOwnOnly);
    await refusal('juan.delacruz', { message: '   ' }, 400, TEXT.emptyMessage);
    await refusal('juan.delacruz', {}, 400, TEXT.emptyMessage);
    await refusal('juan.delacruz', { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 400, new RegExp(`at most ${MESSAGE_MAX_LENGTH} characters`));
    await refusal('grace.tan', { message: 'Outsider' }, 404, CHAT_REFUSALS.notAMember);
    await refusal('juan.delacruz', { message: 'Nowhere' }, 404, /does not exist/, { id: 999_999, conversation_id: groupId });
    expect((await server.request('PATCH', `/api/v1/messages/${groupId}/${original.id}/content`, { json: { message: 'x' } })).status).toBe(401);

    // Muted by an admin: restricted from chatting, editing included.
    const carmens = await sent('carmen.flores', { message: 'Carmen’s note' });
    const member = `/api/v1/conversation-member/${groupId}/${chat.ids['Carmen Flores']}`;
    expect((await chat.call('juan.delacruz', 'PATCH', member, { action: 'mute' })).status).toBe(200);
    await refusal('carmen.flores', { message: 'Changed while muted' }, 403, TEXT.restrictedFromChatting, carmens);
    expect((await chat.call('juan.delacruz', 'PATCH', member, { action: 'mute' })).status).toBe(200);

    expect((await chat.call('juan.delacruz', 'DELETE', `/api/v1/messages/${groupId}/${original.id}`)).status).toBe(200);
    await refusal('juan.delacruz', { message: 'Back again' }, 409, CHAT_REFUSALS.editDeleted);
    // Nothing of it changed.
    expect((await newestPage('juan.delacruz')).find((message) => message.id === original.id)).toMatchObject({ content: '', is_deleted: true, is_edited: false });
  });
});

describe('mentions an edit adds', () => {
  it('notify the people newly named; those dropped keep their notification; nobody is told twice', async () => {
    const original = await sent('juan.delacruz', { message: '@@Maria Santos@@ check the delivery', mention_data: [mention('Maria Santos')] });
    expect(await mentionsOf('maria.santos', original.id)).toHaveLength(1);
    expect(await mentionsOf('carmen.flores', original.id)).toHaveLength(0);

    const carmen = await chat.openSocket('carmen.flores');
    const pushed = nextEvent<{ notification_type: string }>(carmen, 'notification');
    const added = await edit('juan.delacruz', original, {
      message: '@@Maria Santos@@ and @@Carmen Flores@@ check the delivery',
      mention_data: [mention('Maria Santos'), mention('Carmen Flores')],
    });
    expect(added.status).toBe(200);
    expect(await pushed).toEqual({ notification_type: 'mention' });
    expect(await mentionsOf('carmen.flores', original.id)).toMatchObject([
      { notification_type: 'mention', conversation_id: groupId, notification_sender_details: { display_name: 'Juan Dela Cruz' } },
    ]);
    expect(await mentionsOf('maria.santos', original.id)).toHaveLength(1);

    // Dropping Maria takes nothing back; naming Carmen again tells her nothing new.
    expect((await edit('juan.delacruz', original, { message: '@@Carmen Flores@@ check it', mention_data: [mention('Carmen Flores')] })).status).toBe(200);
    expect(await mentionsOf('maria.santos', original.id)).toHaveLength(1);
    expect(await mentionsOf('carmen.flores', original.id)).toHaveLength(1);
    // The bell shows the text as it now is.
    expect((await mentionsOf('maria.santos', original.id))[0]?.message_details).toEqual({ content: '@@Carmen Flores@@ check it' });
  });

  it('in a thread, as a thread mention', async () => {
    const parent = await sent('maria.santos', { message: 'Permits' });
    const reply = await sent('juan.delacruz', { message: 'Filed today' }, { threadParentId: parent.id });
    await edit('juan.delacruz', reply, { message: 'Filed today, @@Carmen Flores@@', mention_data: [mention('Carmen Flores')] });
    expect(await mentionsOf('carmen.flores', reply.id)).toMatchObject([{ notification_type: 'thread mention', reply_to_thread_message_id: parent.id }]);
  });
});

describe('the administrators’ edit window', () => {
  const setWindow = (minutes: unknown) => chat.call<Body & { settings: Record<string, unknown> }>('admin', 'PATCH', '/api/v1/admin/settings', { message_edit_window_minutes: minutes });
  const sentMinutesAgo = async (minutes: number) => {
    const message = await sent('juan.delacruz', { message: `Sent ${minutes} minutes ago` });
    await server.database.db.updateTable('messages').set({ created_at: Date.now() - minutes * 60_000 }).where('id', '=', message.id).execute();
    return message;
  };

  const windowInDetail = async (user: string) =>
    (await chat.get<{ conversation: { message_edit_window_minutes: number | null } }>(user, `/api/v1/conversations/${groupId}`)).body.conversation.message_edit_window_minutes;

  it('is no limit until set; a message past the window is refused with a sentence naming it', async () => {
    expect((await chat.get<Body & { settings: Record<string, unknown> }>('admin', '/api/v1/admin/settings')).body.settings).toMatchObject({ message_edit_window_minutes: null });
    // The conversation's detail tells its members the window, so the page offers Edit only within it.
    expect(await windowInDetail('juan.delacruz')).toBeNull();
    const old = await sentMinutesAgo(60 * 24 * 365);
    expect((await edit('juan.delacruz', old, { message: 'A year later' })).status).toBe(200);

    const changed = await setWindow(15);
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toMatchObject({ reminder_days: 2, message_edit_window_minutes: 15, retention_days: null });
    expect(await windowInDetail('juan.delacruz')).toBe(15);
    const late = await sentMinutesAgo(16);
    const refused = await edit('juan.delacruz', late, { message: 'Too late' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(editWindowText(15));
    expect(refused.body.message).toBe('A message can only be edited within 15 minutes of sending it.');
    const recent = await sentMinutesAgo(14);
    expect((await edit('juan.delacruz', recent, { message: 'In time' })).status).toBe(200);

    // Setting the reminder delay leaves the window as it is; null lifts it.
    expect((await chat.call<Body & { settings: Record<string, unknown> }>('admin', 'PATCH', '/api/v1/admin/settings', { reminder_days: 2 })).body.settings).toMatchObject({ message_edit_window_minutes: 15 });
    expect((await setWindow(null)).body.settings).toMatchObject({ message_edit_window_minutes: null });
    expect(await windowInDetail('maria.santos')).toBeNull();
    expect((await edit('juan.delacruz', late, { message: 'No limit now' })).status).toBe(200);
  });

  it('is at least a minute, a whole number, and for administrators only', async () => {
    for (const minutes of [0, 1.5, 'ten', 43_201]) expect((await setWindow(minutes)).status, String(minutes)).toBe(400);
    expect((await chat.call('juan.delacruz', 'PATCH', '/api/v1/admin/settings', { message_edit_window_minutes: 5 })).status).toBe(403);
  });
});

describe('search and delete after an edit', () => {
  const search = async (user: string, keyword: string) =>
    (await chat.call<Body & { result: { id: number }[] }>(user, 'POST', `/api/v1/messages/search/${groupId}`, { keyword })).body.result.map((hit) => hit.id);
  const searchEverywhere = async (user: string, keyword: string) =>
    (await chat.call<Body & { result: { id: number }[] }>(user, 'POST', '/api/v1/messages/global/search/', { keyword })).body.result.map((hit) => hit.id);

  it('finds the new text only', async () => {
    const original = await sent('juan.delacruz', { message: 'Rebar shipment from Batangas' });
    expect(await search('maria.santos', 'Batangas')).toContain(original.id);
    await edit('juan.delacruz', original, { message: 'Rebar shipment from Lipa' });
    expect(await search('maria.santos', 'Batangas')).not.toContain(original.id);
    expect(await searchEverywhere('maria.santos', 'Batangas')).not.toContain(original.id);
    expect(await search('maria.santos', 'Lipa')).toContain(original.id);
    expect(await searchEverywhere('maria.santos', 'lip')).toContain(original.id);
  });

  it('deletes an edited message as any other, with its history', async () => {
    const original = await sent('juan.delacruz', { message: 'Price: 100' });
    await edit('juan.delacruz', original, { message: 'Price: 120' });
    const deleted = await chat.call('juan.delacruz', 'DELETE', `/api/v1/messages/${groupId}/${original.id}`);
    expect(deleted.status).toBe(200);
    expect((await newestPage('maria.santos')).find((message) => message.id === original.id)).toMatchObject({ is_deleted: true, content: '', is_edited: false, edited_at: null });
    const history = await versions('maria.santos', original);
    expect(history.status).toBe(409);
    expect(history.body.message).toBe(CHAT_REFUSALS.alreadyDeleted);
    expect(await server.database.db.selectFrom('message_versions').select('id').where('message_id', '=', original.id).execute()).toEqual([]);
    expect(await search('maria.santos', 'Price')).not.toContain(original.id);
  });
});
