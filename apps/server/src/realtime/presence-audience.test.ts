/**
 * Presence in a company past PRESENCE_EVERYONE_LIMIT (docs/DECISIONS.md, "Presence at company
 * scale"): each person sees, and is seen by, the people they share a conversation with. The
 * demo's ten staff are made "large" with a limit of 5.
 */
import { PRESENCE_BATCH_MS, type OnlineUserRecord } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatClient, type ChatClient } from '../test-support/chat-client.js';
import { collect, nextEvent } from '../test-support/socket-waits.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
let chat: ChatClient;
beforeAll(async () => {
  server = await startTestServer({ env: { PRESENCE_EVERYONE_LIMIT: '5' } });
  chat = await createChatClient(server, ['maria.santos', 'juan.delacruz', 'ramon.bautista', 'jose.garcia']);
});
afterAll(async () => {
  chat.closeSockets();
  await server.close();
});

describe('presence in a large company', () => {
  it('lists on user_online only the people one shares a conversation with, and oneself', async () => {
    const maria = await chat.openSocket('maria.santos');
    const list = nextEvent<OnlineUserRecord[]>(maria, 'update_user_list');
    expect(await maria.timeout(3_000).emitWithAck('user_online', {})).toBe('OK');
    const seen = new Set((await list).map((record) => record.user_id));
    // Maria: a personal conversation with Juan and with Admin, and the Sales Team (Juan, Carmen, Admin).
    expect([...seen].sort()).toEqual([chat.ids['Maria Santos'], chat.ids['Juan Dela Cruz'], chat.ids['Carmen Flores'], chat.ids['Admin']].sort());
    expect(seen.has(chat.ids['Ramon Bautista']!)).toBe(false);
  });

  it('tells a change only to the people who see that person', async () => {
    const maria = await chat.openSocket('maria.santos');
    const heard = collect<OnlineUserRecord[]>(maria, 'update_user_list', PRESENCE_BATCH_MS * 2 + 1_000);
    // Ramon shares nothing with Maria; Juan shares a conversation and the Sales Team.
    await chat.openSocket('ramon.bautista');
    await chat.openSocket('juan.delacruz');
    const changes = (await heard).flat();
    expect(changes.some((record) => record.user_id === chat.ids['Juan Dela Cruz'] && record.is_online)).toBe(true);
    expect(changes.some((record) => record.user_id === chat.ids['Ramon Bautista'])).toBe(false);
  });
});
