import { TEXT, TOKEN_LIFETIME_DEFAULT_MS, TOKEN_LIFETIME_REMEMBER_MS } from '@ichat/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addressLimitScenario, loginLimitScenarios } from '../../test-support/login-limit-scenarios.js';
import { DEMO_PASSWORD, startTestServer, useTestServer } from '../../test-support/test-server.js';

const server = useTestServer();

const login = (username: string, password: string, rememberMe?: boolean) =>
  server.request<Record<string, unknown>>('POST', '/api/v1/accounts/login', {
    json: { username, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
  });

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

describe('POST /api/v1/accounts/login', () => {
  it('signs in with the email address and answers the document keys', async () => {
    const response = await login('maria.santos@demo.local', DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: TEXT.loginSuccessful,
      userDetails: { display_name: 'Maria Santos', email_address: 'maria.santos@demo.local', admin_access: false },
    });
    expect(typeof response.body['token']).toBe('string');
  });

  it('signs in with the username, in any letter case', async () => {
    expect((await login('Maria.Santos', DEMO_PASSWORD)).status).toBe(200);
    expect((await login('MARIA.SANTOS@DEMO.LOCAL', DEMO_PASSWORD)).status).toBe(200);
  });

  it('gives a 2-hour token by default and a 7-day token with Remember Me', async () => {
    const before = Date.now();
    const session = await login('grace.tan', DEMO_PASSWORD);
    const remembered = await login('grace.tan', DEMO_PASSWORD, true);
    const lifetime = (body: Record<string, unknown>) => Date.parse(String(body['expires_at'])) - before;
    expect(Math.abs(lifetime(session.body) - TOKEN_LIFETIME_DEFAULT_MS)).toBeLessThan(5_000);
    expect(Math.abs(lifetime(remembered.body) - TOKEN_LIFETIME_REMEMBER_MS)).toBeLessThan(5_000);
  });

  it('answers an unknown account and a wrong password the same way', async () => {
    const wrongPassword = await login('ana.reyes', 'not-the-password');
    const unknownUser = await login('nobody.here@demo.local', 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, message: TEXT.loginInvalid });
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  it('refuses blank fields with the blank-fields text', async () => {
    for (const json of [{ username: '', password: '' }, { username: 'maria.santos' }, { password: 'x' }, {}]) {
      const response = await server.request('POST', '/api/v1/accounts/login', { json });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: TEXT.loginBlank });
    }
  });

  it('refuses malformed bodies with a 400 and a sentence', async () => {
    const broken = await server.request('POST', '/api/v1/accounts/login', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });

    const wrongTypes = await server.request('POST', '/api/v1/accounts/login', {
      json: { username: ['a'], password: { $gt: '' } },
    });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body['success']).toBe(false);

    const notJson = await server.request('POST', '/api/v1/accounts/login', {
      rawBody: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(400);
  });
});

describe('login limits', () => {
  loginLimitScenarios((options) => startTestServer(options));
  addressLimitScenario((options) => startTestServer(options));
});

