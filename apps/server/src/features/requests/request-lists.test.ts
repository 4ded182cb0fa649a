/**
 * The three request lists in pages and searched on the server (docs/DECISIONS.md, "Requests
 * and approvals", Lists): pages that do not overlap, newest first, a total; a search on the
 * reference id, the type by code or name, the date in the viewer's zone and the names the
 * list shows; a clear 400 for a bad parameter; and, without page and limit, the answer the
 * document's calls always gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestsKit, type ListItem, type RequestsKit } from '../../test-support/requests-kit.js';
import { dialectUnderTest, startTestServer, type TestServer } from '../../test-support/test-server.js';

interface Item extends ListItem {
  request_type: string;
  createdAt: string;
  requester_user_detail: { first_name: string; last_name: string };
  user_detail: { display_name: string };
}
interface ListBody {
  success: boolean;
  message?: string;
  requests: Item[];
  pagination?: { page: number; limit: number; total: number };
}

let server: TestServer;
let kit: RequestsKit;
const mariaFiled: { id: number; reference_id: string; type: string }[] = [];
const graceFiled: { id: number; reference_id: string; type: string }[] = [];
/** A request of Maria's moved to a known moment: 4 March 2025, 23:30 UTC (5 March in Manila). */
let movedId = 0;

const list = (user: string, path: string) => kit.call<ListBody>(user, 'GET', path);
const ids = (body: ListBody) => body.requests.map((request) => request.id);

beforeAll(async () => {
  server = await startTestServer();
  kit = await createRequestsKit(server);
  for (let n = 0; n < 12; n += 1) {
    const filed = n % 3 === 0 ? await kit.fileEpr('maria.santos') : await kit.fileOffset('maria.santos');
    expect(filed.status).toBe(201);
    mariaFiled.push({ ...filed.body.request, type: n % 3 === 0 ? 'epr' : 'offsetting' });
  }
  for (let n = 0; n < 3; n += 1) {
    const filed = await kit.fileEpr('grace.tan');
    expect(filed.status).toBe(201);
    graceFiled.push({ ...filed.body.request, type: 'epr' });
  }
  movedId = mariaFiled[4]!.id;
  await server.database.db.updateTable('form_requests').set({ created_at: Date.UTC(2025, 2, 4, 23, 30) }).where('id', '=', movedId).execute();
});
afterAll(async () => {
  await server.close();
});

