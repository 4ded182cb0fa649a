/**
 * Scale-out (docs/OPERATIONS.md, several processes): two real server processes on one PostgreSQL schema and one
 * Redis, behind nginx with sticky sessions. A change made through one process reaches the
 * live sockets held by the other through the Socket.IO Redis adapter.
 *
 * Runs only with DATABASE_URL=postgres://…, REDIS_URL and /usr/sbin/nginx, on the built
 * server (apps/server/dist/main.js); .ci/run's PostgreSQL pass provides all of them.
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageRecord, OnlineUserRecord } from '@ichat/shared';
import { scaleOutSkipReason, startTwoInstances, type LoopbackClient, type TwoInstances } from '../test-support/two-instances.js';
import { nextEvent } from '../test-support/socket-waits.js';

const skipReason = scaleOutSkipReason();
const describeScaleOut = skipReason ? describe.skip : describe;
if (skipReason) console.info(`scale-out test skipped: ${skipReason}`);

/** Across processes and nginx a batch may take longer: 8 s. */
const waitFor = <T,>(socket: Socket, event: string, accept: (payload: T) => boolean) => nextEvent(socket, event, accept, 8_000);

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`socket did not connect: ${error.message}`)));
  });

const emitWithAck = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(8_000).emitWithAck(event, payload) as Promise<unknown>;

