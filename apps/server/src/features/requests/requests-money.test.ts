/**
 * Money on the wire is pesos, as the clients send it (001 §1, §9: PHP with 2 decimals):
 * an ePR filed with 1234.56 and 0.01 answers 1234.56 and 0.01 in the detail, in every list
 * and on the dashboard, never the integer centavos the server keeps inside.
 */
import { manilaToday, type RequestDetail } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
const tokens: Record<string, string> = {};
let eprFormId: number;

interface ListItem {
  id: number;
  reference_id: string;
  total_cost: number | null;
}
interface Slice {
  id: string;
  label: string;
  value: number;
}

const get = <B,>(user: string, url: string) => server.request<B>('GET', url, { token: tokens[user] });

/** The raw JSON text of a call, to see how an amount is written on the wire. */
const rawText = async (user: string, url: string) => {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${tokens[user]}` } });
  return response.text();
};

const inTwoDays = () => {
  const date = new Date(`${manilaToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 2);
  return date.toISOString().slice(0, 10);
};

type Requisition = { description: string; quantity: number | string; price: number | string };

const submitEpr = (user: string, requisitions: Requisition[]) => {
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({ company_id: 1, recommended_supplier: 'Cebu Steel Trading', purchase_request_id: 1, urgent: false, date_needed: inTwoDays(), requisitions }),
  );
  return server.request<{ success: boolean; message?: string; request: { id: number; reference_id: string } }>(
    'POST',
    `/api/v1/forms/epr/${eprFormId}`,
    { token: tokens[user], form },
  );
};

const fileEpr = async (user: string, requisitions: Requisition[]) => {
  const response = await submitEpr(user, requisitions);
  expect(response.status, response.body.message).toBe(201);
  return response.body.request;
};

const thisMonth = () => manilaToday().slice(0, 7);

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['maria.santos', 'grace.tan', 'paolo.villanueva', 'ana.reyes', 'ramon.bautista']) tokens[user] = await server.login(user);
  const forms = await get<{ forms: { form_id: number; form_details: { type: string } }[] }>('maria.santos', '/api/v1/forms');
  eprFormId = forms.body.forms.find((form) => form.form_details.type === 'epr')!.form_id;
});
afterAll(async () => {
  await server.close();
});

