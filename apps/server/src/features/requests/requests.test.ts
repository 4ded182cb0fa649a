import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { TEXT, pesosToCentavos, type RequestDetail, manilaToday } from '@ichat/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
const tokens: Record<string, string> = {};
const formIds: Record<string, number> = {};

type Body = Record<string, unknown> & { success: boolean; message?: string };
interface ListItem {
  id: number;
  reference_id: string;
  request_type: string;
  status: string;
  total_cost: number | null;
  overall_approval_status: boolean;
}

const get = <B = Body>(user: string, url: string) => server.request<B>('GET', url, { token: tokens[user] });
const post = <B = Body>(user: string, url: string, json: unknown) => server.request<B>('POST', url, { token: tokens[user], json });

const inDays = (days: number) => {
  const date = new Date(`${manilaToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

const submit = (user: string, kind: string, formId: number, data: unknown, files: FilePart[] = []) => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of files) form.append(file.field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return server.request<Body & { request: { id: number; reference_id: string; createdAt: string } }>(
    'POST',
    `/api/v1/forms/${kind}/${formId}`,
    { token: tokens[user], form },
  );
};

const png = async () =>
  new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08c' } }).png().toBuffer());

const eprData = (overrides: Record<string, unknown> = {}) => ({
  company_id: 1,
  recommended_supplier: 'Cebu Steel Trading',
  purchase_request_id: 2,
  urgent: true,
  date_needed: inDays(2),
  requisitions: [
    { description: 'Rebar 10mm', remarks: 'Grade 40', quantity: 120, price: '185.50', cost: 1 },
    { description: 'Portland cement', remarks: '', quantity: '2.5', price: 255.75 },
  ],
  ...overrides,
});

const detail = (user: string, type: string, id: number) =>
  get<{ request: RequestDetail }>(user, `/api/v1/forms/me/requests/${type}/${id}`);

const vote = (user: string, formId: number, requestId: number, status: 'approved' | 'denied', comment?: string) =>
  post(user, '/api/v1/forms/me/requests', { form_id: formId, request_id: requestId, status, ...(comment ? { comment } : {}) });

const notifications = (user: string) =>
  get<{ count: number; unread_count: number; notifications: { id: number; notification_type: string; request_notification_form_request_id: number | null; request_type: string | null; message_details: { content: string } | null; notification_sender_details: { display_name: string } | null }[] }>(
    user,
    '/api/v1/users/notifications',
  );

const storedRequestFiles = () => readdir(path.join(server.config.uploadsDir, 'requests-attachments'));

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['maria.santos', 'grace.tan', 'juan.delacruz', 'ana.reyes', 'jose.garcia', 'carmen.flores', 'ramon.bautista', 'liza.mendoza', 'paolo.villanueva']) {
    tokens[user] = await server.login(user);
  }
  const forms = await get<{ forms: { form_id: number; form_details: { type: string } }[] }>('maria.santos', '/api/v1/forms');
  for (const form of forms.body.forms) formIds[form.form_details.type] = form.form_id;
});
afterAll(async () => {
  await server.close();
});

describe('forms and permissions', () => {
  it('lists the forms a person may use, by their department', async () => {
    expect(Object.keys(formIds).sort()).toEqual(['ccar', 'edsr', 'epr', 'explain-why', 'offsetting', 'prospecting', 'so-lo', 'transmittal']);
    const grace = await get<{ forms: { form_details: { type: string; add_page: boolean } }[] }>('grace.tan', '/api/v1/forms');
    expect(grace.body.forms.map((f) => f.form_details.type).sort()).toEqual(['ccar', 'epr', 'explain-why', 'offsetting', 'transmittal']);
    expect(grace.body.forms.every((f) => f.form_details.add_page)).toBe(true);
  });

  it('answers a form with the three page permissions and the ePR lists', async () => {
    const epr = await get<{ permissions: Record<string, boolean>; form_details: { companies: unknown[]; purchase_request_types: unknown[]; type: string } }>(
      'grace.tan',
      `/api/v1/forms/${formIds['epr']}`,
    );
    expect(epr.body.permissions).toEqual({ add_page: true, view_page: true, open_page: true });
    expect(epr.body.form_details.type).toBe('epr');
    expect(epr.body.form_details.companies.length).toBeGreaterThan(0);
    expect(epr.body.form_details.purchase_request_types.length).toBeGreaterThan(0);
    const notHers = await get<{ permissions: Record<string, boolean> }>('grace.tan', `/api/v1/forms/${formIds['prospecting']}`);
    expect(notHers.body.permissions).toEqual({ add_page: false, view_page: false, open_page: false });
    expect((await get('grace.tan', '/api/v1/forms/9999')).status).toBe(404);
  });

  it('answers approval_page from the person', async () => {
    expect((await get('maria.santos', '/api/v1/forms/me/permissions')).body).toEqual({ success: true, permissions: { approval_page: false } });
    expect((await get('ana.reyes', '/api/v1/forms/me/permissions')).body).toEqual({ success: true, permissions: { approval_page: true } });
  });

  it('refuses filing a form without permission, and at the wrong path', async () => {
    const refused = await submit('grace.tan', 'prospecting', formIds['prospecting']!, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEXT.permissionDenied);
    const wrongPath = await submit('maria.santos', 'transmittal', formIds['epr']!, eprData());
    expect(wrongPath.status).toBe(400);
    expect((await submit('maria.santos', 'nonsense', formIds['epr']!, eprData())).status).toBe(400);
    expect((await server.request('POST', `/api/v1/forms/epr/${formIds['epr']}`, { json: eprData() })).status).toBe(401);
  });
});

describe('filing an ePR', () => {
  it('stores the request with server-computed costs, answered in pesos, its lines and attachments', async () => {
    const response = await submit('maria.santos', 'epr', formIds['epr']!, eprData(), [
      { field: 'attachments_0', name: 'quote.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('%PDF quote') },
      { field: 'attachments_1', name: 'sample.png', type: 'image/png', bytes: await png() },
    ]);
    expect(response.status).toBe(201);
    const year = manilaToday().slice(0, 4);
    expect(response.body.request.reference_id).toBe(`EPR-${year}-000001`);
    expect(response.body['requisition']).toEqual(response.body.request);
    expect(response.body.message).toBe(TEXT.requestSubmitted);

    const shown = await detail('maria.santos', 'epr', response.body.request.id);
    expect(shown.status).toBe(200);
    // The document's own link spells the type 'ePR'.
    expect((await detail('maria.santos', 'ePR', response.body.request.id)).body.request.requisition.form_request_detail.id).toBe(response.body.request.id);
    const { requisition, approval } = shown.body.request;
    // 120 × ₱185.50 = ₱22,260.00; 2.5 × ₱255.75 = ₱639.375 → ₱639.38; total ₱22,899.38.
    expect(requisition.pr_purchases_detail.map((line) => [line.description, line.quantity, line.estimated_price, line.estimated_cost])).toEqual([
      ['Rebar 10mm', 120, 185.5, 22260],
      ['Portland cement', 2.5, 255.75, 639.38],
    ]);
    expect(requisition.total_cost).toBe(22899.38);
    expect(requisition).toMatchObject({ urgent: true, recommended_supplier: 'Cebu Steel Trading', date_needed: inDays(2) });
    expect(requisition.pr_company_detail?.name).toBeTruthy();
    expect(requisition.pr_purchases_detail[0]!.purchases_files_detail.map((f) => f.original_name)).toEqual(['quote.pdf']);
    expect(requisition.pr_purchases_detail[1]!.purchases_attachment_detail.map((f) => f.original_name)).toEqual(['sample.png']);
    expect(approval.first_level_approval.map((a) => a.display_name).sort()).toEqual(['Ana Reyes', 'Jose Garcia']);
    expect(approval.second_level_approval.map((a) => a.display_name).sort()).toEqual(['Carmen Flores', 'Ramon Bautista']);
    expect(approval).toMatchObject({ initial_approval_needed_count: 1, executive_approval_needed_count: 1 });
    expect(shown.body.request).toMatchObject({ status: 'pending', overall_approval_status: false, current_level: 1, can_vote: false });

    // The file goes to the requester and the approvers, nobody else.
    const stored = requisition.pr_purchases_detail[0]!.purchases_files_detail[0]!.attachment;
    const byApprover = await server.request('GET', `/assets/requests-attachments/${stored}`, { token: tokens['carmen.flores'] });
    expect(byApprover.status).toBe(200);
    expect(byApprover.headers.get('content-disposition')).toContain('attachment; filename="quote.pdf"');
    expect(byApprover.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await server.request('GET', `/assets/requests-attachments/${stored}`, { token: tokens['grace.tan'] })).status).toBe(404);
    expect((await detail('grace.tan', 'epr', response.body.request.id)).status).toBe(404);
    expect((await detail('maria.santos', 'ccar', response.body.request.id)).status).toBe(404);
  });

  it('refuses each invalid ePR with a sentence, and stores nothing', async () => {
    const before = (await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests')).body.requests.length;
    const filesBefore = (await storedRequestFiles()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ company_id: 0 }, 'Choose a company.'],
      [{ company_id: 999 }, 'Choose a company.'],
      [{ purchase_request_id: null }, 'Choose the type of purchase request.'],
      [{ requisitions: [] }, 'Add at least 1 requisition row.'],
      [{ requisitions: [{ description: '  ', quantity: 1, price: 1 }] }, 'Description is required.'],
      [{ requisitions: [{ description: 'x', quantity: 0, price: 1 }] }, 'Quantity must be more than 0.'],
      // Over-long text is refused, never cut (issue 17).
      [{ requisitions: [{ description: 'x'.repeat(2001), quantity: 1, price: 1 }] }, 'Description must be at most 2000 characters.'],
      [{ requisitions: [{ description: 'x', remarks: 'r'.repeat(2001), quantity: 1, price: 1 }] }, 'Remarks must be at most 2000 characters.'],
      [{ requisitions: [{ description: 'x', quantity: '', price: 1 }] }, 'Quantity must be more than 0.'],
      [{ requisitions: [{ description: 'x', quantity: 1, price: '12.345' }] }, 'Estimated price must be an amount in pesos with at most 2 decimals.'],
      [{ requisitions: [{ description: 'x', quantity: 1, price: '-5' }] }, 'Estimated price must be an amount in pesos with at most 2 decimals.'],
      [{ date_needed: '2026-02-30' }, 'Date needed is not a real date.'],
      [{ date_needed: inDays(-1) }, 'Date needed cannot be in the past.'],
    ];
    for (const [overrides, message] of cases) {
      const response = await submit('maria.santos', 'epr', formIds['epr']!, eprData(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.message, JSON.stringify(overrides)).toBe(message);
    }
    const orphan = await submit('maria.santos', 'epr', formIds['epr']!, eprData(), [
      { field: 'attachments_5', name: 'a.pdf', type: 'application/pdf', bytes: new Uint8Array([1, 2]) },
    ]);
    expect(orphan.status).toBe(400);
    const tooBig = await submit('maria.santos', 'epr', formIds['epr']!, eprData(), [
      { field: 'attachments_0', name: 'big.bin', type: 'application/octet-stream', bytes: new Uint8Array(16 * 1024 * 1024 + 1) },
    ]);
    expect(tooBig.status).toBe(413);
    expect((await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests')).body.requests.length).toBe(before);
    expect((await storedRequestFiles()).length).toBe(filesBefore);
    expect(await readdir(path.join(server.config.uploadsDir, 'tmp'))).toEqual([]);
  });
});

describe('the other seven forms', () => {
  it('files each valid form and refuses an invalid one', async () => {
    const image = await png();
    const valid: [string, string, string, unknown, FilePart[]][] = [
      ['offset', 'offsetting', 'OFS', { offsettingRows: [{ date: inDays(-3), accumulatedHrs: 3 }, { date: inDays(-2), accumulatedHrs: '4' }], dateOffset: inDays(5), typeOffset: '1st Half' }, []],
      [
        'prospecting',
        'prospecting',
        'PRS',
        { region: 'Region VIII', province: 'Leyte', specificAddress: 'Brgy. 77, Tacloban', companyName: 'Leyte Builders', contactName: 'R. Cruz', position: 'Owner', prospectsEmail: 'rc@example.ph' },
        [{ field: 'prospectingImages', name: 'site.png', type: 'image/png', bytes: image }],
      ],
      ['transmittal', 'transmittal', 'TRM', { receiver: 'Jose Garcia', transmittals: [{ description: 'Delivery receipts', quantity: 3, price: '10' }] }, [{ field: 'transmittal_file', name: 'sig.png', type: 'image/png', bytes: image }]],
      ['explain-why', 'explain-why', 'EWM', { manager: 'Liza Mendoza', explanation: 'The truck broke down.', penalty: 'Verbal Warning', offense: '1st Offense', rule_no: 'IV - Attendance' }, []],
      ['prospecting', 'ccar', 'CCAR', { issued_to: 'Warehouse / Supply Chain', nc_source: 'Audit', warehouse: 'Tacloban', description: 'Two bags damaged.' }, [{ field: 'ccar_images', name: 'bag.png', type: 'image/png', bytes: image }]],
      ['so-lo', 'so-lo', 'SOLO', { request_type: 'Republic Cement SO/LO', urgent: true, date_needed: inDays(3), description: '200 bags for Ormoc' }, [{ field: 'signature', name: 'sig.png', type: 'image/png', bytes: image }]],
      [
        'edsr',
        'edsr',
        'EDSR',
        { visits: [{ company_name: 'Ormoc Hardware', comments: 'Wants a quote', action_to_be_done: 'Send price list', order: '50 bags' }], calls: [{ company_name: 'Bohol Depot' }] },
        [{ field: 'visit_proof_0', name: 'visit.png', type: 'image/png', bytes: image }],
      ],
    ];
    for (const [kind, type, prefix, data, files] of valid) {
      const response =
        kind === 'offset'
          ? await post<Body & { request: { id: number; reference_id: string } }>('maria.santos', `/api/v1/forms/offset/${formIds[type]}`, data)
          : await submit('maria.santos', kind, formIds[type]!, data, files);
      expect(response.status, `${type}: ${response.body.message}`).toBe(201);
      expect(response.body.request.reference_id).toMatch(new RegExp(`^${prefix}-\\d{4}-000001$`));
      const shown = await detail('maria.santos', type, response.body.request.id);
      expect(shown.status).toBe(200);
    }
    const offset = (await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests')).body.requests.find((r) => r.request_type === 'offsetting')!;
    const offsetDetail = await detail('maria.santos', 'offsetting', offset.id);
    expect(offsetDetail.body.request.requisition.details).toMatchObject({ totalHours: 7, typeOffset: '1st Half' });
    const transmittal = (await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests')).body.requests.find((r) => r.request_type === 'transmittal')!;
    expect(transmittal.total_cost).toBe(30);

    const invalid: [string, string, unknown, string][] = [
      ['offset', 'offsetting', { offsettingRows: [{ date: inDays(-1), accumulatedHrs: 6 }], dateOffset: inDays(1), typeOffset: 'Whole Day' }, 'Accumulated hours must be 2, 3, 4 or 5.'],
      ['offset', 'offsetting', { offsettingRows: [{ date: inDays(-1), accumulatedHrs: 2 }], dateOffset: inDays(1), typeOffset: 'Half' }, 'Choose a valid type of offset.'],
      ['prospecting', 'prospecting', { region: 'NCR', province: 'Leyte', specificAddress: 'x', companyName: 'x', contactName: 'x', position: 'x' }, 'Choose a province of the chosen region.'],
      ['prospecting', 'prospecting', { region: 'NCR', province: 'Makati', specificAddress: 'x', companyName: '', contactName: 'x', position: 'x' }, 'Company name is required.'],
      ['transmittal', 'transmittal', { receiver: '', transmittals: [{ description: 'x', quantity: 1 }] }, 'Receiver is required.'],
      ['explain-why', 'explain-why', { manager: 'x', explanation: 'x', penalty: '1 Day Suspension', offense: '1st Offense', rule_no: 'IV - Attendance' }, 'Choose a valid penalty.'],
      ['ccar', 'ccar', { issued_to: 'Sales', nc_source: 'Audit', warehouse: 'Davao', description: 'x' }, 'Choose a valid warehouse.'],
      ['so-lo', 'so-lo', { request_type: 'Holcim SO', date_needed: inDays(1), description: 'x' }, 'Choose a valid type of request.'],
      ['edsr', 'edsr', { visits: [], calls: [] }, 'Add at least one visit or call.'],
    ];
    for (const [kind, type, data, message] of invalid) {
      const response = kind === 'offset' ? await post('maria.santos', `/api/v1/forms/offset/${formIds[type]}`, data) : await submit('maria.santos', kind, formIds[type]!, data);
      expect(response.status, type).toBe(400);
      expect(response.body.message, type).toBe(message);
    }
    const notAnImage = await submit('maria.santos', 'so-lo', formIds['so-lo']!, { request_type: 'Other', date_needed: inDays(1), description: 'x' }, [
      { field: 'signature', name: 'sig.exe', type: 'application/octet-stream', bytes: new Uint8Array([1]) },
    ]);
    expect(notAnImage.status).toBe(400);
  });
});

describe('two-level approval', () => {
  let formId: number;
  let requestId: number;

  it('asks level 1 first, then level 2, then the request is Approved; the requester is told each step', async () => {
    formId = formIds['epr']!;
    const filed = await submit('maria.santos', 'epr', formId, eprData({ requisitions: [{ description: 'Hollow blocks', quantity: 500, price: '14' }] }));
    requestId = filed.body.request.id;

    const anaList = await get<{ requests: ListItem[] }>('ana.reyes', '/api/v1/forms/me/approvals');
    expect(anaList.body.requests.map((r) => r.id)).toContain(requestId);
    const carmenList = await get<{ requests: ListItem[] }>('carmen.flores', '/api/v1/forms/me/approvals');
    expect(carmenList.body.requests.map((r) => r.id)).not.toContain(requestId);
    expect((await vote('carmen.flores', formId, requestId, 'approved')).status).toBe(409);
    const asked = await notifications('ana.reyes');
    expect(asked.body.notifications.find((n) => n.request_notification_form_request_id === requestId)).toMatchObject({
      notification_type: 'new form request',
      request_type: 'epr',
      notification_sender_details: { display_name: 'Maria Santos' },
    });
    expect((await detail('ana.reyes', 'epr', requestId)).body.request.can_vote).toBe(true);

    const first = await vote('ana.reyes', formId, requestId, 'approved', 'Within budget.');
    expect(first.body).toMatchObject({ success: true, status: 'pending', overall_approval_status: false });
    // Level 1 needs one approval: Jose is no longer asked, and Ana cannot vote again.
    expect((await vote('jose.garcia', formId, requestId, 'approved')).status).toBe(409);
    expect((await vote('ana.reyes', formId, requestId, 'approved')).status).toBe(409);
    expect((await get<{ requests: ListItem[] }>('carmen.flores', '/api/v1/forms/me/approvals')).body.requests.map((r) => r.id)).toContain(requestId);

    const second = await vote('carmen.flores', formId, requestId, 'approved');
    expect(second.body).toMatchObject({ status: 'approved', overall_approval_status: true });
    expect((await vote('ramon.bautista', formId, requestId, 'approved')).status).toBe(409);

    const shown = await detail('maria.santos', 'epr', requestId);
    expect(shown.body.request).toMatchObject({ status: 'approved', overall_approval_status: true, can_vote: false });
    expect(shown.body.request.approval.first_level_approval.find((a) => a.display_name === 'Ana Reyes')).toMatchObject({
      approved: true,
      has_voted: true,
      comment: 'Within budget.',
    });
    expect(shown.body.request.votes.map((v) => [v.approver.display_name, v.level, v.status])).toEqual([
      ['Ana Reyes', 1, 'approved'],
      ['Carmen Flores', 2, 'approved'],
    ]);
    const mine = await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests');
    expect(mine.body.requests.find((r) => r.id === requestId)).toMatchObject({ status: 'approved', overall_approval_status: true, total_cost: 7000 });
    const told = (await notifications('maria.santos')).body.notifications.filter((n) => n.request_notification_form_request_id === requestId);
    expect(told.map((n) => n.notification_type)).toEqual(['approved form request', 'approve form request']);
    expect(told[0]!.message_details?.content).toBe(filed.body.request.reference_id);
  });

  it('a denial needs a reason, marks the approver Rejected and ends the request', async () => {
    const filed = await submit('maria.santos', 'epr', formId, eprData());
    const id = filed.body.request.id;
    const noReason = await vote('jose.garcia', formId, id, 'denied');
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Please give a reason for the denial.');
    const denied = await vote('jose.garcia', formId, id, 'denied', 'Supplier not accredited.');
    expect(denied.body).toMatchObject({ status: 'denied', overall_approval_status: false });
    expect((await vote('ana.reyes', formId, id, 'approved')).status).toBe(409);
    const shown = await detail('maria.santos', 'epr', id);
    expect(shown.body.request.status).toBe('denied');
    expect(shown.body.request.approval.first_level_approval.find((a) => a.display_name === 'Jose Garcia')).toMatchObject({
      has_voted: true,
      approved: false,
      comment: 'Supplier not accredited.',
    });
    const told = (await notifications('maria.santos')).body.notifications.find((n) => n.request_notification_form_request_id === id);
    expect(told?.notification_type).toBe('denied form request');
  });

  it('counts one of several concurrent votes by the same approver, and refuses the rest with 409', async () => {
    const filed = await submit('maria.santos', 'epr', formId, eprData());
    const id = filed.body.request.id;
    const results = await Promise.all([1, 2, 3, 4].map(() => vote('ana.reyes', formId, id, 'approved')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const shown = await detail('maria.santos', 'epr', id);
    expect(shown.body.request.votes).toHaveLength(1);
    expect(shown.body.request.current_level).toBe(2);
  });

  it('a vote on a level that already has its approvals is refused with 409 saying so', async () => {
    const filed = await submit('paolo.villanueva', 'epr', formId, eprData());
    const id = filed.body.request.id;
    expect((await vote('ana.reyes', formId, id, 'approved')).status).toBe(200);
    const late = await vote('jose.garcia', formId, id, 'approved');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The 1st level of this request has already been decided.');
    expect((await vote('carmen.flores', formId, id, 'approved')).status).toBe(200);
    for (const approver of ['ramon.bautista', 'jose.garcia']) {
      const after = await vote(approver, formId, id, 'approved');
      expect(after.status).toBe(409);
      expect(after.body.message).toBe('This request has already been approved.');
    }
  });

  it('of two approvers voting at once on a level that needs one, one counts and the other is told the level was decided', async () => {
    const filed = await submit('paolo.villanueva', 'epr', formId, eprData());
    const id = filed.body.request.id;
    const results = await Promise.all([vote('ana.reyes', formId, id, 'approved'), vote('jose.garcia', formId, id, 'denied', 'No budget.')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.message).toMatch(/^(The 1st level of this request has already been decided|This request has already been denied)\.$/);
    const shown = await detail('paolo.villanueva', 'epr', id);
    expect(shown.body.request.votes).toHaveLength(1);
  });

  it('nobody approves their own request, and outsiders can neither see nor vote', async () => {
    // Ana is a level-1 approver of ePR; her own request is left to Jose.
    const filed = await submit('ana.reyes', 'epr', formId, eprData());
    const id = filed.body.request.id;
    const own = await vote('ana.reyes', formId, id, 'approved');
    expect(own.status).toBe(403);
    const shown = await detail('ana.reyes', 'epr', id);
    expect(shown.body.request.approval.first_level_approval.map((a) => a.display_name)).toEqual(['Jose Garcia']);
    expect((await vote('paolo.villanueva', formId, id, 'approved')).status).toBe(404);
    expect((await vote('jose.garcia', formId + 1, id, 'approved')).status).toBe(404);
    expect((await vote('jose.garcia', formId, id, 'maybe' as 'approved')).status).toBe(400);
    expect((await vote('jose.garcia', formId, id, 'approved')).status).toBe(200);
  });

  it('keeps the approval lists and history to people with approval_page, with server-side search', async () => {
    expect((await get('maria.santos', '/api/v1/forms/me/approvals')).status).toBe(403);
    expect((await get('maria.santos', '/api/v1/forms/me/requests/history')).status).toBe(403);
    const history = await get<{ requests: (ListItem & { user_detail: { display_name: string } })[] }>('ana.reyes', '/api/v1/forms/me/requests/history');
    expect(history.status).toBe(200);
    expect(history.body.requests.length).toBeGreaterThanOrEqual(4);
    // Jose is listed on Maria's ePRs, CCAR and transmittal, and on Ana's own ePR.
    const joseAll = await get<{ requests: (ListItem & { user_detail: { display_name: string } })[] }>('jose.garcia', '/api/v1/forms/me/requests/history');
    const searched = await get<{ requests: (ListItem & { user_detail: { display_name: string } })[] }>('jose.garcia', '/api/v1/forms/me/requests/history?query=ANA');
    expect(searched.body.requests.map((r) => r.user_detail.display_name)).toEqual(['Ana Reyes']);
    expect(joseAll.body.requests.length).toBeGreaterThan(searched.body.requests.length);
    const byReference = await get<{ requests: ListItem[] }>('ana.reyes', `/api/v1/forms/me/requests/history?query=EPR-`);
    expect(byReference.body.requests.every((r) => r.reference_id.startsWith('EPR-'))).toBe(true);
    const nothing = await get<{ requests: ListItem[] }>('ana.reyes', `/api/v1/forms/me/requests/history?query=${encodeURIComponent('%_zzz')}`);
    expect(nothing.body.requests).toEqual([]);
  });
});

describe('dashboard and bell', () => {
  it('reports real figures for the caller', async () => {
    const response = await get<{ reports: Record<string, { id: string; value: number }[]> }>('maria.santos', '/api/v1/forms/me/reports');
    expect(response.status).toBe(200);
    const { reports } = response.body;
    const mine = (await get<{ requests: ListItem[] }>('maria.santos', '/api/v1/forms/me/requests')).body.requests;
    const total = (slices: { value: number }[]) => slices.reduce((sum, slice) => sum + slice.value, 0);
    expect(total(reports['my_requests_by_status']!)).toBe(mine.length);
    expect(total(reports['my_requests_by_type']!)).toBe(mine.length);
    expect(reports['my_requests_by_status']!.find((s) => s.id === 'approved')?.value).toBe(1);
    expect(reports['my_requests_by_status']!.find((s) => s.id === 'denied')?.value).toBe(1);
    // Pesos are compared in centavos: adding them as floats could be off by a fraction.
    const centavos = (pesos: number) => pesosToCentavos(String(pesos));
    const amounts = mine.reduce((sum, r) => sum + centavos(r.total_cost ?? 0), 0);
    expect(reports['amounts_by_month']!.reduce((sum, slice) => sum + centavos(slice.value), 0)).toBe(amounts);
    expect(reports['awaiting_me_by_type']).toEqual([]);
    const carmen = await get<{ reports: Record<string, { id: string; value: number }[]> }>('carmen.flores', '/api/v1/forms/me/reports');
    expect(carmen.body.reports['awaiting_me_by_type']!.find((s) => s.id === 'epr')?.value).toBeGreaterThan(0);
  });

  it('marks a notification read or deletes it, only the owner’s', async () => {
    const before = await notifications('maria.santos');
    expect(before.body.unread_count).toBeGreaterThan(0);
    const [first, second] = before.body.notifications;
    expect((await post('maria.santos', `/api/v1/notifications/${first!.id}`, { action: 'read' })).status).toBe(200);
    expect((await notifications('maria.santos')).body.unread_count).toBe(before.body.unread_count - 1);
    expect((await post('ana.reyes', `/api/v1/notifications/${second!.id}`, { action: 'delete' })).status).toBe(404);
    expect((await post('maria.santos', `/api/v1/notifications/${second!.id}`, { action: 'delete' })).status).toBe(200);
    expect((await notifications('maria.santos')).body.count).toBe(before.body.count - 1);
    expect((await post('maria.santos', `/api/v1/notifications/${second!.id}`, { action: 'delete' })).status).toBe(404);
    expect((await post('maria.santos', `/api/v1/notifications/${first!.id}`, { action: 'archive' })).status).toBe(400);
  });
});
