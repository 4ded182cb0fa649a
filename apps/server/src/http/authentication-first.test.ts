/**
 * A caller who is not signed in learns only that: every route that is not public answers
 * 401 before its body, query or path parameters are looked at, whatever the token's fault.
 * The routes come from the server's own list, so a new route cannot be forgotten here.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
const badTokens: Record<string, string | undefined> = {};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const signed = (secret: string, claims: { exp: number; sub?: string }) =>
  new SignJWT({ ver: 0, rem: false })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub ?? '2')
    .setIssuer('internal-chat')
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));

beforeAll(async () => {
  server = await startTestServer();
  const revoked = await server.login('grace.tan');
  const logout = await server.request('POST', '/api/v1/accounts/logout', { token: revoked });
  expect(logout.status).toBe(200);
  Object.assign(badTokens, {
    none: undefined,
    malformed: 'garbage',
    'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: '1', ver: 0, iss: 'internal-chat', exp: inAnHour() })}.`,
    expired: await signed(server.config.jwtSecret, { exp: Math.floor(Date.now() / 1000) - 60 }),
    'another key': await signed(randomBytes(32).toString('hex'), { sub: '1', exp: inAnHour() }),
    revoked,
  });
});
afterAll(async () => {
  await server.close();
});

/** A concrete path for a route pattern, with parameters no validation would accept. */
const concretePath = (url: string) => url.replace(/:[A-Za-z_]+/g, 'not-an-id').replace(/\*$/, 'x');

/** Public on purpose: signing in, the version shown before it, and checking a token. */
const PUBLIC_API = ['GET /api/v1/version', 'POST /api/v1/accounts/login', 'POST /api/v1/tokens/verify'];

describe('authentication before anything else', () => {
  it('the only public API routes are the ones meant to be', () => {
    const publicApi = server.app.registeredRoutes
      .filter((route) => route.access === 'public' && /^\/(api|assets)\//.test(route.url) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(publicApi.sort()).toEqual([...PUBLIC_API].sort());
  });

  it('every other route answers 401 to every bad token, with an invalid body, query and path', async () => {
    const guarded = server.app.registeredRoutes.filter((route) => route.access !== 'public');
    // Guards the list itself: the app has dozens of signed-in calls, and admin ones.
    expect(guarded.length).toBeGreaterThan(40);
    expect(guarded.some((route) => route.access === 'admin')).toBe(true);

    const failures: string[] = [];
    for (const route of guarded) {
      const url = `${concretePath(route.url)}?page=-1&limit=abc&conversation_filter=%00`;
      for (const [kind, token] of Object.entries(badTokens)) {
        const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
        const response = await server.request(route.method, url, {
          token,
          ...(hasBody ? { rawBody: '{"newPassword": ', headers: { 'content-type': 'application/json' } } : {}),
        });
        if (response.status !== 401) failures.push(`${route.method} ${route.url} with ${kind} token: ${response.status}`);
        else if (route.method !== 'HEAD') expect(response.body).toMatchObject({ success: false });
      }
    }
    expect(failures).toEqual([]);
  });

  it('an image or file GET with a bad token cookie is refused too', async () => {
    for (const url of ['/assets/images-data/x.webp', '/assets/message-attachment/x.pdf']) {
      const response = await server.request('GET', url, { headers: { cookie: `token=${badTokens['expired']}` } });
      expect(response.status).toBe(401);
    }
  });

  it('an unknown API path answers 401 to a caller who is not signed in, 404 to one who is', async () => {
    expect((await server.request('GET', '/api/v1/no-such-call')).status).toBe(401);
    const token = await server.login('maria.santos');
    expect((await server.request('GET', '/api/v1/no-such-call', { token })).status).toBe(404);
  });

  it('the change-password call says 401, not a password rule, to a caller with no valid token', async () => {
    for (const token of Object.values(badTokens)) {
      const response = await server.request<{ message: string }>('POST', '/api/v1/accounts/change-password', { token, json: {} });
      expect(response.status).toBe(401);
      expect(response.body.message).not.toMatch(/password/i);
    }
  });

  /** Sends the headers and the first bytes of a body, never the rest; resolves the status. */
  const statusOfUnfinishedUpload = (path: string, contentType: string, contentLength: number) => {
    const { hostname, port } = new URL(server.baseUrl);
    return new Promise<number | 'no answer'>((resolve, reject) => {
      const outgoing = httpRequest(
        { hostname, port, method: 'POST', path, headers: { 'content-type': contentType, 'content-length': String(contentLength) } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          outgoing.destroy();
        },
      );
      const timer = setTimeout(() => {
        resolve('no answer');
        outgoing.destroy();
      }, 3000);
      outgoing.on('close', () => clearTimeout(timer));
      outgoing.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
      outgoing.write(contentType.startsWith('multipart') ? '--x\r\n' : '{"oldPassword":');
    });
  };

  it('answers 401 before reading the body: an upload announced and never finished', async () => {
    expect(await statusOfUnfinishedUpload('/api/v1/accounts/change-password', 'application/json', 100_000)).toBe(401);
    expect(await statusOfUnfinishedUpload('/api/v1/messages/4', 'multipart/form-data; boundary=x', 50 * 1024 * 1024)).toBe(401);
  });

  it('the live socket refuses every bad token at the handshake', async () => {
    for (const [kind, token] of Object.entries(badTokens)) {
      const socket = io(server.baseUrl, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
      const outcome = await new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', (error) => resolve(error.message));
      });
      socket.close();
      expect(outcome, `${kind} token`).toBe('unauthorized');
    }
  });
});