describe('amounts are answered in pesos with at most 2 decimals', () => {
  let filed: { id: number; reference_id: string };

  beforeAll(async () => {
    // The prices as the page sends them: typed text and a JSON number.
    filed = await fileEpr('maria.santos', [
      { description: 'Deformed bar 12mm', quantity: 3, price: '1234.56' },
      { description: 'Tie wire', quantity: '7', price: 0.01 },
    ]);
  });

  it('in the request detail: estimated price, estimated cost and total cost', async () => {
    const shown = await get<{ request: RequestDetail }>('maria.santos', `/api/v1/forms/me/requests/epr/${filed.id}`);
    expect(shown.status).toBe(200);
    const { requisition } = shown.body.request;
    expect(requisition.pr_purchases_detail.map((line) => [line.description, line.quantity, line.estimated_price, line.estimated_cost])).toEqual([
      ['Deformed bar 12mm', 3, 1234.56, 3703.68],
      ['Tie wire', 7, 0.01, 0.07],
    ]);
    expect(requisition.total_cost).toBe(3703.75);
    // Written as plain JSON numbers, exactly as typed.
    const text = await rawText('maria.santos', `/api/v1/forms/me/requests/epr/${filed.id}`);
    for (const written of ['"estimated_price":1234.56', '"estimated_cost":3703.68', '"estimated_price":0.01', '"estimated_cost":0.07', '"total_cost":3703.75']) {
      expect(text).toContain(written);
    }
  });

  it('in My Requests', async () => {
    const mine = await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests');
    expect(mine.body.requests.find((r) => r.id === filed.id)?.total_cost).toBe(3703.75);
    expect(await rawText('maria.santos', '/api/v1/forms/me/requests')).toContain('"total_cost":3703.75');
  });

  it('in the approver’s My Pending Approvals and Requests History', async () => {
    const pending = await get<{ requests: ListItem[] }>('ana.reyes', '/api/v1/forms/me/approvals');
    expect(pending.status).toBe(200);
    expect(pending.body.requests.find((r) => r.id === filed.id)?.total_cost).toBe(3703.75);
    const history = await get<{ requests: ListItem[] }>('ana.reyes', '/api/v1/forms/me/requests/history');
    expect(history.body.requests.find((r) => r.id === filed.id)?.total_cost).toBe(3703.75);
    const searched = await get<{ requests: ListItem[] }>('ana.reyes', `/api/v1/forms/me/requests/history?query=${filed.reference_id}`);
    expect(searched.body.requests.map((r) => [r.reference_id, r.total_cost])).toEqual([[filed.reference_id, 3703.75]]);
    // The approver's detail is the same document.
    const shown = await get<{ request: RequestDetail }>('ana.reyes', `/api/v1/forms/me/requests/epr/${filed.id}`);
    expect(shown.body.request.requisition.total_cost).toBe(3703.75);
  });

  it('on the dashboard: the month’s ePR amount', async () => {
    const reports = await get<{ reports: { amounts_by_month: Slice[] } }>('maria.santos', '/api/v1/forms/me/reports');
    expect(reports.status).toBe(200);
    expect(reports.body.reports.amounts_by_month).toEqual([expect.objectContaining({ id: thisMonth(), value: 3703.75 })]);
  });

  it('sums the month’s requests in centavos: 3703.68 and 0.07 make 3703.75, 0.10 and 0.20 make 0.30', async () => {
    // Grace files the two lines as two requests; the month adds their totals.
    const bars = await fileEpr('grace.tan', [{ description: 'Deformed bar 12mm', quantity: 3, price: 1234.56 }]);
    const wire = await fileEpr('grace.tan', [{ description: 'Tie wire', quantity: 7, price: '0.01' }]);
    const hers = await get<{ requests: ListItem[] }>('grace.tan', '/api/v1/forms/me/requests');
    expect(hers.body.requests.map((r) => [r.id, r.total_cost])).toEqual([
      [wire.id, 0.07],
      [bars.id, 3703.68],
    ]);
    const graceReports = await get<{ reports: { amounts_by_month: Slice[] } }>('grace.tan', '/api/v1/forms/me/reports');
    expect(graceReports.body.reports.amounts_by_month).toEqual([expect.objectContaining({ id: thisMonth(), value: 3703.75 })]);

    // 0.1 + 0.2 in floating point is 0.30000000000000004; the month says 0.3.
    await fileEpr('paolo.villanueva', [{ description: 'Nails', quantity: 1, price: '0.10' }]);
    await fileEpr('paolo.villanueva', [{ description: 'Screws', quantity: 1, price: '0.20' }]);
    const paoloReports = await get<{ reports: { amounts_by_month: Slice[] } }>('paolo.villanueva', '/api/v1/forms/me/reports');
    expect(paoloReports.body.reports.amounts_by_month).toEqual([expect.objectContaining({ id: thisMonth(), value: 0.3 })]);
    expect(await rawText('paolo.villanueva', '/api/v1/forms/me/reports')).toContain(`"id":"${thisMonth()}"`);
    expect(await rawText('paolo.villanueva', '/api/v1/forms/me/reports')).toContain('"value":0.3,');
  });

  it('carries up to ₱9,999,999,999,999.99 exactly and refuses to file more', async () => {
    const largest = '9,999,999,999.99';
    const big = await fileEpr('ramon.bautista', [{ description: 'Plant', quantity: 1000, price: largest }]);
    const shown = await get<{ request: RequestDetail }>('ramon.bautista', `/api/v1/forms/me/requests/epr/${big.id}`);
    expect(shown.body.request.requisition.pr_purchases_detail[0]).toMatchObject({ estimated_price: 9_999_999_999.99, estimated_cost: 9_999_999_999_990 });
    expect(shown.body.request.requisition.total_cost).toBe(9_999_999_999_990);
    expect(await rawText('ramon.bautista', `/api/v1/forms/me/requests/epr/${big.id}`)).toContain('"estimated_price":9999999999.99');
    // One line above the limit, or two lines that each fit but add up above it.
    for (const requisitions of [
      [{ description: 'Plant', quantity: '1000.01', price: largest }],
      [
        { description: 'Plant', quantity: 1000, price: largest },
        { description: 'Plant', quantity: 1, price: '10' },
      ],
    ]) {
      const refused = await submitEpr('ramon.bautista', requisitions);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The total cost is too large.');
    }
  });
});