describe('GET and PUT /api/v1/accounts/me', () => {
  it('refuses a caller without a token or with a forged one', async () => {
    expect((await server.request('GET', '/api/v1/accounts/me')).status).toBe(401);
    const forged = await server.request('GET', '/api/v1/accounts/me', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ success: false, message: TEXT.sessionExpired });
    const garbage = await server.request('GET', '/api/v1/accounts/me', { headers: { authorization: 'Basic abc' } });
    expect(garbage.status).toBe(401);
  });

  it('returns the user details of the token, never of anyone else', async () => {
    const token = await server.login('paolo.villanueva');
    const response = await server.request('GET', '/api/v1/accounts/me', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user_details: expect.objectContaining({
        display_name: 'Paolo Villanueva',
        first_name: 'Paolo',
        last_name: 'Villanueva',
        email_address: 'paolo.villanueva@demo.local',
        department: 'Warehouse / Supply Chain',
        username: 'paolo.villanueva',
        admin_access: false,
        profile_photo: null,
      }),
    });
  });

  it('updates the display name and photo from form data, and nothing else', async () => {
    const token = await server.login('grace.tan');
    const form = new FormData();
    form.append('data', JSON.stringify({ display_name: '  Grace T.  ', first_name: 'Hacker', admin_access: true }));
    form.append('profile_photo', new Blob([await pngOf(900, 600)], { type: 'image/png' }), 'me.png');
    const response = await server.request<{ updated_user: { display_name: string; profile_photo: string } }>(
      'PUT',
      '/api/v1/accounts/me',
      { token, form },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: TEXT.profileUpdated });
    expect(response.body.updated_user.display_name).toBe('Grace T.');
    expect(response.body.updated_user.profile_photo).toMatch(/^[0-9a-f-]{36}\.webp$/);

    const me = await server.request<{ user_details: Record<string, unknown> }>('GET', '/api/v1/accounts/me', { token });
    expect(me.body.user_details).toMatchObject({ display_name: 'Grace T.', first_name: 'Grace', admin_access: false });

    // The stored photo is a 512 px square WebP served to signed-in users only.
    const photoUrl = `/assets/images-data/${response.body.updated_user.profile_photo}`;
    expect((await fetch(`${server.baseUrl}${photoUrl}`)).status).toBe(401);
    const photo = await fetch(`${server.baseUrl}${photoUrl}`, { headers: { cookie: `token=${token}` } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 512, 512]);
  });

  it('keeps the old photo when only the name changes, and accepts JSON too', async () => {
    const token = await server.login('ana.reyes');
    const form = new FormData();
    form.append('data', JSON.stringify({ display_name: 'Ana' }));
    form.append('profile_photo', new Blob([await pngOf(64, 64)], { type: 'image/png' }), 'a.png');
    const first = await server.request<{ updated_user: { profile_photo: string } }>('PUT', '/api/v1/accounts/me', { token, form });
    const second = await server.request<{ updated_user: { profile_photo: string; display_name: string } }>(
      'PUT',
      '/api/v1/accounts/me',
      { token, json: { display_name: 'Ana R.' } },
    );
    expect(second.status).toBe(200);
    expect(second.body.updated_user).toMatchObject({ display_name: 'Ana R.', profile_photo: first.body.updated_user.profile_photo });
  });

  it('refuses a blank display name, a non-image photo and broken data, storing nothing', async () => {
    const token = await server.login('jose.garcia');
    const blank = new FormData();
    blank.append('data', JSON.stringify({ display_name: '   ' }));
    const blankResponse = await server.request('PUT', '/api/v1/accounts/me', { token, form: blank });
    expect(blankResponse.status).toBe(400);
    expect(blankResponse.body).toEqual({ success: false, message: 'Display name is required.' });

    const notImage = new FormData();
    notImage.append('data', JSON.stringify({ display_name: 'Jose' }));
    notImage.append('profile_photo', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png');
    const notImageResponse = await server.request('PUT', '/api/v1/accounts/me', { token, form: notImage });
    expect(notImageResponse.status).toBe(400);
    expect(notImageResponse.body['message']).toBe('The profile photo must be a JPEG, PNG, WebP or GIF image.');

    const brokenJson = new FormData();
    brokenJson.append('data', '{display_name:');
    expect((await server.request('PUT', '/api/v1/accounts/me', { token, form: brokenJson })).status).toBe(400);

    const me = await server.request<{ user_details: Record<string, unknown> }>('GET', '/api/v1/accounts/me', { token });
    expect(me.body.user_details).toMatchObject({ display_name: 'Jose Garcia', profile_photo: null });
  });

  it('refuses a photo over 16 MB with 413 while it streams', async () => {
    const token = await server.login('jose.garcia');
    const form = new FormData();
    form.append('data', JSON.stringify({ display_name: 'Big' }));
    form.append('profile_photo', new Blob([new Uint8Array(16 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
    const response = await server.request('PUT', '/api/v1/accounts/me', { token, form });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: 'File Attachment too large. Max: 16MB' });
    const me = await server.request<{ user_details: Record<string, unknown> }>('GET', '/api/v1/accounts/me', { token });
    expect(me.body.user_details['display_name']).toBe('Jose Garcia');
  });
});

describe('sessions end on logout, password change and deactivation', () => {
  it('logout revokes every earlier token of the user', async () => {
    const phone = await server.login('carmen.flores', DEMO_PASSWORD, true);
    const laptop = await server.login('carmen.flores');
    expect((await server.request('POST', '/api/v1/accounts/logout', { token: laptop })).status).toBe(200);
    for (const token of [phone, laptop]) {
      expect((await server.request('GET', '/api/v1/accounts/me', { token })).status).toBe(401);
      const verify = await server.request('POST', '/api/v1/tokens/verify', { json: { token } });
      expect(verify.body).toEqual({ success: true, valid: false });
    }
    const fresh = await server.login('carmen.flores');
    expect((await server.request('GET', '/api/v1/accounts/me', { token: fresh })).status).toBe(200);
  });

  it('change password checks the current one, revokes old tokens and returns a new one', async () => {
    const isolated = await startTestServer();
    try {
      const other = await isolated.login('liza.mendoza');
      const token = await isolated.login('liza.mendoza', DEMO_PASSWORD, true);

      const wrongOld = await isolated.request('POST', '/api/v1/accounts/change-password', {
        token,
        json: { oldPassword: 'wrong-password', newPassword: 'new-secret-1' },
      });
      expect(wrongOld.status).toBe(400);
      expect(wrongOld.body).toEqual({ success: false, message: TEXT.passwordWrongOld });

      const tooShort = await isolated.request('POST', '/api/v1/accounts/change-password', {
        token,
        json: { oldPassword: DEMO_PASSWORD, newPassword: 'short' },
      });
      expect(tooShort.status).toBe(400);
      expect(tooShort.body['message']).toBe('New password must be at least 8 characters.');

      const same = await isolated.request('POST', '/api/v1/accounts/change-password', {
        token,
        json: { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
      });
      expect(same.status).toBe(400);

      const changed = await isolated.request<{ token: string; message: string; expires_at: string }>(
        'POST',
        '/api/v1/accounts/change-password',
        { token, json: { oldPassword: DEMO_PASSWORD, newPassword: 'new-secret-1' } },
      );
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe(TEXT.passwordChanged);
      // The new token keeps the Remember Me lifetime of the one it replaces.
      expect(Date.parse(changed.body.expires_at) - Date.now()).toBeGreaterThan(TOKEN_LIFETIME_REMEMBER_MS - 60_000);

      for (const old of [token, other]) {
        expect((await isolated.request('GET', '/api/v1/accounts/me', { token: old })).status).toBe(401);
      }
      expect((await isolated.request('GET', '/api/v1/accounts/me', { token: changed.body.token })).status).toBe(200);
      expect((await isolated.request('POST', '/api/v1/accounts/login', { json: { username: 'liza.mendoza', password: DEMO_PASSWORD } })).status).toBe(401);
      expect((await isolated.request('POST', '/api/v1/accounts/login', { json: { username: 'liza.mendoza', password: 'new-secret-1' } })).status).toBe(200);
    } finally {
      await isolated.close();
    }
  });
});

describe('POST /api/v1/tokens/verify', () => {
  it('says whether a token is valid', async () => {
    const token = await server.login('juan.delacruz');
    expect((await server.request('POST', '/api/v1/tokens/verify', { json: { token } })).body).toEqual({ success: true, valid: true });
    expect((await server.request('POST', '/api/v1/tokens/verify', { json: { token: `${token}x` } })).body).toEqual({ success: true, valid: false });
    expect((await server.request('POST', '/api/v1/tokens/verify', { json: { token: '' } })).body).toEqual({ success: true, valid: false });
    expect((await server.request('POST', '/api/v1/tokens/verify', { json: {} })).status).toBe(400);
  });
});

describe('POST /api/v1/accounts/register', () => {
  const newcomer = {
    first_name: 'Rosa',
    last_name: 'Lim',
    email_address: 'rosa.lim@demo.local',
    department: 'Finance',
    username: 'rosa.lim',
    password: 'welcome-123',
  };

  it('is for admins only', async () => {
    expect((await server.request('POST', '/api/v1/accounts/register', { json: newcomer })).status).toBe(401);
    const staff = await server.login('maria.santos');
    const refused = await server.request('POST', '/api/v1/accounts/register', { token: staff, json: newcomer });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: TEXT.permissionDenied });
  });

  it('registers a staff member who can then sign in', async () => {
    const admin = await server.login('admin@demo.local');
    const response = await server.request('POST', '/api/v1/accounts/register', { token: admin, json: newcomer });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      user: { email_address: 'rosa.lim@demo.local', username: 'rosa.lim', department: 'Finance', admin_access: false, is_active: true },
    });
    expect((await server.request('POST', '/api/v1/accounts/login', { json: { username: 'rosa.lim', password: 'welcome-123' } })).status).toBe(200);
  });

  it('refuses a taken email or username with 409, and bad fields with 400', async () => {
    const admin = await server.login('admin@demo.local');
    const takenEmail = await server.request('POST', '/api/v1/accounts/register', {
      token: admin,
      json: { ...newcomer, email_address: 'MARIA.SANTOS@demo.local', username: 'another.one' },
    });
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body['message']).toBe('That email address is already registered.');
    const takenUsername = await server.request('POST', '/api/v1/accounts/register', {
      token: admin,
      json: { ...newcomer, email_address: 'fresh@demo.local', username: 'Maria.Santos' },
    });
    expect(takenUsername.status).toBe(409);
    expect(takenUsername.body['message']).toBe('That username is already taken.');

    const cases: [Record<string, unknown>, string][] = [
      [{ ...newcomer, email_address: 'not-an-email' }, 'Email address is not a valid email address.'],
      [{ ...newcomer, username: 'has space' }, 'Username may only use letters, numbers, dots, dashes and underscores.'],
      [{ ...newcomer, password: 'short' }, 'Password must be at least 8 characters.'],
      [{ ...newcomer, first_name: ' ' }, 'First name is required.'],
    ];
    for (const [json, message] of cases) {
      const response = await server.request('POST', '/api/v1/accounts/register', { token: admin, json });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message });
    }
  });
});
