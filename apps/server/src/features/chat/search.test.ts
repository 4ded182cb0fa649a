/**
 * Search (000 §7) on the full-text index: global and in-conversation, word prefixes, every
 * word, ranked, kept in step with sends and deletes, and never outside the caller's
 * conversations, by search or by position.
 */
import type { SearchResult } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatClient, type ChatClient } from '../../test-support/chat-client.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
let chat: ChatClient;
let yardId: number;
let secretId: number;

const globalSearch = (user: string, keyword: unknown, url = '/api/v1/messages/global/search/') =>
  chat.call<{ result: SearchResult[] }>(user, 'POST', url, { keyword });
const contents = (result: SearchResult[]) => result.map((hit) => hit.content);

beforeAll(async () => {
  server = await startTestServer();
  chat = await createChatClient(server, ['maria.santos', 'juan.delacruz', 'carmen.flores', 'jose.garcia', 'grace.tan']);
  yardId = await chat.createGroup('juan.delacruz', 'Yard', ['Maria Santos', 'Carmen Flores']);
  secretId = await chat.createGroup('jose.garcia', 'Board Only', ['Grace Tan']);
  await chat.send('juan.delacruz', yardId, { message: 'Gravel is delivered to the site on Monday morning' });
  await chat.send('maria.santos', yardId, { message: 'gravel gravel gravel' });
  await chat.send('carmen.flores', yardId, { message: 'Plywood marine grade, 20 sheets' });
  await chat.send('jose.garcia', secretId, { message: 'Gravel supplier contract is confidential' });
});
afterAll(async () => {
  await server.close();
});

