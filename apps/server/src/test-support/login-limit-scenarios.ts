/**
 * The login limits as a client meets them, over real HTTP: run on the memory limiter
 * (accounts.test.ts) and on Redis shared by processes (login-limiter.test.ts). Each server
 * trusts X-Forwarded-For so a test can speak from many addresses.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, type ApiResponse, type TestServer, type TestServerOptions } from './test-server.js';

type Start = (options: TestServerOptions) => Promise<TestServer>;

const THROTTLED = /^Too many failed login attempts\. Please try again in \d+ (second|minute)s?\.$/;

export const loginLimitScenarios = (start: Start) => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await start({ env: { TRUST_PROXY: '1' } });
    adminToken = await server.login('admin@demo.local');
  });
  afterAll(async () => {
    await server.close();
  });

  const login = (username: string, password: string, address: string) =>
    server.request<{ message: string }>('POST', '/api/v1/accounts/login', {
      json: { username, password },
      headers: { 'x-forwarded-for': address },
    });
  const expectThrottled = (response: ApiResponse<{ message: string }>) => {
    expect(response.status).toBe(429);
    expect(response.body.message).toMatch(THROTTLED);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
    return retryAfter;
  };
  const userId = async (username: string) => {
    const users = await server.request<{ users: { id: number; username: string }[] }>('GET', '/api/v1/admin/users', { token: adminToken });
    const found = users.body.users.find((user) => user.username === username);
    if (!found) throw new Error(`no user ${username}`);
    return found.id;
  };

  it('of 100 concurrent wrong guesses from one address, at most the limit are checked; the rest wait', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => login('jose.garcia', `wrong-${n}`, '10.20.0.1')));
    const checked = answers.filter((answer) => answer.status === 401);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(10);
    for (const answer of answers.filter((candidate) => candidate.status !== 401)) expectThrottled(answer);
    // The right password from that address waits too; the owner elsewhere is not shut out.
    expectThrottled(await login('jose.garcia', DEMO_PASSWORD, '10.20.0.1'));
    expect((await login('jose.garcia', DEMO_PASSWORD, '10.20.0.2')).status).toBe(200);
  });

  it('guesses from 100 addresses slow the account down, and the owner signs in after the backoff', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => login('ramon.bautista', `wrong-${n}`, `10.21.0.${n}`)));
    // 10 free guesses, then one per backoff window (1 s, 2 s, 4 s, …): on a slow machine a
    // window may pass during the burst and let one more through.
    const elapsedSeconds = (Date.now() - started) / 1000;
    const windowsPassed = Math.floor(Math.log2(elapsedSeconds + 1));
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(11 + windowsPassed);
    for (const answer of answers.filter((candidate) => candidate.status !== 401)) expectThrottled(answer);
    const owner = await login('ramon.bautista', DEMO_PASSWORD, '10.21.9.9');
    if (owner.status !== 200) {
      const retryAfter = expectThrottled(owner);
      expect(retryAfter).toBeLessThanOrEqual(60);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
      expect((await login('ramon.bautista', DEMO_PASSWORD, '10.21.9.9')).status).toBe(200);
    }
  });

  it('an administrator unlocks a locked account; others may not', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) await login('paolo.villanueva', `wrong-${attempt}`, '10.22.0.1');
    expectThrottled(await login('paolo.villanueva', DEMO_PASSWORD, '10.22.0.1'));
    const id = await userId('paolo.villanueva');
    const staff = await server.login('grace.tan');
    expect((await server.request('POST', `/api/v1/admin/users/${id}/unlock`, { token: staff })).status).toBe(403);
    expect((await server.request('POST', '/api/v1/admin/users/999999/unlock', { token: adminToken })).status).toBe(404);
    const unlocked = await server.request('POST', `/api/v1/admin/users/${id}/unlock`, { token: adminToken });
    expect(unlocked.status).toBe(200);
    expect((await login('paolo.villanueva', DEMO_PASSWORD, '10.22.0.1')).status).toBe(200);
  });

  it('the email address and the username share one count', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await login('liza.mendoza', `wrong-${attempt}`, '10.23.0.1');
      await login('LIZA.MENDOZA@demo.local', `wrong-${attempt}`, '10.23.0.1');
    }
    expectThrottled(await login('liza.mendoza', DEMO_PASSWORD, '10.23.0.1'));
  });
};

/** A spray of guesses over many accounts from one address (with a small address limit). */
export const addressLimitScenario = (start: Start) => {
  it('an address spraying guesses over many accounts is held back', async () => {
    const server = await start({ loginLimits: { addressLimit: 5 } });
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await server.request('POST', '/api/v1/accounts/login', {
          json: { username: `someone-${attempt}@demo.local`, password: 'guess' },
        });
        expect(response.status).toBe(401);
      }
      const held = await server.request('POST', '/api/v1/accounts/login', { json: { username: 'carmen.flores', password: DEMO_PASSWORD } });
      expect(held.status).toBe(429);
    } finally {
      await server.close();
    }
  });
};