describeScaleOut(skipReason ? `scale-out (skipped: ${skipReason})` : 'scale-out: two processes behind nginx', () => {
  let cluster: TwoInstances;
  let onFirst: LoopbackClient; // maria.santos's machine, hashed onto process 1
  let onSecond: LoopbackClient; // juan.delacruz's machine, hashed onto process 2
  const maria = { token: '', id: 0 };
  const juan = { token: '', id: 0 };
  let salesTeamId: number;
  let mariaSocket: Socket;
  let juanSocket: Socket;

  beforeAll(async () => {
    const started = Date.now();
    cluster = await startTwoInstances();
    [onFirst, onSecond] = await cluster.clientsOnEachUpstream();
    console.info(
      `scale-out: processes ${cluster.upstreams.join(' and ')} behind ${cluster.proxyUrl} in ${Date.now() - started} ms; ` +
        `${onFirst.sourceAddress} → process 1, ${onSecond.sourceAddress} → process 2`,
    );
    for (const [person, client, username] of [
      [maria, onFirst, 'maria.santos'],
      [juan, onSecond, 'juan.delacruz'],
    ] as const) {
      person.token = await client.login(username);
      const me = await client.request<{ user_details?: { id: number } }>('GET', '/api/v1/accounts/me', { token: person.token });
      expect(me.status).toBe(200);
      person.id = me.body.user_details!.id;
    }
    const groups = await onSecond.request<{ conversations: { id: number; name: string }[] }>(
      'GET',
      '/api/v2/conversations?conversation_filter=group',
      { token: juan.token },
    );
    expect(groups.status).toBe(200);
    salesTeamId = groups.body.conversations.find((conversation) => conversation.name === 'Sales Team')!.id;
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  it('nginx keeps each client on one process and the two clients on different processes', async () => {
    expect(cluster.upstreams[0]).not.toBe(cluster.upstreams[1]);
    // Sticky: the same source address lands on the same process every time.
    for (const client of [onFirst, onSecond]) {
      const seen = new Set(await Promise.all([1, 2, 3, 4].map(() => client.upstream())));
      expect([...seen]).toHaveLength(1);
    }
    expect(await onFirst.upstream()).toBe(cluster.upstreams[0]);
    expect(await onSecond.upstream()).toBe(cluster.upstreams[1]);
  });

  it('both processes share the database: a login on one is a valid session on the other', async () => {
    // maria's token was issued by process 1 (through nginx); use it from juan's address (process 2).
    const me = await onSecond.request<{ user_details?: { id: number } }>('GET', '/api/v1/accounts/me', { token: maria.token });
    expect(me.status).toBe(200);
    expect(me.headers['x-upstream']).toBe(cluster.upstreams[1]);
    expect(me.body.user_details?.id).toBe(maria.id);
  });

  it('sockets connect through nginx (polling, then WebSocket upgrade), each to its own process', async () => {
    juanSocket = onSecond.socket(juan.token);
    await connected(juanSocket);
    mariaSocket = onFirst.socket(maria.token);
    await connected(mariaSocket);
    // The upgrade to WebSocket went through nginx too.
    await Promise.all(
      [juanSocket, mariaSocket].map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.io.engine.transport.name === 'websocket') return resolve();
            socket.io.engine.once('upgrade', () => resolve());
          }),
      ),
    );
    expect(mariaSocket.io.engine.transport.name).toBe('websocket');
    expect(juanSocket.io.engine.transport.name).toBe('websocket');

    // nginx's log shows which process served every socket.io request of each address.
    const log = await cluster.accessLog();
    const upstreamsOf = (address: string) =>
      new Set(log.filter((row) => row.remote === address && row.uri.startsWith('/socket.io/')).map((row) => row.upstream));
    expect([...upstreamsOf(onFirst.sourceAddress)]).toEqual([cluster.upstreams[0]]);
    expect([...upstreamsOf(onSecond.sourceAddress)]).toEqual([cluster.upstreams[1]]);
  });

  it('both join the Sales Team room', async () => {
    expect(await emitWithAck(juanSocket, 'join', { room: salesTeamId })).toBe('OK');
    expect(await emitWithAck(mariaSocket, 'join', { room: salesTeamId })).toBe('OK');
  });

  it('a message sent through process 1 reaches the socket on process 2', async () => {
    const text = `Scale-out check ${randomBytes(4).toString('hex')}`;
    const received = waitFor<ChatMessageRecord>(
      juanSocket,
      'message',
      (record) => record.type === 'user-chat' && (record.data as { content?: string } | undefined)?.content === text,
    );
    const form = new FormData();
    form.append('data', JSON.stringify({ message: text, mention_data: [], client_message_id: `scale-${randomBytes(6).toString('hex')}` }));
    const sent = await onFirst.request<{ message?: { id: number } }>('POST', `/api/v1/messages/${salesTeamId}`, {
      token: maria.token,
      form,
    });
    expect(sent.status).toBe(201);
    expect(sent.headers['x-upstream']).toBe(cluster.upstreams[0]);
    const record = await received;
    expect(record).toMatchObject({ conversation_id: salesTeamId, sender_id: maria.id, type: 'user-chat' });
    expect(record.id).toBe(sent.body.message!.id);
  });

  it('a mute made through process 2 stops a send through process 1 at once, though process 1 keeps members in memory', async () => {
    const sendAsMaria = async (text: string) => {
      const form = new FormData();
      form.append('data', JSON.stringify({ message: text, mention_data: [] }));
      return onFirst.request('POST', `/api/v1/messages/${salesTeamId}`, { token: maria.token, form });
    };
    const setMute = () => onSecond.request('PATCH', `/api/v1/conversation-member/${salesTeamId}/${maria.id}`, { token: juan.token, json: { action: 'mute' } });
    // Process 1 has read the Sales Team's members for this send, and keeps them.
    expect((await sendAsMaria('Before the mute')).status).toBe(201);
    expect((await setMute()).status).toBe(200);
    // The word crosses through Redis within milliseconds; a send right after is refused.
    const refusedAfter = Date.now();
    let status = 0;
    while (Date.now() - refusedAfter < 2_000) {
      status = (await sendAsMaria('While muted')).status;
      if (status === 403) break;
    }
    expect(status).toBe(403);
    console.info(`scale-out: process 1 refused the muted member's send ${Date.now() - refusedAfter} ms after the mute`);
    expect((await setMute()).status).toBe(200);
    const unmutedAt = Date.now();
    while (Date.now() - unmutedAt < 2_000 && status !== 201) status = (await sendAsMaria('Unmuted again')).status;
    expect(status).toBe(201);
  });

  it('an attachment uploaded through process 1 downloads through process 2 (shared DATA_DIR)', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify({ message: 'quote attached', mention_data: [] }));
    form.append('message_attachments', new Blob([new TextEncoder().encode('%PDF-1.4 scale-out')], { type: 'application/pdf' }), 'quote.pdf');
    const sent = await onFirst.request<{ message?: { message_attachment: { attachment: string }[] } }>(
      'POST',
      `/api/v1/messages/${salesTeamId}`,
      { token: maria.token, form },
    );
    expect(sent.status).toBe(201);
    const stored = sent.body.message!.message_attachment[0]!.attachment;
    const download = await onSecond.request('GET', `/assets/message-attachment/${stored}`, { token: juan.token });
    expect(download.headers['x-upstream']).toBe(cluster.upstreams[1]);
    expect(download.status).toBe(200);
    expect(String(download.body)).toBe('%PDF-1.4 scale-out');
  });

  it('typing crosses processes: juan on process 2 sees maria typing on process 1', async () => {
    const feedback = waitFor<{ room: number; userId: number }>(juanSocket, 'currently_typing_feedback', (payload) => payload.room === salesTeamId);
    mariaSocket.emit('currently_typing', { room: salesTeamId });
    expect(await feedback).toMatchObject({ room: salesTeamId, userId: maria.id });
  });

  it('presence is shared: the full list process 2 sends juan counts maria, connected only to process 1', async () => {
    // juan connected first, then maria; both sockets are still open.
    const snapshot = waitFor<OnlineUserRecord[]>(juanSocket, 'update_user_list', (users) => users.some((user) => user.user_id === juan.id));
    expect(await emitWithAck(juanSocket, 'user_online', {})).toBe('OK');
    const users = await snapshot;
    expect(users.find((user) => user.user_id === juan.id)).toMatchObject({ is_online: true });
    expect(users.find((user) => user.user_id === maria.id)).toMatchObject({ is_online: true });
  });

  it('presence changes cross processes: juan on process 2 sees maria on process 1 go offline and come online', async () => {
    // Only process 1's batched broadcasts (through the adapter) can tell juan about maria.
    const wentOffline = waitFor<OnlineUserRecord[]>(juanSocket, 'update_user_list', (users) =>
      users.some((user) => user.user_id === maria.id && !user.is_online),
    );
    mariaSocket.disconnect();
    expect((await wentOffline).find((user) => user.user_id === maria.id)?.last_online).toEqual(expect.any(String));

    const cameOnline = waitFor<OnlineUserRecord[]>(juanSocket, 'update_user_list', (users) =>
      users.some((user) => user.user_id === maria.id && user.is_online),
    );
    mariaSocket = onFirst.socket(maria.token);
    await connected(mariaSocket);
    expect(await emitWithAck(mariaSocket, 'user_online', {})).toBe('OK');
    expect((await cameOnline).find((user) => user.user_id === maria.id)).toMatchObject({ user_id: maria.id, is_online: true });
    expect(await onFirst.upstream()).toBe(cluster.upstreams[0]);
  });
});
