import { type AuditEntry, routes, TEXT } from '@ichat/shared';
import { io as connect } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();
let admin: string;
let staff: string;
beforeAll(async () => {
  admin = await server.login('admin@demo.local');
  staff = await server.login('juan.delacruz');
});

const newest = async (action: string, targetId?: number) => {
  const query = `action=${encodeURIComponent(action)}${targetId ? `&target_id=${targetId}` : ''}`;
  const log = await server.request<{ entries: AuditEntry[]; total: number }>('GET', `/api/v1/admin/audit-log?${query}`, { token: admin });
  expect(log.status).toBe(200);
  return log.body.entries[0];
};

let serial = 0;
const newPerson = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    first_name: 'Liza',
    last_name: `Soberano${serial}`,
    email_address: `liza.${serial}@demo.local`,
    username: `liza.${serial}`,
    department: 'Sales',
    admin_access: false,
    approval_page: true,
    password: 'Temporary1!',
    ...overrides,
  };
};

const create = (body: Record<string, unknown>, token = admin) =>
  server.request<{ success: boolean; message: string; user: { id: number; username: string; department: string | null; admin_access: boolean } }>(
    'POST',
    '/api/v1/admin/users',
    { token, json: body },
  );

describe('POST /api/v1/admin/users', () => {
  it('creates a person (201, user) who must change the password, with an audit entry naming the admin and their address', async () => {
    const body = newPerson();
    const created = await create(body);
    expect(created.status).toBe(201);
    expect(created.body.success).toBe(true);
    expect(created.body.user).toMatchObject({ username: body.username, department: 'Sales', admin_access: false, is_active: true });
    expect(JSON.stringify(created.body)).not.toMatch(/password_hash|scrypt/);

    const login = await server.request<{ must_change_password: boolean; token: string }>('POST', '/api/v1/accounts/login', {
      json: { username: body.username, password: body.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);

    const entry = await newest('user.create', created.body.user.id);
    expect(entry).toMatchObject({ actor: { display_name: expect.any(String) }, target_type: 'user', address: '127.0.0.1' });
    expect(entry?.after).toMatchObject({ username: body.username, department: 'Sales', approval_page: true });
    expect(JSON.stringify(entry)).not.toContain(body.password);
  });

  it('refuses missing and malformed fields with 400 and the field’s message, storing nothing', async () => {
    const before = (await server.request<{ total: number }>('GET', '/api/v1/admin/people', { token: admin })).body.total;
    const cases: [Record<string, unknown>, string][] = [
      [newPerson({ first_name: '  ' }), 'First name is required.'],
      [newPerson({ email_address: 'not-an-email' }), 'Email address is not a valid email address.'],
      [newPerson({ username: 'has space' }), 'Username may only use letters, numbers, dots, dashes and underscores.'],
      [newPerson({ password: 'short' }), 'Password must be at least 8 characters.'],
      [newPerson({ department: undefined }), 'Department is required.'],
      [newPerson({ admin_access: 'yes' }), 'admin_access must be true or false.'],
    ];
    for (const [body, message] of cases) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual({ success: false, message });
    }
    expect((await server.request<{ total: number }>('GET', '/api/v1/admin/people', { token: admin })).body.total).toBe(before);
  });

  it('refuses a taken email address or username with 409, in any case', async () => {
    const first = newPerson();
    expect((await create(first)).status).toBe(201);
    const sameEmail = await create(newPerson({ email_address: first.email_address.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ success: false, message: 'That email address is already registered.' });
    const sameUsername = await create(newPerson({ username: first.username.toUpperCase() }));
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body).toEqual({ success: false, message: 'That username is already taken.' });
  });

  it('refuses a retired department', async () => {
    const department = await server.request<{ entry: { id: number } }>('POST', '/api/v1/admin/catalogs/departments', {
      token: admin,
      json: { name: 'Old Branch' },
    });
    await server.request('PATCH', `/api/v1/admin/catalogs/departments/${department.body.entry.id}`, { token: admin, json: { retired: true } });
    const refused = await create(newPerson({ department: 'old branch' }));
    expect(refused.status).toBe(400);
    expect(refused.body['message']).toBe('The department Old Branch is retired.');
  });
});

describe('a password set by an administrator must be changed first', () => {
  it('allows only the password change, logout and GET me until it is changed; then everything', async () => {
    const body = newPerson();
    await create(body);
    const token = await server.login(body.username, body.password);

    const me = await server.request<{ user_details: { must_change_password: boolean } }>('GET', '/api/v1/accounts/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user_details.must_change_password).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/v1/conversations'],
      ['GET', '/api/v1/forms'],
      ['GET', '/api/v1/notifications'],
      ['GET', '/api/v1/users'],
    ] as const) {
      const refused = await server.request(method, url, { token });
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({ success: false, message: TEXT.mustChangePassword });
    }
    // The live socket is refused too.
    const socket = connect(server.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
    const refusal = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.disconnect();
    expect(refusal.message).toBe('password-change-required');

    const changed = await server.request<{ token: string }>('POST', '/api/v1/accounts/change-password', {
      token,
      json: { oldPassword: body.password, newPassword: 'MyOwnPassword9' },
    });
    expect(changed.status).toBe(200);
    expect((await server.request('GET', '/api/v1/conversations', { token: changed.body.token })).status).toBe(200);
    const again = await server.request<{ must_change_password: boolean }>('POST', '/api/v1/accounts/login', {
      json: { username: body.username, password: 'MyOwnPassword9' },
    });
    expect(again.body.must_change_password).toBe(false);
  });

  it('logout works while the change is pending', async () => {
    const body = newPerson();
    await create(body);
    const token = await server.login(body.username, body.password);
    expect((await server.request('POST', '/api/v1/accounts/logout', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/accounts/me', { token })).status).toBe(401);
  });

  it('the specification’s registration keeps answering as before, without a forced change', async () => {
    const registered = await server.request<{ user: { username: string } }>('POST', '/api/v1/accounts/register', {
      token: admin,
      json: { first_name: 'Reg', last_name: 'Istered', email_address: 'reg.istered@demo.local', department: 'Sales', username: 'reg.istered', password: 'Register123' },
    });
    expect(registered.status).toBe(201);
    const login = await server.request<{ must_change_password: boolean }>('POST', '/api/v1/accounts/login', {
      json: { username: 'reg.istered', password: 'Register123' },
    });
    expect(login.body.must_change_password).toBe(false);
  });
});

describe('PATCH /api/v1/admin/users/{id}', () => {
  it('edits every field, audits the changed ones before and after, and refuses a taken username with 409', async () => {
    const created = (await create(newPerson())).body.user;
    const changes = {
      first_name: 'Elizabeth',
      last_name: 'Gil',
      display_name: 'Liza G.',
      email_address: `eg.${created.id}@demo.local`,
      username: `eg.${created.id}`,
      department: 'Finance',
      admin_access: true,
    };
    const edited = await server.request<{ user: Record<string, unknown> }>('PATCH', `/api/v1/admin/users/${created.id}`, {
      token: admin,
      json: { ...changes, approval_page: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject(changes);
    const entry = await newest('user.update', created.id);
    expect(entry?.before).toMatchObject({ first_name: 'Liza', department: 'Sales', approval_page: true, admin_access: false });
    expect(entry?.after).toMatchObject({ first_name: 'Elizabeth', department: 'Finance', approval_page: false, admin_access: true });
    expect(Object.keys(entry?.after ?? {})).not.toContain('is_active');

    const taken = await server.request('PATCH', `/api/v1/admin/users/${created.id}`, { token: admin, json: { username: 'juan.delacruz' } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ success: false, message: 'That username is already taken.' });
  });

  it('deactivation signs the person out everywhere within 2 s: the live socket is closed and tokens stop working', async () => {
    const body = newPerson();
    const created = (await create(body)).body.user;
    const first = await server.login(body.username, body.password);
    const token = (
      await server.request<{ token: string }>('POST', '/api/v1/accounts/change-password', {
        token: first,
        json: { oldPassword: body.password, newPassword: 'MyOwnPassword9' },
      })
    ).body.token;
    const socket = connect(server.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const loggedOut = new Promise<{ reason: string }>((resolve) => socket.once('logout', resolve));
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const started = Date.now();
    const deactivated = await server.request('PATCH', `/api/v1/admin/users/${created.id}`, { token: admin, json: { is_active: false } });
    expect(deactivated.status).toBe(200);
    expect(await loggedOut).toEqual({ reason: 'deactivated' });
    await disconnected;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await server.request('GET', '/api/v1/accounts/me', { token })).status).toBe(401);
    expect((await newest('user.deactivate', created.id))?.after).toEqual({ is_active: false });

    await server.request('PATCH', `/api/v1/admin/users/${created.id}`, { token: admin, json: { is_active: true } });
    expect((await newest('user.reactivate', created.id))?.after).toEqual({ is_active: true });
    expect((await server.request('POST', '/api/v1/accounts/login', { json: { username: body.username, password: 'MyOwnPassword9' } })).status).toBe(200);
  });
});

describe('POST /api/v1/admin/users/{id}/password', () => {
  it('makes a temporary password when none is sent, answers it once, signs the person out and forces a change', async () => {
    const body = newPerson();
    const created = (await create(body)).body.user;
    const old = await server.login(body.username, body.password);
    const reset = await server.request<{ success: boolean; message: string; password: string }>(
      'POST',
      `/api/v1/admin/users/${created.id}/password`,
      { token: admin, json: {} },
    );
    expect(reset.status).toBe(200);
    expect(reset.body.password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    expect((await server.request('GET', '/api/v1/accounts/me', { token: old })).status).toBe(401);
    const login = await server.request<{ must_change_password: boolean }>('POST', '/api/v1/accounts/login', {
      json: { username: body.username, password: reset.body.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
    const entry = await newest('user.password_reset', created.id);
    expect(entry?.summary).toContain(body.username);
    expect(JSON.stringify(entry)).not.toContain(reset.body.password);
  });

  it('takes a given password, refuses a short one, and works with no body at all', async () => {
    const body = newPerson();
    const created = (await create(body)).body.user;
    const given = await server.request<{ password: string }>('POST', `/api/v1/admin/users/${created.id}/password`, {
      token: admin,
      json: { password: 'ChosenByAdmin1' },
    });
    expect(given.body.password).toBe('ChosenByAdmin1');
    const short = await server.request('POST', `/api/v1/admin/users/${created.id}/password`, { token: admin, json: { password: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.body['message']).toBe('Password must be at least 8 characters.');
    const bare = await server.request<{ password: string }>('POST', `/api/v1/admin/users/${created.id}/password`, { token: admin });
    expect(bare.status).toBe(200);
    expect(bare.body.password).toHaveLength(14);
    expect((await server.request('POST', '/api/v1/admin/users/987654/password', { token: admin, json: {} })).status).toBe(404);
  });
});

describe('POST /api/v1/admin/users/{id}/unlock', () => {
  it('lets a person locked out by wrong passwords sign in again, and is audited', async () => {
    const body = newPerson();
    const created = (await create(body)).body.user;
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
      status = (await server.request('POST', '/api/v1/accounts/login', { json: { username: body.username, password: 'wrong-password' } })).status;
    }
    expect(status).toBe(429);
    expect((await server.request('POST', '/api/v1/accounts/login', { json: { username: body.username, password: body.password } })).status).toBe(429);
    const unlocked = await server.request('POST', `/api/v1/admin/users/${created.id}/unlock`, { token: admin });
    expect(unlocked.status).toBe(200);
    expect((await server.request('POST', '/api/v1/accounts/login', { json: { username: body.username, password: body.password } })).status).toBe(200);
    expect((await newest('user.unlock', created.id))?.summary).toContain(body.username);
  });
});

describe('GET /api/v1/admin/people', () => {
  it('searches, sorts, filters and pages on the server, with the total of all matches', async () => {
    for (let index = 0; index < 3; index += 1) await create(newPerson({ first_name: 'Pagina', last_name: `Zeta${index}` }));
    const page1 = await server.request<{ people: { last_name: string; username: string }[]; total: number }>(
      'GET',
      '/api/v1/admin/people?query=pagina&sort=name&direction=desc&limit=2&page=1',
      { token: admin },
    );
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(3);
    expect(page1.body.people.map((person) => person.last_name)).toEqual(['Zeta2', 'Zeta1']);
    const page2 = await server.request<{ people: { last_name: string }[] }>('GET', '/api/v1/admin/people?query=pagina&sort=name&direction=desc&limit=2&page=2', {
      token: admin,
    });
    expect(page2.body.people.map((person) => person.last_name)).toEqual(['Zeta0']);
    // Wildcards are matched literally.
    expect((await server.request<{ total: number }>('GET', '/api/v1/admin/people?query=%25', { token: admin })).body.total).toBe(0);
    const inactive = await server.request<{ people: { is_active: boolean }[] }>('GET', '/api/v1/admin/people?status=inactive', { token: admin });
    expect(inactive.body.people.every((person) => !person.is_active)).toBe(true);
    for (const bad of ['sort=age', 'direction=up', 'status=gone', 'limit=0', 'limit=201', 'page=0']) {
      const refused = await server.request('GET', `/api/v1/admin/people?${bad}`, { token: admin });
      expect(refused.status, bad).toBe(400);
      expect(typeof refused.body['message']).toBe('string');
    }
  });
});

describe('the audit log cannot be changed through the product', () => {
  it('has no call that writes, edits or deletes it', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await server.request(method, '/api/v1/admin/audit-log', { token: admin, json: {} });
      expect(response.status, method).toBe(404);
    }
    const entries = server.app.registeredRoutes.filter((route) => route.url.includes('audit'));
    expect(entries.map((route) => route.method).sort()).toEqual(['GET', 'HEAD']);
  });

  it('filters by action, actor, target and Manila days, newest first, paged', async () => {
    const all = await server.request<{ entries: AuditEntry[]; total: number }>('GET', '/api/v1/admin/audit-log?limit=200', { token: admin });
    expect(all.body.total).toBeGreaterThan(5);
    const times = all.body.entries.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const actorId = all.body.entries[0]!.actor!.id;
    const byActor = await server.request<{ entries: AuditEntry[] }>('GET', `/api/v1/admin/audit-log?actor_id=${actorId}`, { token: admin });
    expect(byActor.body.entries.every((entry) => entry.actor?.id === actorId)).toBe(true);
    const future = await server.request<{ total: number }>('GET', '/api/v1/admin/audit-log?from=2999-01-01', { token: admin });
    expect(future.body.total).toBe(0);
    const paged = await server.request<{ entries: AuditEntry[] }>('GET', '/api/v1/admin/audit-log?limit=2&page=2', { token: admin });
    expect(paged.body.entries.map((entry) => entry.id)).toEqual(all.body.entries.slice(2, 4).map((entry) => entry.id));
    expect((await server.request('GET', '/api/v1/admin/audit-log?from=yesterday', { token: admin })).status).toBe(400);
  });
});

describe('every administration call is for administrators only', () => {
  it('answers 403 to a signed-in staff member on every admin route, before looking at the input', async () => {
    const adminRoutes = server.app.registeredRoutes.filter((route) => route.access === 'admin' && route.method !== 'HEAD');
    // Every call the shared route table marks as the administrators' is registered so.
    const declared = Object.values(routes).flatMap((group) => Object.values(group)).filter((route) => 'access' in route && route.access === 'admin');
    expect(adminRoutes.length).toBe(declared.length);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(23);
    for (const route of adminRoutes) {
      const url = route.url.replace(':catalog', 'departments').replace(/:[a-z_]+/g, '1');
      const response = await server.request(route.method, url, { token: staff, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body).toEqual({ success: false, message: TEXT.permissionDenied });
    }
  });
});
