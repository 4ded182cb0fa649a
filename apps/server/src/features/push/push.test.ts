/**
 * Web Push (issue 19) against a stand-in push service that checks the VAPID signature and
 * decrypts every push with the browser's keys (test-support/push-service.ts): who gets one
 * (a direct message, a mention, @All, the approval events), who does not (group chatter, a
 * conversation at 'nothing', a visible tab, do not disturb, quiet hours, a deactivated person),
 * what it says (sender, preview or not, the page to open) and what a gone subscription does.
 */
import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { pushPayloadSchema, type Message } from '@ichat/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatClient, type ChatClient } from '../../test-support/chat-client.js';
import { startPushService, type StandInPushService, type StandInSubscription } from '../../test-support/push-service.js';
import { createRequestsKit, type RequestsKit } from '../../test-support/requests-kit.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { NO_PREVIEW_MESSAGE, NO_PREVIEW_REQUEST } from './push-payload.js';
import { PUSH_TTL_SECONDS } from './push-sender.js';
import { HTTP_ENDPOINT_REFUSED, SUBSCRIPTION_NOT_FOUND } from './push.service.js';

let server: TestServer;
let pushService: StandInPushService;
let chat: ChatClient;
let kit: RequestsKit;
let groupId: number;
/** Juan's personal conversation with each of them. */
const personal: Record<string, number> = {};
/** Each person's one browser. */
const browsers: Record<string, StandInSubscription> = {};

type Body = Record<string, unknown> & { success: boolean; message?: string };

const USERS = ['juan.delacruz', 'maria.santos', 'carmen.flores', 'grace.tan', 'liza.mendoza', 'admin'];
const NAMES: Record<string, string> = { 'maria.santos': 'Maria Santos', 'carmen.flores': 'Carmen Flores', 'grace.tan': 'Grace Tan', 'liza.mendoza': 'Liza Mendoza' };

const subscribe = (user: string, body: unknown) => chat.call<Body>(user, 'POST', '/api/v1/push/subscriptions', body);
const settle = () => server.app.jobs.pushes.idle();
/** Whatever arrived for these people while `run` ran (and its pushes settled). */
const pushedDuring = async (users: string[], run: () => Promise<unknown>) => {
  const before = pushService.arrived.length;
  await run();
  await settle();
  const ids = new Set(users.map((user) => browsers[user]!.id));
  return pushService.arrived.slice(before).filter((push) => ids.has(push.id));
};
const sendTo = async (user: string, conversationId: number, data: Record<string, unknown>, options: { threadParentId?: number } = {}) => {
  const sent = await chat.send(user, conversationId, data, options);
  expect(sent.status).toBe(201);
  return sent.body.message;
};
const mention = (name: string) => ({ id: chat.ids[name]!, name });
const setLevel = async (user: string, conversationId: number, level: string) =>
  expect((await chat.call(user, 'PUT', `/api/v1/conversations/${conversationId}/notification-level`, { level })).status).toBe(200);
const settings = async (user: string, json: unknown) => expect((await chat.call(user, 'PUT', '/api/v1/accounts/me/notification-settings', json)).status).toBe(200);
const subscriptionsOf = (user: string) =>
  server.database.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'last_pushed_at']).where('user_id', '=', chat.ids[NAMES[user] ?? 'Juan Dela Cruz']!).execute();
/** A socket of `user` that has said whether its tab is visible. */
const tab = async (user: string, visible: boolean) => {
  const socket = await chat.openSocket(user);
  expect(await socket.timeout(3_000).emitWithAck('visibility', { visible })).toBe('OK');
  return socket;
};

