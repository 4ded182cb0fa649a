import { TEXT } from '@ichat/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.login('admin@demo.local');
});

interface AdminUserBody {
  id: number;
  email_address: string;
  username: string;
  display_name: string;
  first_name: string;
  last_name: string;
  department: string | null;
  admin_access: boolean;
  is_active: boolean;
}

const findUser = async (username: string) => {
  const response = await server.request<{ users: AdminUserBody[] }>('GET', '/api/v1/admin/users', { token: admin });
  const user = response.body.users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user;
};

describe('GET /api/v1/admin/users', () => {
  it('lists every account with exactly the document keys', async () => {
    const response = await server.request<{ success: boolean; users: AdminUserBody[] }>('GET', '/api/v1/admin/users', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.users.length).toBeGreaterThanOrEqual(9);
    for (const user of response.body.users) {
      expect(Object.keys(user).sort()).toEqual(
        ['admin_access', 'department', 'display_name', 'email_address', 'first_name', 'id', 'is_active', 'last_name', 'username'].sort(),
      );
    }
    expect(JSON.stringify(response.body)).not.toMatch(/password|scrypt|token_version/);
  });

  it('refuses staff without admin access and callers without a token', async () => {
    const staff = await server.login('juan.delacruz');
    const refused = await server.request('GET', '/api/v1/admin/users', { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: TEXT.permissionDenied });
    expect((await server.request('GET', '/api/v1/admin/users')).status).toBe(401);
  });
});

describe('PATCH /api/v1/admin/users/{id}', () => {
  it('deactivation revokes every token and stops sign-in; reactivation restores sign-in', async () => {
    const target = await findUser('paolo.villanueva');
    const token = await server.login('paolo.villanueva');

    const deactivated = await server.request('PATCH', `/api/v1/admin/users/${target.id}`, {
      token: admin,
      json: { is_active: false },
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ success: true, user: { id: target.id, is_active: false } });

    expect((await server.request('GET', '/api/v1/accounts/me', { token })).status).toBe(401);
    const login = await server.request('POST', '/api/v1/accounts/login', {
      json: { username: 'paolo.villanueva', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ success: false, message: TEXT.loginDeactivated });

    await server.request('PATCH', `/api/v1/admin/users/${target.id}`, { token: admin, json: { is_active: true } });
    expect((await server.request('POST', '/api/v1/accounts/login', { json: { username: 'paolo.villanueva', password: DEMO_PASSWORD } })).status).toBe(200);
    // The token from before the deactivation stays revoked.
    expect((await server.request('GET', '/api/v1/accounts/me', { token })).status).toBe(401);
  });

  it('grants and withdraws admin access', async () => {
    const target = await findUser('grace.tan');
    await server.request('PATCH', `/api/v1/admin/users/${target.id}`, { token: admin, json: { admin_access: true } });
    const grace = await server.login('grace.tan');
    expect((await server.request('GET', '/api/v1/admin/users', { token: grace })).status).toBe(200);
    await server.request('PATCH', `/api/v1/admin/users/${target.id}`, { token: admin, json: { admin_access: false } });
    expect((await server.request('GET', '/api/v1/admin/users', { token: grace })).status).toBe(403);
  });

  it('refuses to lock an admin out of their own account', async () => {
    const self = await findUser('admin');
    const deactivateSelf = await server.request('PATCH', `/api/v1/admin/users/${self.id}`, { token: admin, json: { is_active: false } });
    expect(deactivateSelf.status).toBe(400);
    expect(deactivateSelf.body).toEqual({ success: false, message: 'You cannot deactivate your own account.' });
    const demoteSelf = await server.request('PATCH', `/api/v1/admin/users/${self.id}`, { token: admin, json: { admin_access: false } });
    expect(demoteSelf.status).toBe(400);
    expect((await findUser('admin')).is_active).toBe(true);
  });

  it('answers bad ids, unknown users and empty bodies with 4xx', async () => {
    expect((await server.request('PATCH', '/api/v1/admin/users/abc', { token: admin, json: { is_active: true } })).status).toBe(400);
    expect((await server.request('PATCH', '/api/v1/admin/users/0', { token: admin, json: { is_active: true } })).status).toBe(400);
    const unknown = await server.request('PATCH', '/api/v1/admin/users/987654', { token: admin, json: { is_active: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'That user does not exist.' });
    const empty = await server.request('PATCH', '/api/v1/admin/users/1', { token: admin, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body['message']).toBe('Nothing to update: send at least one field to change.');
    const staff = await server.login('maria.santos');
    expect((await server.request('PATCH', '/api/v1/admin/users/1', { token: staff, json: { is_active: false } })).status).toBe(403);
  });
});
