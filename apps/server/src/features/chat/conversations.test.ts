import { TEXT, type ConversationDetail, type ConversationSummary } from '@ichat/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type Body = Record<string, unknown> & { success: boolean; message?: string };

const as = (user: string) => ({
  get: <B = Body>(url: string) => server.request<B>('GET', url, { token: tokens[user] }),
  send: <B = Body>(method: string, url: string, json?: unknown) => server.request<B>(method, url, { token: tokens[user], json }),
  form: <B = Body>(method: string, url: string, form: FormData) => server.request<B>(method, url, { token: tokens[user], form }),
});

const groupForm = (data: unknown, image?: Buffer) => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (image) form.append('conversation_image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'group.png');
  return form;
};

const png = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const list = async (user: string, filter: 'personal' | 'group') => {
  const response = await as(user).get<{ conversations: ConversationSummary[] }>(`/api/v2/conversations?conversation_filter=${filter}`);
  expect(response.status).toBe(200);
  return response.body.conversations;
};

const findByName = async (user: string, filter: 'personal' | 'group', name: string) => {
  const found = (await list(user, filter)).find((conversation) => conversation.name === name);
  if (!found) throw new Error(`${user} has no ${filter} conversation named ${name}`);
  return found;
};

const sendText = (user: string, conversationId: number, message: string) => {
  const form = new FormData();
  form.append('data', JSON.stringify({ message }));
  return as(user).form('POST', `/api/v1/messages/${conversationId}`, form);
};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['maria.santos', 'juan.delacruz', 'carmen.flores', 'ana.reyes', 'grace.tan', 'jose.garcia', 'paolo.villanueva', 'admin']) {
    tokens[user] = await server.login(user === 'admin' ? 'admin@demo.local' : user);
  }
  const users = await as('admin').get<{ users: { id: number; display_name: string }[] }>('/api/v1/users');
  for (const user of users.body.users) ids[user.display_name] = user.id;
  const me = await as('admin').get<{ user_details: { id: number } }>('/api/v1/accounts/me');
  ids['admin'] = me.body.user_details.id;
});
afterAll(async () => {
  await server.close();
});