beforeAll(async () => {
  server = await startTestServer({ env: { PUSH_ALLOW_HTTP: '1' } });
  pushService = await startPushService({ vapidPublicKey: server.config.webPush.vapid.publicKey });
  chat = await createChatClient(server, USERS);
  kit = await createRequestsKit(server, USERS);
  groupId = await chat.createGroup('juan.delacruz', 'Site Team', ['Maria Santos', 'Carmen Flores', 'Grace Tan']);
  for (const user of ['maria.santos', 'carmen.flores', 'grace.tan', 'liza.mendoza']) {
    browsers[user] = pushService.subscription();
    expect((await subscribe(user, browsers[user]!.json)).status).toBe(201);
    const direct = await chat.call<{ conversation_id: number }>('juan.delacruz', 'POST', '/api/v1/direct-message', { recipients: [chat.ids[NAMES[user]!]], message: 'Hi' });
    personal[user] = direct.body.conversation_id;
  }
  await settle();
}, 60_000);
afterAll(async () => {
  chat.closeSockets();
  await server.close();
  await pushService.close();
  // Nothing arrived that a real push service would have refused.
  expect(pushService.problems).toEqual([]);
});

describe('subscriptions', () => {
  it('the public key is the server’s VAPID key, for signed-in people', async () => {
    const key = await chat.get<Body & { public_key: string }>('maria.santos', '/api/v1/push/public-key');
    expect(key.body).toEqual({ success: true, public_key: server.config.webPush.vapid.publicKey });
    expect((await server.request('GET', '/api/v1/push/public-key')).status).toBe(401);
  });

  it('stores a browser once, moves a shared browser to whoever subscribes, and removes only one’s own', async () => {
    const browser = pushService.subscription();
    const first = await subscribe('juan.delacruz', { ...browser.json, expirationTime: null });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, message: 'Push notifications are on for this browser.' });
    expect((await subscribe('juan.delacruz', browser.json)).status).toBe(201);
    expect((await subscriptionsOf('juan.delacruz')).map((row) => row.endpoint)).toEqual([browser.json.endpoint]);

    // The same browser, now signed in as Carmen, is hers.
    expect((await subscribe('carmen.flores', browser.json)).status).toBe(201);
    expect(await subscriptionsOf('juan.delacruz')).toEqual([]);
    expect((await subscriptionsOf('carmen.flores')).map((row) => row.endpoint)).toContain(browser.json.endpoint);

    const remove = (user: string, endpoint: unknown) => chat.call<Body>(user, 'DELETE', '/api/v1/push/subscriptions', { endpoint });
    const notHis = await remove('juan.delacruz', browser.json.endpoint);
    expect(notHis.status).toBe(404);
    expect(notHis.body.message).toBe(SUBSCRIPTION_NOT_FOUND);
    expect((await remove('carmen.flores', browser.json.endpoint)).body).toEqual({ success: true, message: 'Push notifications are off for this browser.' });
    expect((await remove('carmen.flores', browser.json.endpoint)).status).toBe(404);
    expect((await remove('carmen.flores', '')).status).toBe(400);
    expect((await server.request('DELETE', '/api/v1/push/subscriptions', { json: { endpoint: browser.json.endpoint } })).status).toBe(401);
    expect((await server.request('POST', '/api/v1/push/subscriptions', { json: browser.json })).status).toBe(401);
  });

  it('refuses what is not a browser’s subscription', async () => {
    const { json } = pushService.subscription();
    const cases: [unknown, RegExp][] = [
      [{ ...json, endpoint: 'not a url' }, /endpoint must be the push service’s http\(s\) address\./],
      [{ ...json, endpoint: 'ftp://push.example/x' }, /endpoint must be the push service’s http\(s\) address\./],
      [{ endpoint: json.endpoint }, /keys must hold the subscription’s p256dh and auth/],
      [{ ...json, keys: { ...json.keys, p256dh: 'short' } }, /keys\.p256dh must be a P-256 public key in base64url\./],
      [{ ...json, keys: { ...json.keys, auth: 'AAAA' } }, /keys\.auth must be 16 bytes in base64url\./],
    ];
    for (const [body, message] of cases) {
      const refused = await subscribe('maria.santos', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  it('takes only https endpoints unless PUSH_ALLOW_HTTP is set (a local stand-in)', async () => {
    const strict = await startTestServer({ seed: true });
    try {
      const token = await strict.login('maria.santos');
      const { json } = pushService.subscription();
      const refused = await strict.request<Body>('POST', '/api/v1/push/subscriptions', { token, json });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(HTTP_ENDPOINT_REFUSED);
      const https = await strict.request<Body>('POST', '/api/v1/push/subscriptions', { token, json: { ...json, endpoint: 'https://push.example.test/abc' } });
      expect(https.status).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('what is pushed, and what it says', () => {
  it('a mention, to the person mentioned only: signed with VAPID for the endpoint’s origin, sender and preview, the message to open', async () => {
    const arriving = pushService.next(browsers['maria.santos']!.id);
    let message!: Message;
    const pushed = await pushedDuring(['maria.santos', 'carmen.flores', 'grace.tan'], async () => {
      message = await sendTo('juan.delacruz', groupId, { message: '@@Maria Santos@@   the delivery is at 9', mention_data: [mention('Maria Santos')] });
    });
    const push = await arriving;
    expect(pushPayloadSchema.parse(push.payload)).toEqual({
      title: 'Juan Dela Cruz in Site Team',
      body: '@Maria Santos the delivery is at 9',
      url: `/conversations/${groupId}?q=${message.id}`,
      tag: `conversation-${groupId}`,
    });
    expect(push.claims.aud).toBe(pushService.origin);
    expect(push).toMatchObject({ ttl: String(PUSH_TTL_SECONDS), urgency: 'high', topic: `conversation-${groupId}` });
    expect(pushed.map((arrived) => arrived.id)).toEqual([browsers['maria.santos']!.id]);
    const [row] = await subscriptionsOf('maria.santos');
    expect(row?.last_pushed_at).toBeGreaterThan(0);
  });

  it('@All, to every other member; group chatter, to nobody', async () => {
    const all = await pushedDuring(['maria.santos', 'carmen.flores', 'grace.tan'], () =>
      sendTo('juan.delacruz', groupId, { message: '@@All@@ meeting at 3', mention_data: [{ id: 'all', name: 'All' }] }),
    );
    expect(all.map((push) => push.id).sort()).toEqual(['maria.santos', 'carmen.flores', 'grace.tan'].map((user) => browsers[user]!.id).sort());
    expect(all[0]?.payload).toMatchObject({ body: '@All meeting at 3' });
    expect(await pushedDuring(['maria.santos', 'carmen.flores', 'grace.tan'], () => sendTo('juan.delacruz', groupId, { message: 'Lunch is here' }))).toEqual([]);
  });

  it('a direct message, sent in the conversation or by the direct-message call, with a long text cut and files said in words', async () => {
    const long = `Please bring ${'the hollow blocks '.repeat(10)}`;
    const [sent] = await pushedDuring(['maria.santos'], () => sendTo('juan.delacruz', personal['maria.santos']!, { message: long }));
    expect(sent?.payload).toMatchObject({ title: 'Juan Dela Cruz', tag: `conversation-${personal['maria.santos']}` });
    const body = String(sent?.payload['body']);
    expect(Array.from(body)).toHaveLength(121);
    expect(body.endsWith('…')).toBe(true);

    const [direct] = await pushedDuring(['carmen.flores'], () =>
      chat.call('juan.delacruz', 'POST', '/api/v1/direct-message', { recipients: [chat.ids['Carmen Flores']], message: 'Signed the permit' }),
    );
    expect(direct?.payload).toMatchObject({ title: 'Juan Dela Cruz', body: 'Signed the permit', url: expect.stringMatching(new RegExp(`^/conversations/${personal['carmen.flores']}\\?q=\\d+$`)) });

    const file = { name: 'plan.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF-1.4 plan') };
    const [files] = await pushedDuring(['maria.santos'], async () => {
      const response = await chat.send('juan.delacruz', personal['maria.santos']!, { message: '' }, { files: [file] });
      expect(response.status).toBe(201);
    });
    expect(files?.payload['body']).toBe('Sent an attachment');
  });

  it('a thread mention opens the thread at the reply', async () => {
    const parent = await sendTo('maria.santos', groupId, { message: 'Truck schedule' });
    let reply!: Message;
    const [push] = await pushedDuring(['carmen.flores'], async () => {
      reply = await sendTo('juan.delacruz', groupId, { message: 'Tuesday, @@Carmen Flores@@', mention_data: [mention('Carmen Flores')] }, { threadParentId: parent.id });
    });
    expect(push?.payload['url']).toBe(`/conversations/${groupId}?q=${reply.id}&_t=${parent.id}&_tr=true`);
  });

  it('a mention an edit adds, once', async () => {
    const message = await sendTo('juan.delacruz', groupId, { message: 'Who checks the rebar?' });
    const edit = (text: string, names: string[]) =>
      chat.call('juan.delacruz', 'PATCH', `/api/v1/messages/${groupId}/${message.id}/content`, { message: text, mention_data: names.map(mention) });
    const added = await pushedDuring(['grace.tan'], () => edit('Who checks the rebar? @@Grace Tan@@', ['Grace Tan']));
    expect(added.map((push) => push.payload['body'])).toEqual(['Who checks the rebar? @Grace Tan']);
    expect(await pushedDuring(['grace.tan'], () => edit('Who checks the rebar, @@Grace Tan@@?', ['Grace Tan']))).toEqual([]);
  });

  it('approval events: a request to decide to its approvers, each decision to the requester', async () => {
    const filed = await kit.fileOffset('maria.santos');
    expect(filed.status).toBe(201);
    const { id, reference_id: reference } = filed.body.request;
    await settle();
    const detail = `/requests?p=view-request-detail&t=offsetting&r=${id}`;
    expect(pushService.for(browsers['liza.mendoza']!.id).at(-1)?.payload).toEqual({
      title: 'Maria Santos',
      body: `${reference} is waiting for your approval.`,
      url: detail,
      tag: `request-${id}`,
    });
    const afterFirst = await pushedDuring(['maria.santos', 'carmen.flores'], () => kit.vote('liza.mendoza', 'offsetting', id, 'approved'));
    expect(afterFirst.map((push) => [push.id, push.payload['title'], push.payload['body']])).toEqual(
      expect.arrayContaining([
        [browsers['maria.santos']!.id, 'Liza Mendoza', `Approved your request ${reference}.`],
        [browsers['carmen.flores']!.id, 'Maria Santos', `${reference} is waiting for your approval.`],
      ]),
    );
    const approved = await pushedDuring(['maria.santos'], () => kit.vote('carmen.flores', 'offsetting', id, 'approved'));
    expect(approved.map((push) => push.payload)).toEqual([{ title: 'Carmen Flores', body: `Your request ${reference} was approved.`, url: detail, tag: `request-${id}` }]);

    const second = (await kit.fileOffset('maria.santos')).body.request;
    const denied = await pushedDuring(['maria.santos'], () => kit.vote('liza.mendoza', 'offsetting', second.id, 'denied', { comment: 'Wrong dates' }));
    expect(denied.map((push) => push.payload['body'])).toEqual([`Your request ${second.reference_id} was rejected.`]);
  });
});

describe('what keeps a push back', () => {
  it('a conversation at nothing; at mentions, group mentions and every personal message still come', async () => {
    const mariaMention = () => sendTo('juan.delacruz', groupId, { message: '@@Maria Santos@@ ok?', mention_data: [mention('Maria Santos')] });
    const mariaDirect = () => sendTo('juan.delacruz', personal['maria.santos']!, { message: 'ok?' });
    await setLevel('maria.santos', groupId, 'nothing');
    await setLevel('maria.santos', personal['maria.santos']!, 'nothing');
    expect(await pushedDuring(['maria.santos'], mariaMention)).toEqual([]);
    expect(await pushedDuring(['maria.santos'], mariaDirect)).toEqual([]);
    // The bell still lists the mention.
    const bell = await chat.get<{ notifications: { notification_type: string; conversation_id: number }[] }>('maria.santos', '/api/v1/users/notifications');
    expect(bell.body.notifications[0]).toMatchObject({ notification_type: 'mention', conversation_id: groupId });

    await setLevel('maria.santos', groupId, 'mentions');
    await setLevel('maria.santos', personal['maria.santos']!, 'mentions');
    expect(await pushedDuring(['maria.santos'], mariaMention)).toHaveLength(1);
    expect(await pushedDuring(['maria.santos'], mariaDirect)).toHaveLength(1);
    await setLevel('maria.santos', groupId, 'all');
    await setLevel('maria.santos', personal['maria.santos']!, 'all');
  });

  it('a visible tab; a hidden one, or one that never said, does not', async () => {
    const direct = () => sendTo('juan.delacruz', personal['grace.tan']!, { message: 'Are you there?' });
    const silent: Socket = await chat.openSocket('grace.tan');
    expect(await pushedDuring(['grace.tan'], direct)).toHaveLength(1);
    const visible = await tab('grace.tan', true);
    expect(await pushedDuring(['grace.tan'], direct)).toEqual([]);
    expect(await visible.timeout(3_000).emitWithAck('visibility', { visible: false })).toBe('OK');
    expect(await pushedDuring(['grace.tan'], direct)).toHaveLength(1);
    const hidden = await tab('grace.tan', false);
    expect(await pushedDuring(['grace.tan'], direct)).toHaveLength(1);
    for (const socket of [silent, visible, hidden]) socket.disconnect();
  });

  it('do not disturb and quiet hours, approvals included; they end, pushes come again', async () => {
    const direct = () => sendTo('juan.delacruz', personal['carmen.flores']!, { message: 'Quiet?' });
    await settings('carmen.flores', { do_not_disturb_until: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await pushedDuring(['carmen.flores'], direct)).toEqual([]);
    await kit.setChain('offsetting', { approvers: ['carmen.flores'], needed: 1 }, { approvers: [], needed: 0 });
    expect(await pushedDuring(['carmen.flores'], () => kit.fileOffset('maria.santos'))).toEqual([]);
    await settings('carmen.flores', { do_not_disturb_until: null });
    expect(await pushedDuring(['carmen.flores'], direct)).toHaveLength(1);

    // Quiet from an hour ago to an hour from now on a UTC clock (crossing midnight when it must).
    const hhmm = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(11, 16);
    await settings('carmen.flores', { quiet_hours: { from: hhmm(-3_600_000), to: hhmm(3_600_000), time_zone: 'UTC' } });
    expect(await pushedDuring(['carmen.flores'], direct)).toEqual([]);
    await settings('carmen.flores', { quiet_hours: { from: hhmm(3_600_000), to: hhmm(7_200_000), time_zone: 'UTC' } });
    expect(await pushedDuring(['carmen.flores'], direct)).toHaveLength(1);
    await settings('carmen.flores', { quiet_hours: null });
  });

  it('previews off: who, but not the words', async () => {
    await settings('maria.santos', { push_previews: false });
    const [push] = await pushedDuring(['maria.santos'], () => sendTo('juan.delacruz', personal['maria.santos']!, { message: 'The secret price is 1200' }));
    expect(push?.payload).toMatchObject({ title: 'Juan Dela Cruz', body: NO_PREVIEW_MESSAGE });
    expect(JSON.stringify(push?.payload)).not.toMatch(/secret|1200/);
    await kit.setChain('offsetting', { approvers: ['maria.santos'], needed: 1 }, { approvers: [], needed: 0 });
    const [request] = await pushedDuring(['maria.santos'], () => kit.fileOffset('grace.tan'));
    expect(request?.payload).toMatchObject({ title: 'Grace Tan', body: NO_PREVIEW_REQUEST });
    await settings('maria.santos', { push_previews: true });
  });
});

describe('what the push service says back', () => {
  it('410 and 404 drop the subscription; other failures keep it for the next time', async () => {
    const direct = () => sendTo('juan.delacruz', personal['carmen.flores']!, { message: 'Still there?' });
    const spare = pushService.subscription();
    expect((await subscribe('carmen.flores', spare.json)).status).toBe(201);
    const endpoints = async () => (await subscriptionsOf('carmen.flores')).map((row) => row.endpoint).sort();

    pushService.answer(browsers['carmen.flores']!.id, 500);
    pushService.answer(spare.id, 410);
    await pushedDuring([], direct);
    expect(await endpoints()).toEqual([browsers['carmen.flores']!.json.endpoint]);
    pushService.answer(browsers['carmen.flores']!.id, 201);
    expect(await pushedDuring(['carmen.flores'], direct)).toHaveLength(1);

    pushService.answer(browsers['carmen.flores']!.id, 404);
    await pushedDuring([], direct);
    expect(await endpoints()).toEqual([]);
  });

  it('logging out (everywhere) and a temporary password take every browser of the person off', async () => {
    const browser = pushService.subscription();
    expect((await subscribe('liza.mendoza', browser.json)).status).toBe(201);
    expect(await subscriptionsOf('liza.mendoza')).toHaveLength(2);
    expect((await chat.call('liza.mendoza', 'POST', '/api/v1/accounts/logout')).status).toBe(200);
    expect(await subscriptionsOf('liza.mendoza')).toEqual([]);

    const token = await server.login('liza.mendoza');
    expect((await server.request('POST', '/api/v1/push/subscriptions', { token, json: browser.json })).status).toBe(201);
    const reset = await chat.call('admin', 'POST', `/api/v1/admin/users/${chat.ids['Liza Mendoza']}/password`, {});
    expect(reset.status).toBe(200);
    expect(await subscriptionsOf('liza.mendoza')).toEqual([]);
  });

  it('a deactivated person gets nothing, and their subscriptions go', async () => {
    const direct = () => sendTo('juan.delacruz', personal['grace.tan']!, { message: 'Goodbye' });
    expect(await subscriptionsOf('grace.tan')).toHaveLength(1);
    expect((await chat.call('admin', 'PATCH', `/api/v1/admin/users/${chat.ids['Grace Tan']}`, { is_active: false })).status).toBe(200);
    expect(await subscriptionsOf('grace.tan')).toEqual([]);
    // Even a subscription that got back in some other way is not pushed to.
    await server.database.db
      .insertInto('push_subscriptions')
      .values({ user_id: chat.ids['Grace Tan']!, endpoint: browsers['grace.tan']!.json.endpoint, ...browsers['grace.tan']!.json.keys, created_at: Date.now() })
      .execute();
    expect(await pushedDuring(['grace.tan'], direct)).toEqual([]);
  });
});

describe.skipIf(!process.env['REDIS_URL'])('tabs on another server process', () => {
  let redis: RedisClientType;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    redis = createClient({ url: process.env['REDIS_URL'] });
    await redis.connect();
    const redisKeyPrefix = `ichat:test:${randomBytes(4).toString('hex')}`;
    first = await startTestServer({ redis, redisKeyPrefix, env: { PUSH_ALLOW_HTTP: '1' } });
    second = await startTestServer({ redis, redisKeyPrefix, env: { PUSH_ALLOW_HTTP: '1' } });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await redis.quit();
  });

  it('keep a push back when visible there, as on this one', async () => {
    const stand = await startPushService({ vapidPublicKey: first.config.webPush.vapid.publicKey });
    const here = await createChatClient(first, ['juan.delacruz', 'maria.santos']);
    const there = await createChatClient(second, ['maria.santos']);
    try {
      const browser = stand.subscription();
      expect((await here.call('maria.santos', 'POST', '/api/v1/push/subscriptions', browser.json)).status).toBe(201);
      const conversationId = (await here.call<{ conversation_id: number }>('juan.delacruz', 'POST', '/api/v1/direct-message', { recipients: [here.ids['Maria Santos']], message: 'One' })).body.conversation_id;
      await first.app.jobs.pushes.idle();
      expect(stand.for(browser.id)).toHaveLength(1);

      // The demo seeds the same people in the same order, so Maria is the same id on both.
      const socket = await there.openSocket('maria.santos');
      expect(await socket.timeout(3_000).emitWithAck('visibility', { visible: true })).toBe('OK');
      expect((await here.send('juan.delacruz', conversationId, { message: 'Two' })).status).toBe(201);
      await first.app.jobs.pushes.idle();
      expect(stand.for(browser.id)).toHaveLength(1);
      socket.disconnect();
    } finally {
      here.closeSockets();
      there.closeSockets();
      await stand.close();
    }
    expect(stand.problems).toEqual([]);
  });
});