describe(`request lists in pages (${dialectUnderTest})`, () => {
  it('answers pages that do not overlap, newest first, with the total, covering the whole list', async () => {
    const whole = await list('maria.santos', '/api/v1/forms/me/requests');
    expect(ids(whole.body)).toEqual(mariaFiled.map((request) => request.id).reverse());
    const pages = [];
    for (const page of [1, 2, 3]) {
      const answer = await list('maria.santos', `/api/v1/forms/me/requests?page=${page}&limit=5`);
      expect(answer.status).toBe(200);
      expect(answer.body.pagination).toEqual({ page, limit: 5, total: 12 });
      pages.push(ids(answer.body));
    }
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    expect(pages.flat()).toEqual(ids(whole.body));
    expect(new Set(pages.flat()).size).toBe(12);
    const past = await list('maria.santos', '/api/v1/forms/me/requests?page=4&limit=5');
    expect(past.body).toEqual({ success: true, requests: [], pagination: { page: 4, limit: 5, total: 12 } });
  });

  it('takes page or limit alone, with the usual page of 20', async () => {
    expect((await list('maria.santos', '/api/v1/forms/me/requests?limit=3')).body.pagination).toEqual({ page: 1, limit: 3, total: 12 });
    const page = await list('maria.santos', '/api/v1/forms/me/requests?page=1');
    expect(page.body.pagination).toEqual({ page: 1, limit: 20, total: 12 });
    expect(page.body.requests).toHaveLength(12);
  });

  it('pages Pending Approvals and History the same way', async () => {
    // Ana is a level-1 approver of every ePR: Maria's four and Grace's three wait on her.
    const waiting = await list('ana.reyes', '/api/v1/forms/me/approvals');
    expect(waiting.body.requests).toHaveLength(7);
    const first = await list('ana.reyes', '/api/v1/forms/me/approvals?page=1&limit=4');
    const second = await list('ana.reyes', '/api/v1/forms/me/approvals?page=2&limit=4');
    expect(first.body.pagination).toEqual({ page: 1, limit: 4, total: 7 });
    expect([...ids(first.body), ...ids(second.body)]).toEqual(ids(waiting.body));

    const history = await list('liza.mendoza', '/api/v1/forms/me/requests/history');
    expect(history.body.requests).toHaveLength(8);
    const historyPages = [1, 2].map((page) => list('liza.mendoza', `/api/v1/forms/me/requests/history?page=${page}&limit=5`));
    const [one, two] = await Promise.all(historyPages);
    expect(one!.body.pagination?.total).toBe(8);
    expect([...ids(one!.body), ...ids(two!.body)]).toEqual(ids(history.body));
  });

  it('lists a request once in History, and counts it once, when the caller has a seat at both levels', async () => {
    await kit.setChain('explain-why', { approvers: ['liza.mendoza'], needed: 1 }, { approvers: ['liza.mendoza'], needed: 1 });
    const filed = await kit.call<{ request: { id: number } }>('grace.tan', 'POST', `/api/v1/forms/explain-why/${kit.formIds['explain-why']}`, {
      manager: 'Ana Reyes',
      explanation: 'The truck broke down on the way to the site.',
      penalty: 'Verbal Warning',
      offense: '1st Offense',
      rule_no: 'II - Conduct and Behavior',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const history = await list('liza.mendoza', '/api/v1/forms/me/requests/history?page=1&limit=50');
    expect(ids(history.body).filter((id) => id === filed.body.request.id)).toHaveLength(1);
    expect(history.body.pagination?.total).toBe(history.body.requests.length);
    expect(history.body.requests).toHaveLength(9);
  });

  it('answers without page and limit exactly as before: success and requests, every row', async () => {
    for (const [user, path] of [
      ['maria.santos', '/api/v1/forms/me/requests'],
      ['ana.reyes', '/api/v1/forms/me/approvals'],
      ['ana.reyes', '/api/v1/forms/me/requests/history'],
    ] as const) {
      const answer = await list(user, path);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['requests', 'success']);
      expect(answer.body.requests.length).toBeGreaterThan(0);
    }
  });
});

describe(`request lists searched on the server (${dialectUnderTest})`, () => {
  const search = (user: string, path: string, query: string, extra = '') =>
    list(user, `${path}?page=1&limit=50&query=${encodeURIComponent(query)}${extra}`);

  it('finds by reference id, in any case', async () => {
    const target = mariaFiled[7]!;
    const found = await search('maria.santos', '/api/v1/forms/me/requests', target.reference_id.toLowerCase());
    expect(ids(found.body)).toEqual([target.id]);
    expect(found.body.pagination?.total).toBe(1);
  });

  it('finds by request type, by its code or by its name as the list shows it', async () => {
    const eprs = mariaFiled.filter((request) => request.type === 'epr').map((request) => request.id).reverse();
    expect(ids((await search('maria.santos', '/api/v1/forms/me/requests', 'epr')).body)).toEqual(eprs);
    expect(ids((await search('maria.santos', '/api/v1/forms/me/requests', 'Purchase Requisition')).body)).toEqual(eprs);
    const offsets = await search('maria.santos', '/api/v1/forms/me/requests', 'OFFSETTING FORM');
    expect(offsets.body.requests.every((request) => request.request_type === 'offsetting')).toBe(true);
    expect(offsets.body.pagination?.total).toBe(8);
  });

  it('finds by the date as the list shows it, in the viewer’s time zone', async () => {
    // 4 March 2025, 23:30 UTC is 5 March in Manila (the default) and 4 March in London.
    for (const text of ['2025-03-05', 'Mar 5, 2025', 'mar 5', 'March', '2025-03']) {
      const found = await search('maria.santos', '/api/v1/forms/me/requests', text);
      expect(ids(found.body), text).toContain(movedId);
    }
    expect(ids((await search('maria.santos', '/api/v1/forms/me/requests', 'Mar 5, 2025, 7:30 AM')).body)).toEqual([movedId]);
    expect(ids((await search('maria.santos', '/api/v1/forms/me/requests', '2025-03-04')).body)).toEqual([]);
    expect(ids((await search('maria.santos', '/api/v1/forms/me/requests', '2025-03-04', '&time_zone=Europe/London')).body)).toEqual([movedId]);
    expect(ids((await search('maria.santos', '/api/v1/forms/me/requests', '2025-03-05', '&time_zone=Europe/London')).body)).toEqual([]);
  });

  it('finds Pending Approvals by the requester’s first, last or full name', async () => {
    const grace = graceFiled.map((request) => request.id).reverse();
    expect(ids((await search('ana.reyes', '/api/v1/forms/me/approvals', 'Grace')).body)).toEqual(grace);
    expect(ids((await search('ana.reyes', '/api/v1/forms/me/approvals', 'tan')).body)).toEqual(grace);
    expect(ids((await search('ana.reyes', '/api/v1/forms/me/approvals', 'grace tan')).body)).toEqual(grace);
    expect(ids((await search('ana.reyes', '/api/v1/forms/me/approvals', 'Maria Santos')).body)).toHaveLength(4);
  });

  it('finds History by the display name; without a page, its query matches as the document’s call always did', async () => {
    const paged = await search('ana.reyes', '/api/v1/forms/me/requests/history', 'purchase');
    expect(paged.body.requests.length).toBeGreaterThan(0);
    expect(paged.body.requests.every((request) => request.request_type === 'epr')).toBe(true);
    // The document's call matches the type's code, not its name.
    const asBefore = await list('ana.reyes', '/api/v1/forms/me/requests/history?query=purchase');
    expect(asBefore.body).toEqual({ success: true, requests: [] });
    const byName = await search('ana.reyes', '/api/v1/forms/me/requests/history', 'grace tan');
    expect(ids(byName.body)).toEqual(graceFiled.map((request) => request.id).reverse());
  });

  it('takes wildcards as plain text, and finds nothing for a text nothing has', async () => {
    const nothing = await search('maria.santos', '/api/v1/forms/me/requests', '%_');
    expect(nothing.body).toEqual({ success: true, requests: [], pagination: { page: 1, limit: 50, total: 0 } });
  });
});

describe(`bad list parameters (${dialectUnderTest})`, () => {
  it.each([
    ['page=0', 'Page must be 1 or more.'],
    ['page=abc', 'Page must be a number.'],
    ['page=1.5', 'Page must be a whole number.'],
    ['page=', 'Page must be 1 or more.'],
    ['page=1&page=2', 'Page must be a number.'],
    ['limit=0', 'Limit must be 1 or more.'],
    ['limit=101', 'Limit must be at most 100.'],
    ['limit=ten', 'Limit must be a number.'],
    ['page=1&time_zone=Mars%2FOlympus', 'time_zone must be a time zone such as Asia/Manila.'],
    [`page=1&query=${'x'.repeat(201)}`, 'Search text must be at most 200 characters.'],
  ])('refuses %s with a 400 saying what is wrong, on every list', async (parameters, sentence) => {
    for (const [user, path] of [
      ['maria.santos', '/api/v1/forms/me/requests'],
      ['ana.reyes', '/api/v1/forms/me/approvals'],
      ['ana.reyes', '/api/v1/forms/me/requests/history'],
    ] as const) {
      const answer = await list(user, `${path}?${parameters}`);
      expect(answer.status, `${path}?${parameters}`).toBe(400);
      expect(answer.body).toEqual({ success: false, message: expect.stringContaining(sentence) });
    }
  });

  it('keeps the approval lists to people with approval_page, paged or not', async () => {
    expect((await list('maria.santos', '/api/v1/forms/me/approvals?page=1')).status).toBe(403);
    expect((await list('maria.santos', '/api/v1/forms/me/requests/history?page=1&query=epr')).status).toBe(403);
  });
});