describe('conversation lists', () => {
  it('v2 filters personal and group, naming a personal conversation after the other person', async () => {
    const personal = await list('maria.santos', 'personal');
    const groups = await list('maria.santos', 'group');
    expect(personal.map((c) => c.name).sort()).toEqual(['Juan Dela Cruz', 'Admin'].sort());
    expect(groups.map((c) => c.name)).toEqual(['Sales Team']);
    for (const conversation of [...personal, ...groups]) {
      expect(conversation.conversation_detail).toEqual({ name: conversation.name, image: conversation.image });
    }
    // The other person's id, for presence; none for a group.
    const users = await as('maria.santos').get<{ users: { id: number; display_name: string }[] }>('/api/v1/users');
    const juanId = users.body.users.find((u) => u.display_name === 'Juan Dela Cruz')!.id;
    expect(personal.find((c) => c.name === 'Juan Dela Cruz')!.peer_user_id).toBe(juanId);
    expect(groups[0]!.peer_user_id).toBeNull();
    const sales = groups[0]!;
    expect(sales.last_message).toMatchObject({
      content: 'Reminder: new price list for Republic Cement starts next week.',
      is_thread_reply: false,
      sender: { display_name: 'Juan Dela Cruz', first_name: 'Juan' },
    });
  });

  it('v1 lists every conversation of the caller and nobody else’s', async () => {
    const response = await as('grace.tan').get<{ conversations: ConversationSummary[] }>('/api/v1/conversations');
    expect(response.status).toBe(200);
    expect(response.body.conversations.map((c) => c.name)).toEqual(['Ana Reyes']);
  });

  it('defaults to personal and refuses an unknown filter', async () => {
    const response = await as('maria.santos').get<{ conversations: ConversationSummary[] }>('/api/v2/conversations');
    expect(response.body.conversations.every((c) => !c.is_group)).toBe(true);
    const bad = await as('maria.santos').get('/api/v2/conversations?conversation_filter=everyone');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Conversation filter must be personal or group.');
  });

  it('counts unread from the read cursor, per conversation and in the personal/group totals', async () => {
    // Seed: Maria read Sales Team up to her own message; Juan's reminder came after it.
    const sales = await findByName('maria.santos', 'group', 'Sales Team');
    expect(sales.unread_count).toBe(1);
    const carmen = await findByName('carmen.flores', 'group', 'Sales Team');
    expect(carmen.unread_count).toBe(2);
    const totals = await as('maria.santos').get<{ count: { personal: number; group: number } }>('/api/v2/conversations/unread-count');
    expect(totals.body).toEqual({ success: true, count: { personal: 0, group: 1 } });
    const carmenTotals = await as('carmen.flores').get<{ count: { personal: number; group: number } }>('/api/v2/conversations/unread-count');
    // Carmen: 2 in Sales Team (after her own message) and 3 in Warehouse Ops.
    expect(carmenTotals.body.count).toEqual({ personal: 0, group: 5 });

    // Opening the newest page marks it read; the badge and the total follow.
    await as('maria.santos').get(`/api/v1/messages/${sales.id}`);
    expect((await findByName('maria.santos', 'group', 'Sales Team')).unread_count).toBe(0);
    const after = await as('maria.santos').get<{ count: { group: number } }>('/api/v2/conversations/unread-count');
    expect(after.body.count.group).toBe(0);

    // A new message from someone else is unread again; one's own never is.
    await sendText('juan.delacruz', sales.id, 'One more thing');
    expect((await findByName('maria.santos', 'group', 'Sales Team')).unread_count).toBe(1);
    expect((await findByName('juan.delacruz', 'group', 'Sales Team')).unread_count).toBe(0);
  });

  it('v3 pages with page, limit and pagination.total, pinned first then newest', async () => {
    const first = await as('maria.santos').get<{ conversations: ConversationSummary[]; pagination: { total: number; page: number; limit: number } }>(
      '/api/v3/conversations?conversation_filter=personal&page=1&limit=1',
    );
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 1, total: 2 });
    // Maria↔Juan had the latest message.
    expect(first.body.conversations.map((c) => c.name)).toEqual(['Juan Dela Cruz']);
    const second = await as('maria.santos').get<{ conversations: ConversationSummary[] }>(
      '/api/v3/conversations?conversation_filter=personal&page=2&limit=1',
    );
    expect(second.body.conversations.map((c) => c.name)).toEqual(['Admin']);

    // Pinning the older one brings it first, for Maria only.
    const admin = second.body.conversations[0]!;
    const pinned = await as('maria.santos').send('PATCH', `/api/v1/conversations/${admin.id}`, { action: 'pin' });
    expect(pinned.body).toMatchObject({ success: true, is_pinned: true });
    const reordered = await list('maria.santos', 'personal');
    expect(reordered.map((c) => [c.name, c.is_pinned])).toEqual([
      ['Admin', true],
      ['Juan Dela Cruz', false],
    ]);
    const forAdmin = await findByName('admin', 'personal', 'Maria Santos');
    expect(forAdmin.is_pinned).toBe(false);
    const unpinned = await as('maria.santos').send('PATCH', `/api/v1/conversations/${admin.id}`, { action: 'pin' });
    expect(unpinned.body).toMatchObject({ is_pinned: false });

    for (const query of ['page=0', 'limit=0', 'limit=501', 'page=x']) {
      const bad = await as('maria.santos').get(`/api/v3/conversations?${query}`);
      expect(bad.status, query).toBe(400);
    }
  });
});

