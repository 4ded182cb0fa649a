import { manilaToday, type ApprovalChain, type RequestDetail } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const formIds: Record<string, number> = {};

type Body = Record<string, unknown> & { success: boolean; message?: string };
const call = <B = Body>(user: string, method: string, url: string, json?: unknown) =>
  server.request<B>(method, url, { token: tokens[user], ...(json === undefined ? {} : { json }) });

const inDays = (days: number) => {
  const date = new Date(`${manilaToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** An ePR of one line whose total is `pesos`. */
const fileEpr = (user: string, pesos: string) => {
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      company_id: 1,
      recommended_supplier: 'Cebu Steel Trading',
      purchase_request_id: 1,
      urgent: false,
      date_needed: inDays(3),
      requisitions: [{ description: 'Rebar', remarks: '', quantity: 1, price: pesos }],
    }),
  );
  return server.request<Body & { request: { id: number; reference_id: string } }>('POST', `/api/v1/forms/epr/${formIds['epr']}`, {
    token: tokens[user],
    form,
  });
};

const detail = (user: string, id: number) => call<{ request: RequestDetail }>(user, 'GET', `/api/v1/forms/me/requests/epr/${id}`);
const seatsOf = (request: RequestDetail) => ({
  level1: request.approval.first_level_approval.map((a) => a.display_name).sort(),
  level2: request.approval.second_level_approval.map((a) => a.display_name).sort(),
  needed: [request.approval.initial_approval_needed_count, request.approval.executive_approval_needed_count],
});

const level = (approvers: string[], needed: number) => ({ approver_ids: approvers.map((name) => ids[name]!), needed });
const none = { approver_ids: [], needed: 0 };

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['admin@demo.local', 'maria.santos', 'grace.tan', 'ana.reyes', 'jose.garcia', 'carmen.flores', 'ramon.bautista', 'liza.mendoza']) {
    tokens[user] = await server.login(user);
  }
  const people = await call<{ people: { id: number; username: string }[] }>('admin@demo.local', 'GET', '/api/v1/admin/people?limit=200');
  for (const person of people.body.people) ids[person.username] = person.id;
  const forms = await call<{ forms: { id: number; type: string; has_amounts: boolean }[] }>('admin@demo.local', 'GET', '/api/v1/admin/forms');
  for (const form of forms.body.forms) formIds[form.type] = form.id;
});
afterAll(async () => {
  await server.close();
});

describe('forms and their access', () => {
  it('lists every form, saying which carry amounts', async () => {
    const forms = await call<{ forms: { type: string; has_amounts: boolean }[] }>('admin@demo.local', 'GET', '/api/v1/admin/forms');
    expect(forms.body.forms.filter((form) => form.has_amounts).map((form) => form.type).sort()).toEqual(['epr', 'transmittal']);
    expect(forms.body.forms).toHaveLength(8);
  });

  it('replaces who may use a form: a person granted the form finds it, one left out no longer does; audited', async () => {
    const url = `/api/v1/admin/forms/${formIds['prospecting']}/access`;
    const before = await call<{ access: { departments: { department_id: number; name: string }[]; users: unknown[] } }>('admin@demo.local', 'GET', url);
    expect(before.status).toBe(200);
    expect(before.body.access.departments.length).toBeGreaterThan(0);
    expect(before.body.access.departments[0]!.name).not.toBe('');
    const graceForms = async () =>
      (await call<{ forms: { form_details: { type: string } }[] }>('grace.tan', 'GET', '/api/v1/forms')).body.forms.map((f) => f.form_details.type);
    expect(await graceForms()).not.toContain('prospecting');

    const saved = await call<{ access: { users: { user_id: number; name: string; add_page: boolean }[] } }>('admin@demo.local', 'PUT', url, {
      departments: before.body.access.departments.map(({ name: _name, ...grant }) => grant),
      users: [{ user_id: ids['grace.tan'], add_page: true, view_page: true, open_page: true }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.access.users).toEqual([{ user_id: ids['grace.tan'], name: 'Grace Tan', add_page: true, view_page: true, open_page: true }]);
    expect(await graceForms()).toContain('prospecting');

    // Only seeing the list: the form is listed, but filing it is refused.
    await call('admin@demo.local', 'PUT', url, {
      departments: [],
      users: [{ user_id: ids['grace.tan'], add_page: false, view_page: true, open_page: true }],
    });
    const form = await call<{ permissions: Record<string, boolean> }>('grace.tan', 'GET', `/api/v1/forms/${formIds['prospecting']}`);
    expect(form.body.permissions).toEqual({ add_page: false, view_page: true, open_page: true });

    const log = await call<{ entries: { action: string; target_id: number; before: unknown; after: { users: unknown[] } }[] }>(
      'admin@demo.local',
      'GET',
      `/api/v1/admin/audit-log?action=form.access.update&target_id=${formIds['prospecting']}`,
    );
    expect(log.body.entries).toHaveLength(2);
    expect(log.body.entries[0]!.after.users).toEqual([{ user_id: ids['grace.tan'], add_page: false, view_page: true, open_page: true }]);
  });

  it('refuses unknown departments and people, a person listed twice, and a form that does not exist', async () => {
    const url = `/api/v1/admin/forms/${formIds['edsr']}/access`;
    const pages = { add_page: true, view_page: true, open_page: true };
    const cases: [unknown, number, string][] = [
      [{ departments: [{ department_id: 9999, ...pages }], users: [] }, 400, 'Department 9999 does not exist.'],
      [{ departments: [], users: [{ user_id: 9999, ...pages }] }, 400, 'User 9999 does not exist.'],
      [{ departments: [], users: [{ user_id: ids['grace.tan'], ...pages }, { user_id: ids['grace.tan'], ...pages }] }, 400, 'A person is listed twice.'],
      [{ departments: [{ department_id: 1, add_page: 'yes', view_page: true, open_page: true }], users: [] }, 400, 'add_page must be true or false.'],
    ];
    for (const [body, status, message] of cases) {
      const refused = await call('admin@demo.local', 'PUT', url, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body.message).toBe(message);
    }
    expect((await call('admin@demo.local', 'GET', '/api/v1/admin/forms/9999/access')).status).toBe(404);
  });
});

describe('approval chains', () => {
  it('answers the chain with names, as bands in pesos', async () => {
    const chain = await call<{ chain: ApprovalChain }>('admin@demo.local', 'GET', `/api/v1/admin/forms/${formIds['epr']}/chain`);
    expect(chain.status).toBe(200);
    expect(chain.body.chain.bands).toHaveLength(1);
    expect(chain.body.chain.bands[0]).toMatchObject({ min_amount: 0, max_amount: null, level_1: { needed: 1 }, level_2: { needed: 1 } });
    expect(chain.body.chain.bands[0]!.level_1.approvers!.map((a) => a.display_name).sort()).toEqual(['Ana Reyes', 'Jose Garcia']);
  });

  it('routes ePRs by total: up to ₱50,000 level 1 only (one of two); above, level 1 then level 2 (two of three)', async () => {
    const requestBefore = (await fileEpr('maria.santos', '60000')).body.request.id;
    const saved = await call<{ chain: ApprovalChain }>('admin@demo.local', 'PUT', `/api/v1/admin/forms/${formIds['epr']}/chain`, {
      bands: [
        { min_amount: 0, max_amount: 50000, level_1: level(['ana.reyes', 'jose.garcia'], 1), level_2: none },
        {
          min_amount: 50000.01,
          max_amount: null,
          level_1: level(['ana.reyes', 'jose.garcia'], 1),
          level_2: level(['carmen.flores', 'ramon.bautista', 'liza.mendoza'], 2),
        },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.chain.bands.map((band) => [band.min_amount, band.max_amount])).toEqual([
      [0, 50000],
      [50000.01, null],
    ]);

    const small = (await fileEpr('maria.santos', '50000.00')).body.request.id;
    expect(seatsOf((await detail('maria.santos', small)).body.request)).toEqual({ level1: ['Ana Reyes', 'Jose Garcia'], level2: [], needed: [1, 0] });
    const large = (await fileEpr('maria.santos', '50000.01')).body.request.id;
    expect(seatsOf((await detail('maria.santos', large)).body.request)).toEqual({
      level1: ['Ana Reyes', 'Jose Garcia'],
      level2: ['Carmen Flores', 'Liza Mendoza', 'Ramon Bautista'],
      needed: [1, 2],
    });
    // A request filed before the change keeps the chain it was filed with.
    expect(seatsOf((await detail('maria.santos', requestBefore)).body.request)).toEqual({
      level1: ['Ana Reyes', 'Jose Garcia'],
      level2: ['Carmen Flores', 'Ramon Bautista'],
      needed: [1, 1],
    });

    // The small one is approved by one level-1 vote; the large one needs two of three at level 2.
    const vote = (user: string, id: number) => call(user, 'POST', '/api/v1/forms/me/requests', { form_id: formIds['epr'], request_id: id, status: 'approved' });
    expect((await vote('ana.reyes', small)).body['status']).toBe('approved');
    expect((await vote('jose.garcia', large)).body['status']).toBe('pending');
    expect((await vote('carmen.flores', large)).body['status']).toBe('pending');
    expect((await vote('liza.mendoza', large)).body['status']).toBe('approved');

    const log = await call<{ entries: { action: string; before: ApprovalChain; after: ApprovalChain }[] }>(
      'admin@demo.local',
      'GET',
      `/api/v1/admin/audit-log?action=chain.update&target_id=${formIds['epr']}`,
    );
    expect(log.body.entries[0]!.before.bands).toHaveLength(1);
    expect(log.body.entries[0]!.after.bands).toHaveLength(2);
  });

  it('refuses an unsound chain with 400 and says what is wrong, keeping the old one', async () => {
    const url = `/api/v1/admin/forms/${formIds['epr']}/chain`;
    const before = await call<{ chain: ApprovalChain }>('admin@demo.local', 'GET', url);
    const one = level(['ana.reyes'], 1);
    const cases: [unknown, string][] = [
      [{ bands: [{ min_amount: 0, max_amount: null, level_1: none, level_2: none }] }, 'The 1st level needs at least one approver.'],
      [{ bands: [{ min_amount: 0, max_amount: null, level_1: level(['ana.reyes'], 2), level_2: none }] }, 'The 1st level needs 2 approvals but has only 1 approver.'],
      [
        {
          bands: [
            { min_amount: 0, max_amount: 1000, level_1: one, level_2: none },
            { min_amount: 900, max_amount: null, level_1: one, level_2: none },
          ],
        },
        'The bands up to ₱1,000.00 and from ₱900.00 overlap.',
      ],
      [
        {
          bands: [
            { min_amount: 0, max_amount: 1000, level_1: one, level_2: none },
            { min_amount: 2000, max_amount: null, level_1: one, level_2: none },
          ],
        },
        'Amounts between ₱1,000.00 and ₱2,000.00 have no band.',
      ],
      [{ bands: [{ min_amount: 0, max_amount: 1000, level_1: one, level_2: none }] }, 'Amounts above ₱1,000.00 have no band: the last band must have no upper limit.'],
      [{ bands: [{ min_amount: 0, max_amount: null, level_1: level(['ana.reyes', 'ana.reyes'], 1), level_2: none }] }, 'The 1st level lists an approver twice.'],
      [{ bands: [{ min_amount: 0, max_amount: null, level_1: { approver_ids: [9999], needed: 1 }, level_2: none }] }, 'User 9999 does not exist.'],
      [{ bands: [] }, 'A form needs at least one band of approvers.'],
    ];
    for (const [body, message] of cases) {
      const refused = await call('admin@demo.local', 'PUT', url, body);
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    // A form without amounts has one band.
    const offset = await call('admin@demo.local', 'PUT', `/api/v1/admin/forms/${formIds['offsetting']}/chain`, {
      bands: [
        { min_amount: 0, max_amount: 10, level_1: one, level_2: none },
        { min_amount: 10.01, max_amount: null, level_1: one, level_2: none },
      ],
    });
    expect(offset.status).toBe(400);
    expect(offset.body.message).toBe('This form has no amounts: its chain has one band, from ₱0.00 with no upper limit.');
    expect((await call<{ chain: ApprovalChain }>('admin@demo.local', 'GET', url)).body.chain).toEqual(before.body.chain);
  });

  it('refuses filing a request whose chain cannot be completed without its requester', async () => {
    await call('admin@demo.local', 'PUT', `/api/v1/admin/forms/${formIds['epr']}/chain`, {
      bands: [{ min_amount: 0, max_amount: null, level_1: level(['maria.santos'], 1), level_2: none }],
    });
    const refused = await fileEpr('maria.santos', '100');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "This request cannot be approved: its 1st level needs 1 approval and has 0 approvers besides you. Please ask an administrator to change the form's approval chain.",
    );
    // Someone else files it, and Maria approves it.
    const filed = await fileEpr('grace.tan', '100');
    expect(filed.status).toBe(201);
    const approved = await call('maria.santos', 'POST', '/api/v1/forms/me/requests', { form_id: formIds['epr'], request_id: filed.body.request.id, status: 'approved' });
    expect(approved.body['status']).toBe('approved');
  });
});

describe('catalogues', () => {
  it('adds, renames, retires and brings back a company; a retired one leaves the ePR choices and cannot be filed', async () => {
    const added = await call<{ entry: { id: number; name: string; retired: boolean; used_by: number } }>(
      'admin@demo.local',
      'POST',
      '/api/v1/admin/catalogs/companies',
      { name: 'Davao Aggregates' },
    );
    expect(added.status).toBe(201);
    expect(added.body.entry).toMatchObject({ name: 'Davao Aggregates', retired: false, used_by: 0 });
    const id = added.body.entry.id;
    const duplicate = await call('admin@demo.local', 'POST', '/api/v1/admin/catalogs/companies', { name: 'davao aggregates' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('There is already a company named Davao Aggregates.');
    const renamed = await call<{ entry: { name: string } }>('admin@demo.local', 'PATCH', `/api/v1/admin/catalogs/companies/${id}`, { name: 'Davao Aggregates Inc.' });
    expect(renamed.body.entry.name).toBe('Davao Aggregates Inc.');

    const choices = async () =>
      (await call<{ form_details: { companies: { id: number }[] } }>('maria.santos', 'GET', `/api/v1/forms/${formIds['epr']}`)).body.form_details.companies.map((c) => c.id);
    expect(await choices()).toContain(id);
    const retired = await call<{ entry: { retired: boolean } }>('admin@demo.local', 'PATCH', `/api/v1/admin/catalogs/companies/${id}`, { retired: true });
    expect(retired.body.entry.retired).toBe(true);
    expect(await choices()).not.toContain(id);
    const list = await call<{ entries: { id: number; retired: boolean }[] }>('admin@demo.local', 'GET', '/api/v1/admin/catalogs/companies');
    expect(list.body.entries.find((entry) => entry.id === id)?.retired).toBe(true);
    await call('admin@demo.local', 'PATCH', `/api/v1/admin/catalogs/companies/${id}`, { retired: false });
    expect(await choices()).toContain(id);

    const log = await call<{ entries: { action: string }[] }>('admin@demo.local', 'GET', `/api/v1/admin/audit-log?target_type=company&target_id=${id}`);
    expect(log.body.entries.map((entry) => entry.action)).toEqual(['company.restore', 'company.retire', 'company.rename', 'company.create']);
  });

  it('counts what uses a value and keeps a retired department on its people', async () => {
    const departments = await call<{ entries: { id: number; name: string; used_by: number }[] }>('admin@demo.local', 'GET', '/api/v1/admin/catalogs/departments');
    const sales = departments.body.entries.find((entry) => entry.name === 'Sales')!;
    expect(sales.used_by).toBeGreaterThan(0);
    const types = await call<{ entries: { id: number; used_by: number }[] }>('admin@demo.local', 'GET', '/api/v1/admin/catalogs/purchase-request-types');
    expect(types.body.entries.find((entry) => entry.id === 1)?.used_by).toBeGreaterThan(0);
    await call('admin@demo.local', 'PATCH', `/api/v1/admin/catalogs/departments/${sales.id}`, { retired: true });
    const maria = await call<{ user_details: { department: string } }>('maria.santos', 'GET', '/api/v1/accounts/me');
    expect(maria.body.user_details.department).toBeTruthy();
    await call('admin@demo.local', 'PATCH', `/api/v1/admin/catalogs/departments/${sales.id}`, { retired: false });
  });

  it('refuses a blank name, an unknown list, a missing entry and an empty change', async () => {
    const blank = await call('admin@demo.local', 'POST', '/api/v1/admin/catalogs/departments', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Name is required.');
    const unknown = await call('admin@demo.local', 'GET', '/api/v1/admin/catalogs/vendors');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('The list must be one of departments, companies, purchase-request-types.');
    expect((await call('admin@demo.local', 'PATCH', '/api/v1/admin/catalogs/departments/9999', { name: 'X' })).status).toBe(404);
    const empty = await call('admin@demo.local', 'PATCH', '/api/v1/admin/catalogs/departments/1', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update: send name or retired.');
  });
});

describe('the requests export', () => {
  it('has one row per request with its decision and amounts in pesos, filtered by form, status and days', async () => {
    const csv = async (query = '') => {
      const response = await fetch(`${server.baseUrl}/api/v1/admin/requests/export${query}`, { headers: { authorization: `Bearer ${tokens['admin@demo.local']}` } });
      expect(response.status).toBe(200);
      return (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    };
    const [header, ...rows] = await csv();
    expect(header).toBe('reference_id,form,form_type,requester,department,status,total_php,filed_at,decided_at,decided_by,comment');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const approved = (await csv('?form_type=epr&status=approved')).slice(1);
    expect(approved.length).toBeGreaterThanOrEqual(2);
    expect(approved.some((row) => /^EPR-\d{4}-\d{6},Electronic Purchase Requisition,epr,Maria Santos,[^,]*,approved,50000,/.test(row) && row.includes(',Ana Reyes,'))).toBe(true);
    expect(approved.some((row) => row.includes(',50000.01,') && row.includes('Jose Garcia; Carmen Flores; Liza Mendoza'))).toBe(true);
    expect(await csv('?from=2999-01-01')).toHaveLength(1);
    expect((await csv(`?from=${manilaToday()}&to=${manilaToday()}`)).length).toBe(rows.length + 1);
    const bad = await call('admin@demo.local', 'GET', '/api/v1/admin/requests/export?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be one of pending, approved, denied, withdrawn.');
  });
});