describe('global search', () => {
  it('finds word prefixes, case-insensitively, newest first, only in the caller’s conversations', async () => {
    const hits = await globalSearch('maria.santos', 'GRAV');
    expect(hits.status).toBe(200);
    expect(contents(hits.body.result)).toEqual(['gravel gravel gravel', 'Gravel is delivered to the site on Monday morning']);
    expect(hits.body.result[0]).toMatchObject({ conversation_id: yardId, conversation_detail: { name: 'Yard', is_group: true }, user: { display_name: 'Maria Santos' }, reply_to_thread_message_id: null });
    // Grace sees her own group's message and nothing of the Yard.
    expect(contents((await globalSearch('grace.tan', 'gravel')).body.result)).toEqual(['Gravel supplier contract is confidential']);
  });

  it('answers newest first, as the results say, not the best match first (issue 17)', async () => {
    await chat.send('juan.delacruz', yardId, { message: 'hollowblock hollowblock hollowblock hollowblock' });
    await chat.send('carmen.flores', yardId, { message: 'One hollowblock pallet left, 5 per cent of the order' });
    const newest = ['One hollowblock pallet left, 5 per cent of the order', 'hollowblock hollowblock hollowblock hollowblock'];
    expect(contents((await globalSearch('maria.santos', 'hollowblock')).body.result)).toEqual(newest);
    const inYard = await chat.call<{ result: SearchResult[] }>('maria.santos', 'POST', `/api/v1/messages/search/${yardId}`, { keyword: 'hollowblock' });
    expect(contents(inYard.body.result)).toEqual(newest);
  });

  it('needs every word, each as the start of a word', async () => {
    expect(contents((await globalSearch('carmen.flores', 'marine ply')).body.result)).toEqual(['Plywood marine grade, 20 sheets']);
    expect((await globalSearch('carmen.flores', 'marine gravel')).body.result).toEqual([]);
    expect((await globalSearch('carmen.flores', 'wood')).body.result).toEqual([]);
    expect(contents((await globalSearch('carmen.flores', '20')).body.result)).toEqual(['Plywood marine grade, 20 sheets']);
  });

  it('treats search syntax as plain text', async () => {
    for (const keyword of ['"', 'gravel OR secret', 'NEAR(gravel)', 'grav*', "gravel' & !x", ':*', '(', 'a:b']) {
      const response = await globalSearch('maria.santos', keyword);
      expect(response.status, keyword).toBe(200);
      expect(contents(response.body.result).every((content) => !content.includes('confidential')), keyword).toBe(true);
    }
  });

  it('is kept in step with sends and deletes', async () => {
    const sent = (await chat.send('maria.santos', yardId, { message: 'Rebar tie wire arrives Friday' })).body.message;
    expect(contents((await globalSearch('juan.delacruz', 'rebar')).body.result)).toEqual(['Rebar tie wire arrives Friday']);
    await chat.call('maria.santos', 'DELETE', `/api/v1/messages/${yardId}/${sent.id}`);
    expect((await globalSearch('juan.delacruz', 'rebar')).body.result).toEqual([]);
  });

  it('finds thread replies and says which thread they belong to', async () => {
    const parent = (await chat.send('juan.delacruz', yardId, { message: 'Cement count' })).body.message;
    const reply = (await chat.send('carmen.flores', yardId, { message: 'Forty bags of Portland' }, { threadParentId: parent.id })).body.message;
    const [hit] = (await globalSearch('maria.santos', 'portland')).body.result;
    expect(hit).toMatchObject({ id: reply.id, reply_to_thread_message_id: parent.id });
  });

  it('names a personal conversation after the other person', async () => {
    const direct = await chat.call<{ conversation_id: number }>('maria.santos', 'POST', '/api/v1/direct-message', {
      recipients: [chat.ids['Juan Dela Cruz']],
      message: 'Invoice number 4471 is paid',
    });
    const [mine] = (await globalSearch('maria.santos', 'invoice 4471')).body.result;
    expect(mine).toMatchObject({ conversation_id: direct.body.conversation_id, conversation_detail: { name: 'Juan Dela Cruz', is_group: false } });
    const [his] = (await globalSearch('juan.delacruz', 'invoice 4471')).body.result;
    expect(his?.conversation_detail.name).toBe('Maria Santos');
  });

  it('answers the same without the trailing slash, and refuses a blank keyword', async () => {
    expect(contents((await globalSearch('maria.santos', 'plywood', '/api/v1/messages/global/search')).body.result)).toHaveLength(1);
    for (const keyword of ['', '   ', undefined]) {
      const refused = await globalSearch('maria.santos', keyword);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, message: 'Keyword is required.' });
    }
  });

  it('forgets a conversation the caller has left', async () => {
    const temporary = await chat.createGroup('juan.delacruz', 'Short Lived', ['Grace Tan']);
    await chat.send('juan.delacruz', temporary, { message: 'Scaffolding rental ends' });
    expect((await globalSearch('grace.tan', 'scaffolding')).body.result).toHaveLength(1);
    await chat.call('grace.tan', 'PATCH', `/api/v1/conversations/${temporary}`, { action: 'leave' });
    expect((await globalSearch('grace.tan', 'scaffolding')).body.result).toEqual([]);
  });
});

describe('search within one conversation', () => {
  it('finds only that conversation’s messages, and a non-member learns nothing by search or position', async () => {
    const inYard = await chat.call<{ result: SearchResult[] }>('maria.santos', 'POST', `/api/v1/messages/search/${yardId}`, { keyword: 'gravel' });
    expect(contents(inYard.body.result)).toHaveLength(2);
    const probe = await chat.call('maria.santos', 'POST', `/api/v1/messages/search/${secretId}`, { keyword: 'gravel' });
    expect(probe.status).toBe(404);
    expect(JSON.stringify(probe.body)).not.toMatch(/confidential/);
    const [secret] = (await globalSearch('jose.garcia', 'confidential')).body.result;
    const position = await chat.get('maria.santos', `/api/v1/messages/${secretId}/${secret!.id}`);
    expect(position.status).toBe(404);
    // Asking with a conversation of one's own and someone else's message id is no way in either.
    const crossed = await chat.get('maria.santos', `/api/v1/messages/${yardId}/${secret!.id}`);
    expect(crossed.status).toBe(404);
    expect(JSON.stringify(crossed.body)).not.toMatch(/confidential/);
  });
});