describe('one conversation', () => {
  it('v1 and v2 answer the detail with members, pinned message and permissions', async () => {
    const sales = await findByName('juan.delacruz', 'group', 'Sales Team');
    for (const version of ['v1', 'v2']) {
      const response = await as('juan.delacruz').get<{ conversation: ConversationDetail }>(`/api/${version}/conversations/${sales.id}`);
      expect(response.status).toBe(200);
      const { conversation } = response.body;
      expect(conversation.name).toBe('Sales Team');
      expect(conversation.permissions).toEqual({ is_admin: true, isPermittedToChat: true });
      expect(conversation.members.map((m) => m.user.display_name).sort()).toEqual(
        ['Carmen Flores', 'Juan Dela Cruz', 'Maria Santos', 'Admin'].sort(),
      );
      expect(conversation.members.find((m) => m.user.display_name === 'Juan Dela Cruz')?.is_admin).toBe(true);
    }
    const asMaria = await as('maria.santos').get<{ conversation: ConversationDetail }>(`/api/v2/conversations/${sales.id}`);
    expect(asMaria.body.conversation.permissions).toEqual({ is_admin: false, isPermittedToChat: true });
  });

  it('answers 404 to a non-member and to a conversation that does not exist, the same way', async () => {
    const warehouse = await findByName('jose.garcia', 'group', 'Warehouse Ops');
    const stranger = await as('maria.santos').get(`/api/v2/conversations/${warehouse.id}`);
    const missing = await as('maria.santos').get('/api/v2/conversations/999999');
    expect(stranger.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(stranger.body).toEqual(missing.body);
    const bad = await as('maria.santos').get('/api/v2/conversations/abc');
    expect(bad.status).toBe(400);
  });

  it('refuses callers without a token', async () => {
    const response = await server.request('GET', '/api/v1/conversations');
    expect(response.status).toBe(401);
  });
});

describe('creating and editing a group', () => {
  it('creates a group with an image; the creator is its admin; CREATE is logged', async () => {
    const response = await as('ana.reyes').form<{ conversation_id: number; message: string }>(
      'POST',
      '/api/v1/conversations',
      groupForm({ name: 'Finance Huddle', conversation_member_ids: [ids['Grace Tan'], ids['Carmen Flores'], ids['Grace Tan']], is_group: true }, await png()),
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(TEXT.conversationCreated);
    const id = response.body.conversation_id;
    const detail = await as('grace.tan').get<{ conversation: ConversationDetail }>(`/api/v2/conversations/${id}`);
    expect(detail.body.conversation.members).toHaveLength(3);
    expect(detail.body.conversation.members.find((m) => m.user.display_name === 'Ana Reyes')?.is_admin).toBe(true);
    expect(detail.body.conversation.image).toMatch(/\.webp$/);
    const image = await server.request('GET', `/assets/images-data/${detail.body.conversation.image}`, { token: tokens['grace.tan'] });
    expect(image.status).toBe(200);
    const log = await as('grace.tan').get<{ conversation_actions: { action: string; user: { display_name: string } }[] }>(
      `/api/v1/conversations/actions/${id}`,
    );
    expect(log.body.conversation_actions.map((a) => [a.action, a.user.display_name])).toEqual([['CREATE', 'Ana Reyes']]);
    expect((await list('carmen.flores', 'group')).map((c) => c.name)).toContain('Finance Huddle');
  });

  it('refuses a blank name, no members, unknown members and a non-image, storing nothing', async () => {
    const before = (await list('ana.reyes', 'group')).length;
    const cases: [unknown, Buffer | undefined, number, string][] = [
      [{ name: '  ', conversation_member_ids: [ids['Grace Tan']], is_group: true }, undefined, 400, 'Conversation name is required.'],
      [{ name: 'Solo', conversation_member_ids: [], is_group: true }, undefined, 400, 'Add at least one member to the group.'],
      [{ name: 'Ghosts', conversation_member_ids: [987654], is_group: true }, undefined, 400, 'One of the chosen people does not exist or is no longer active.'],
      [{ name: 'Not group', conversation_member_ids: [ids['Grace Tan']], is_group: false }, undefined, 400, 'A new conversation must be a group (is_group true).'],
      [{ name: 'Bad image', conversation_member_ids: [ids['Grace Tan']], is_group: true }, Buffer.from('not an image'), 400, 'The conversation image must be a JPEG, PNG, WebP or GIF image.'],
    ];
    for (const [data, image, status, message] of cases) {
      const response = await as('ana.reyes').form('POST', '/api/v1/conversations', groupForm(data, image));
      expect(response.status, JSON.stringify(data)).toBe(status);
      expect(response.body.message).toBe(message);
    }
    expect((await list('ana.reyes', 'group')).length).toBe(before);
  });

  it('lets only a group admin rename it (UPDATE logged); a personal conversation cannot be renamed', async () => {
    const group = await findByName('ana.reyes', 'group', 'Finance Huddle');
    const refused = await as('grace.tan').form('PUT', `/api/v1/conversations/${group.id}`, groupForm({ name: 'Hijacked' }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEXT.permissionDenied);

    const renamed = await as('ana.reyes').form<{ message: string; conversation_action: { action: string; detail: string } }>(
      'PUT',
      `/api/v1/conversations/${group.id}`,
      groupForm({ name: 'Finance Team' }, await png()),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(TEXT.conversationUpdated);
    expect(renamed.body.conversation_action).toMatchObject({ action: 'UPDATE', detail: 'Finance Team' });
    expect((await findByName('grace.tan', 'group', 'Finance Team')).id).toBe(group.id);

    const personal = await findByName('ana.reyes', 'personal', 'Grace Tan');
    const notGroup = await as('ana.reyes').form('PUT', `/api/v1/conversations/${personal.id}`, groupForm({ name: 'x' }));
    expect(notGroup.status).toBe(400);
    const blank = await as('ana.reyes').form('PUT', `/api/v1/conversations/${group.id}`, groupForm({ name: '' }));
    expect(blank.status).toBe(400);
    const stranger = await as('maria.santos').form('PUT', `/api/v1/conversations/${group.id}`, groupForm({ name: 'x' }));
    expect(stranger.status).toBe(404);
  });
});

describe('members', () => {
  it('any member adds; only admins mute and remove, never themselves; each is logged', async () => {
    const group = await findByName('ana.reyes', 'group', 'Finance Team');
    // Grace is not an admin, but any member may add.
    const added = await as('grace.tan').send<{ conversation_action: { action: string; receiving_user_action: { display_name: string } } }>(
      'PUT',
      `/api/v1/conversation-member/${group.id}`,
      { user_id: ids['Paolo Villanueva'] },
    );
    expect(added.status).toBe(200);
    expect(added.body.conversation_action).toMatchObject({ action: 'ADD', receiving_user_action: { display_name: 'Paolo Villanueva' } });
    const again = await as('grace.tan').send('PUT', `/api/v1/conversation-member/${group.id}`, { user_id: ids['Paolo Villanueva'] });
    expect(again.status).toBe(409);
    const ghost = await as('grace.tan').send('PUT', `/api/v1/conversation-member/${group.id}`, { user_id: 999999 });
    expect(ghost.status).toBe(404);
    const noBody = await as('grace.tan').send('PUT', `/api/v1/conversation-member/${group.id}`, {});
    expect(noBody.status).toBe(400);

    // Grace (not an admin) may not mute; Ana may not mute herself.
    const notAdmin = await as('grace.tan').send('PATCH', `/api/v1/conversation-member/${group.id}/${ids['Paolo Villanueva']}`, { action: 'mute' });
    expect(notAdmin.status).toBe(403);
    const self = await as('ana.reyes').send('PATCH', `/api/v1/conversation-member/${group.id}/${ids['Ana Reyes']}`, { action: 'mute' });
    expect(self.status).toBe(400);
    const badAction = await as('ana.reyes').send('PATCH', `/api/v1/conversation-member/${group.id}/${ids['Paolo Villanueva']}`, { action: 'ban' });
    expect(badAction.status).toBe(400);

    const muted = await as('ana.reyes').send<{ conversation_action: { action: string; detail: string } }>(
      'PATCH',
      `/api/v1/conversation-member/${group.id}/${ids['Paolo Villanueva']}`,
      { action: 'mute' },
    );
    expect(muted.body.conversation_action).toMatchObject({ action: 'MUTE', detail: 'muted' });
    // A muted member cannot send, and sees that they may not chat.
    const refused = await sendText('paolo.villanueva', group.id, 'Can I still talk?');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEXT.restrictedFromChatting);
    const detail = await as('paolo.villanueva').get<{ conversation: ConversationDetail }>(`/api/v2/conversations/${group.id}`);
    expect(detail.body.conversation.permissions.isPermittedToChat).toBe(false);

    const unmuted = await as('ana.reyes').send<{ conversation_action: { detail: string } }>(
      'PATCH',
      `/api/v1/conversation-member/${group.id}/${ids['Paolo Villanueva']}`,
      { action: 'mute' },
    );
    expect(unmuted.body.conversation_action.detail).toBe('unmuted');
    expect((await sendText('paolo.villanueva', group.id, 'Thanks!')).status).toBe(201);

    const removed = await as('ana.reyes').send<{ conversation_action: { action: string } }>(
      'PATCH',
      `/api/v1/conversation-member/${group.id}/${ids['Paolo Villanueva']}`,
      { action: 'remove' },
    );
    expect(removed.body.conversation_action.action).toBe('REMOVE');
    // Removed: cannot read or send, and the conversation is gone from the list.
    expect((await as('paolo.villanueva').get(`/api/v1/messages/${group.id}`)).status).toBe(404);
    expect((await sendText('paolo.villanueva', group.id, 'hello?')).status).toBe(404);
    expect((await list('paolo.villanueva', 'group')).map((c) => c.id)).not.toContain(group.id);
    const missing = await as('ana.reyes').send('PATCH', `/api/v1/conversation-member/${group.id}/${ids['Paolo Villanueva']}`, { action: 'mute' });
    expect(missing.status).toBe(404);

    const log = await as('ana.reyes').get<{ conversation_actions: { action: string; detail: string | null }[] }>(`/api/v1/conversations/actions/${group.id}`);
    expect(log.body.conversation_actions.map((a) => a.action)).toEqual(['REMOVE', 'MUTE', 'MUTE', 'ADD', 'UPDATE', 'CREATE']);
  });

  it('refuses member changes in a personal conversation', async () => {
    const personal = await findByName('ana.reyes', 'personal', 'Grace Tan');
    const add = await as('ana.reyes').send('PUT', `/api/v1/conversation-member/${personal.id}`, { user_id: ids['Jose Garcia'] });
    expect(add.status).toBe(400);
    const mute = await as('ana.reyes').send('PATCH', `/api/v1/conversation-member/${personal.id}/${ids['Grace Tan']}`, { action: 'mute' });
    expect(mute.status).toBe(400);
  });

  it('leave takes the caller out (LEAVE logged) and passes admin on; a personal one cannot be left', async () => {
    const group = await findByName('ana.reyes', 'group', 'Finance Team');
    const left = await as('ana.reyes').send('PATCH', `/api/v1/conversations/${group.id}`, { action: 'leave' });
    expect(left.body).toMatchObject({ success: true, left: true });
    expect((await list('ana.reyes', 'group')).map((c) => c.id)).not.toContain(group.id);
    const detail = await as('grace.tan').get<{ conversation: ConversationDetail }>(`/api/v2/conversations/${group.id}`);
    expect(detail.body.conversation.members.filter((m) => m.is_admin)).toHaveLength(1);
    const log = await as('grace.tan').get<{ conversation_actions: { action: string }[] }>(`/api/v1/conversations/actions/${group.id}`);
    expect(log.body.conversation_actions[0]?.action).toBe('LEAVE');

    const personal = await findByName('ana.reyes', 'personal', 'Grace Tan');
    const refused = await as('ana.reyes').send('PATCH', `/api/v1/conversations/${personal.id}`, { action: 'leave' });
    expect(refused.status).toBe(400);
    const badAction = await as('ana.reyes').send('PATCH', `/api/v1/conversations/${personal.id}`, { action: 'archive' });
    expect(badAction.status).toBe(400);
    expect((await as('ana.reyes').get(`/api/v1/conversations/actions/${group.id}`)).status).toBe(404);
  });
});

describe('direct messages', () => {
  it('reuses the personal conversation of each pair and creates missing ones, never twice', async () => {
    const existing = await findByName('maria.santos', 'personal', 'Juan Dela Cruz');
    const sent = await as('maria.santos').send<{ message: string; conversation_id: number; conversation_ids: number[] }>(
      'POST',
      '/api/v1/direct-message',
      { recipients: [ids['Juan Dela Cruz'], ids['Grace Tan'], ids['Juan Dela Cruz']], message: 'Price list attached in the group.' },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(TEXT.messageSent);
    expect(sent.body.conversation_id).toBe(existing.id);
    expect(sent.body.conversation_ids).toHaveLength(2);
    const withGrace = sent.body.conversation_ids[1]!;

    const again = await as('grace.tan').send<{ conversation_ids: number[] }>('POST', '/api/v1/direct-message', {
      recipients: [ids['Maria Santos'] ?? 0],
      message: 'Got it',
    });
    expect(again.body.conversation_ids).toEqual([withGrace]);

    const graceList = await list('grace.tan', 'personal');
    expect(graceList.filter((c) => c.name === 'Maria Santos')).toHaveLength(1);
    expect(graceList.find((c) => c.name === 'Maria Santos')?.last_message?.content).toBe('Got it');
    const juanList = await findByName('juan.delacruz', 'personal', 'Maria Santos');
    expect(juanList.last_message?.content).toBe('Price list attached in the group.');
  });

  it('needs text and at least one recipient who exists, and never oneself', async () => {
    const cases: [unknown, string][] = [
      [{ recipients: [], message: 'hi' }, 'Choose at least one recipient.'],
      [{ recipients: [ids['Grace Tan']], message: '   ' }, 'Message is required.'],
      [{ recipients: [ids['admin']], message: 'hi' }, 'You cannot send a direct message to yourself.'],
      [{ recipients: [ids['Grace Tan'], 424242], message: 'hi' }, 'One of the chosen people does not exist or is no longer active.'],
    ];
    const before = await findByName('admin', 'personal', 'Maria Santos');
    for (const [json, message] of cases) {
      const response = await as('admin').send('POST', '/api/v1/direct-message', json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    // Nothing half-sent: no conversation with Grace was created by the refused call.
    expect((await list('admin', 'personal')).map((c) => c.name)).not.toContain('Grace Tan');
    expect((await findByName('admin', 'personal', 'Maria Santos')).last_message?.id).toBe(before.last_message?.id);
  });

  it('GET /api/v1/users lists active staff other than the caller', async () => {
    const response = await as('maria.santos').get<{ users: { id: number; display_name: string }[] }>('/api/v1/users');
    expect(response.status).toBe(200);
    const names = response.body.users.map((u) => u.display_name);
    expect(names).toContain('Juan Dela Cruz');
    expect(names).not.toContain('Maria Santos');
    expect(Object.keys(response.body.users[0]!).sort()).toEqual(['display_name', 'id', 'profile_photo']);
  });
});
