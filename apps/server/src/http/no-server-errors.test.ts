/**
 * No client input may produce a 5xx: random bodies, types, headers and paths against every
 * call of this issue, signed in and not. Each answer must be the failure envelope or a
 * success.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test-support/test-server.js';

const server = useTestServer();
let token: string;
let adminToken: string;
beforeAll(async () => {
  token = await server.login('maria.santos');
  adminToken = await server.login('admin@demo.local');
});

const calls: [string, string][] = [
  ['POST', '/api/v1/accounts/login'],
  ['POST', '/api/v1/accounts/register'],
  ['POST', '/api/v1/accounts/change-password'],
  ['PUT', '/api/v1/accounts/me'],
  ['GET', '/api/v1/accounts/me'],
  ['POST', '/api/v1/tokens/verify'],
  ['PATCH', '/api/v1/admin/users/2'],
  ['GET', '/api/v1/admin/users'],
  ['GET', '/api/v1/version'],
  // Chat: conversation 4 is Maria's group, 5 one she is not in.
  ['GET', '/api/v1/conversations'],
  ['GET', '/api/v2/conversations?conversation_filter=group'],
  ['GET', '/api/v3/conversations?page=2&limit=3'],
  ['GET', '/api/v2/conversations/unread-count'],
  ['GET', '/api/v2/conversations/4'],
  ['POST', '/api/v1/conversations'],
  ['PATCH', '/api/v1/conversations/4'],
  ['PUT', '/api/v1/conversations/4'],
  ['GET', '/api/v1/conversations/actions/5'],
  ['GET', '/api/v1/messages/4?limit=5'],
  ['POST', '/api/v1/messages/4'],
  ['POST', '/api/v1/messages/5'],
  ['POST', '/api/v1/messages/search/4'],
  ['DELETE', '/api/v1/messages/4/9'],
  ['GET', '/api/v1/messages/4/9'],
  ['PATCH', '/api/v1/messages/4/9'],
  // Threads, reactions, search, notifications.
  ['GET', '/api/v1/messages/thread/4/9'],
  ['POST', '/api/v1/messages/4/9'],
  ['PUT', '/api/v1/messages/4/9'],
  ['POST', '/api/v1/messages/global/search/'],
  ['GET', '/api/v1/users'],
  ['PATCH', '/api/v1/conversation-member/4/3'],
  ['PUT', '/api/v1/conversation-member/4'],
  ['GET', '/api/v1/files/4'],
  ['POST', '/api/v1/direct-message'],
  // Requests: form 1 is the ePR, 2 the offset form.
  ['GET', '/api/v1/forms'],
  ['GET', '/api/v1/forms/1'],
  ['GET', '/api/v1/forms/me/permissions'],
  ['GET', '/api/v1/forms/me/requests'],
  ['GET', '/api/v1/forms/me/approvals'],
  ['GET', '/api/v1/forms/me/requests/history?query=%25'],
  ['GET', '/api/v1/forms/me/requests/epr/1'],
  ['POST', '/api/v1/forms/me/requests'],
  ['GET', '/api/v1/forms/me/reports'],
  ['POST', '/api/v1/forms/epr/1'],
  ['POST', '/api/v1/forms/offset/2'],
  ['POST', '/api/v1/forms/prospecting/3'],
  ['GET', '/api/v1/users/notifications'],
  ['POST', '/api/v1/notifications/1'],
];

const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({
    username: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string())),
    password: fc.oneof(fc.string({ maxLength: 300 }), fc.boolean(), fc.object()),
    rememberMe: fc.oneof(fc.boolean(), fc.string()),
    oldPassword: fc.oneof(fc.string(), fc.integer()),
    newPassword: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null)),
    token: fc.oneof(fc.string({ maxLength: 5000 }), fc.integer()),
    display_name: fc.oneof(fc.string({ maxLength: 200 }), fc.integer()),
    is_active: fc.oneof(fc.boolean(), fc.string()),
    email_address: fc.oneof(fc.emailAddress(), fc.string()),
    action: fc.oneof(fc.constantFrom('pin', 'leave', 'mute', 'remove', 'read'), fc.string(), fc.integer()),
    user_id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()),
    keyword: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant('%_\\')),
    recipients: fc.oneof(fc.array(fc.integer({ min: -5, max: 20 })), fc.string(), fc.array(fc.string())),
    message: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
    name: fc.oneof(fc.string({ maxLength: 300 }), fc.integer()),
    conversation_member_ids: fc.oneof(fc.array(fc.integer({ min: -5, max: 20 })), fc.string()),
    is_group: fc.oneof(fc.boolean(), fc.string()),
    form_id: fc.oneof(fc.integer({ min: -1, max: 10 }), fc.string()),
    request_id: fc.oneof(fc.integer({ min: -1, max: 10 }), fc.string()),
    status: fc.oneof(fc.constantFrom('approved', 'denied'), fc.string()),
    comment: fc.oneof(fc.string({ maxLength: 1200 }), fc.integer()),
    company_id: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.string()),
    purchase_request_id: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.string()),
    date_needed: fc.oneof(fc.constant('2030-01-01'), fc.string({ maxLength: 12 })),
    requisitions: fc.array(
      fc.record({
        description: fc.oneof(fc.string({ maxLength: 50 }), fc.integer()),
        quantity: fc.oneof(fc.double(), fc.string({ maxLength: 10 }), fc.integer()),
        price: fc.oneof(fc.double(), fc.string({ maxLength: 14 }), fc.constant('1e400')),
      }, { requiredKeys: [] }),
      { maxLength: 3 },
    ),
    offsettingRows: fc.array(fc.record({ date: fc.string({ maxLength: 12 }), accumulatedHrs: fc.oneof(fc.integer(), fc.string()) }), { maxLength: 3 }),
    region: fc.oneof(fc.constantFrom('NCR', 'Region VIII'), fc.string()),
    province: fc.oneof(fc.constantFrom('Makati', 'Leyte'), fc.string()),
  }, { requiredKeys: [] }),
);

const expectEnvelope = (status: number, body: unknown, label: string) => {
  expect(status, label).toBeLessThan(500);
  expect(body, label).toHaveProperty('success');
  if (status >= 400) expect(typeof (body as { message?: unknown }).message, label).toBe('string');
};

describe('no client input produces a 5xx', () => {
  it('random JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), anyJson, fc.constantFrom(undefined, 'user', 'admin'), async ([method, url], json, who) => {
        const auth = who === 'user' ? token : who === 'admin' ? adminToken : undefined;
        const response = await server.request(method, url, { token: auth, ...(method === 'GET' ? {} : { json }) });
        expectEnvelope(response.status, response.body, `${method} ${url} ${JSON.stringify(json)}`);
      }),
      { numRuns: 150 },
    );
  });

  it('raw bodies with arbitrary content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls.filter(([method]) => method !== 'GET')),
        fc.string({ maxLength: 500 }),
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/xml', ''),
        async ([method, url], rawBody, contentType) => {
          const response = await server.request(method, url, {
            token,
            rawBody,
            headers: contentType ? { 'content-type': contentType } : {},
          });
          expectEnvelope(response.status, response.body, `${method} ${url} ${contentType} ${JSON.stringify(rawBody)}`);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('arbitrary path segments, ids and authorization headers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 200 }), async (segment, authorization) => {
        const id = encodeURIComponent(segment);
        const patched = await server.request('PATCH', `/api/v1/admin/users/${id}`, { token: adminToken, json: { is_active: true } });
        expect(patched.status, segment).toBeLessThan(500);
        const asset = await server.request('GET', `/assets/images-data/${id}`, { token });
        expect(asset.status, segment).toBeLessThan(500);
        const attachment = await server.request('GET', `/assets/message-attachment/${id}`, { token });
        expect(attachment.status, segment).toBeLessThan(500);
        for (const url of [
          `/api/v2/conversations/${id}`,
          `/api/v1/messages/${id}?before=${id}`,
          `/api/v1/messages/4/${id}`,
          `/api/v1/files/${id}`,
          `/api/v1/forms/${id}`,
          `/api/v1/forms/me/requests/${id}/1`,
          `/api/v1/forms/me/requests/history?query=${id}`,
          `/assets/requests-attachments/${id}`,
        ]) {
          const response = await server.request('GET', url, { token });
          expect(response.status, url).toBeLessThan(500);
        }
        const me = await fetch(`${server.baseUrl}/api/v1/accounts/me`, { headers: { authorization: authorization.replace(/[^\t\x20-\x7e]/g, '') } });
        expect(me.status, authorization).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });

  it('random multipart data parts and files on the chat uploads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v1/messages/4', '/api/v1/conversations', '/api/v1/conversations/4', '/api/v1/forms/epr/1', '/api/v1/forms/prospecting/3', '/api/v1/forms/edsr/8'),
        fc.oneof(fc.string({ maxLength: 200 }), anyJson.map((value) => JSON.stringify(value))),
        fc.constantFrom('message_attachments', 'conversation_image', 'other', 'attachments_0', 'attachments_49', 'prospectingImages', 'visit_proof_3'),
        fc.uint8Array({ maxLength: 200 }),
        async (url, data, field, bytes) => {
          const form = new FormData();
          form.append('data', data);
          form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>]), 'file.png');
          const response = await server.request(url === '/api/v1/conversations/4' ? 'PUT' : 'POST', url, { token, form });
          expectEnvelope(response.status, response.body, `${url} ${data} ${field}`);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('refuses the NUL character with 400 wherever it comes, on both databases (PostgreSQL cannot store it)', async () => {
    // Found by http/fuzz.test.ts as 500s on PostgreSQL.
    const refusals = [
      await server.request('POST', '/api/v1/admin/catalogs/companies', { token: adminToken, json: { name: '\u0000' } }),
      await server.request('GET', '/assets/message-attachment/%00', { token }),
      await server.request('GET', '/api/v1/forms/me/requests/history?query=%00', { token: adminToken }),
      await server.request('POST', '/api/v1/messages/global/search/', { token, json: { keyword: 'cement\u0000' } }),
      await server.request('PUT', '/api/v1/messages/4/9', { token, json: { ['reaction_type\u0000']: 'like' } }),
    ];
    const form = new FormData();
    form.append('data', JSON.stringify({ message: 'forty bags\u0000 of cement' }));
    refusals.push(await server.request('POST', '/api/v1/messages/4', { token, form }));
    for (const refused of refusals) expect(refused.body).toEqual({ success: false, message: 'Text cannot contain the NUL character.' });
    expect(refusals.map((refused) => refused.status)).toEqual([400, 400, 400, 400, 400, 400]);
    const stored = await server.database.db.selectFrom('messages').select('id').where('content', 'like', 'forty bags%').execute();
    expect(stored).toEqual([]);
  });

  it('keeps a lone surrogate (half an emoji) as U+FFFD wherever it comes, on both databases (PostgreSQL jsonb refuses it)', async () => {
    // Found by http/fuzz.test.ts as a 500 on PostgreSQL: the audit entry's jsonb refused "\ud800".
    const added = await server.request<{ entry: { name: string } }>('POST', '/api/v1/admin/catalogs/purchase-request-types', {
      token: adminToken,
      json: { name: 'Rebar \ud83d' },
    });
    expect(added.status).toBe(201);
    expect(added.body.entry.name).toBe('Rebar \ufffd');
    const again = await server.request('POST', '/api/v1/admin/catalogs/purchase-request-types', { token: adminToken, json: { name: 'Rebar \ud83d' } });
    expect(again.status).toBe(409);

    const form = new FormData();
    form.append('data', JSON.stringify({ message: 'forty bags \udc00 of cement \u{1F9F1}' }));
    const sent = await server.request<{ data: { message: string } }>('POST', '/api/v1/messages/4', { token, form });
    expect(sent.status).toBe(201);
    const stored = await server.database.db.selectFrom('messages').select('content').where('content', 'like', 'forty bags%').executeTakeFirstOrThrow();
    expect(stored.content).toBe('forty bags \ufffd of cement \u{1F9F1}');
  });

  it('broken multipart bodies on the profile update', async () => {
    const bodies = [
      '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"display_name":"A"}\r\n',
      '--x\r\nContent-Disposition: form-data; name="profile_photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      '--x--',
      'garbage',
      '--x\r\nContent-Disposition: form-data; name="other"; filename="a.bin"\r\n\r\nabc\r\n--x--\r\n',
    ];
    for (const rawBody of bodies) {
      const response = await server.request('PUT', '/api/v1/accounts/me', {
        token,
        rawBody,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expectEnvelope(response.status, response.body, rawBody);
    }
  });
});
