import { defineRoute, routes } from '@ichat/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, callApi, fileNameOf, isNoResponse, NO_RESPONSE, routeUrl } from './api-client';
import { setSessionEndedListener } from './session';

/** Calls of the route table's shape, answering {success, value}. */
const echoResponse = z.object({ success: z.literal(true), value: z.number().optional() });
const getEcho = (path: string) => defineRoute({ method: 'GET', path, tags: [], summary: 'test', response: echoResponse });
const postEcho = defineRoute({
  method: 'POST',
  path: '/api/v1/x',
  tags: [],
  summary: 'test',
  body: z.object({ a: z.number() }),
  response: echoResponse,
});
const strictEcho = defineRoute({
  method: 'GET',
  path: '/api/v1/version',
  tags: [],
  summary: 'test',
  response: z.object({ success: z.literal(true), value: z.number() }),
});

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('callApi', () => {
  let cookie: string;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    cookie = 'token=tok-123';
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        // An expired cookie is the browser's delete.
        if (value.startsWith('token=;')) cookie = '';
      },
    });
    vi.stubGlobal('window', { location: { protocol: 'http:' } });
    vi.stubGlobal('localStorage', { removeItem: vi.fn(), getItem: vi.fn(), setItem: vi.fn() });
  });

  afterEach(() => {
    fetchMock.mockReset();
    setSessionEndedListener(null);
    vi.unstubAllGlobals();
  });

  it('sends the token cookie as a bearer header and JSON bodies as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, value: 1 }));
    await expect(callApi(postEcho, { body: { a: 1 } })).resolves.toEqual({
      success: true,
      value: 1,
    });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(path).toBe('/api/v1/x');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it("throws the server's message and status on a failure body", async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { success: false, message: 'Your current password is incorrect.' }));
    const error = await callApi(getEcho('/api/v1/x')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Your current password is incorrect.' });
  });

  it('ends the session on a 401 of a session call, and only then', async () => {
    const listener = vi.fn();
    setSessionEndedListener(listener);

    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Invalid credentials.' }));
    await expect(callApi(getEcho('/api/v1/accounts/login'), { isSessionCall: false })).rejects.toThrow(
      'Invalid credentials.',
    );
    expect(listener).not.toHaveBeenCalled();
    expect(cookie).toBe('token=tok-123');

    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Your session has ended.' }));
    await expect(callApi(getEcho('/api/v1/accounts/me'))).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('revoked');
    expect(cookie).toBe('');
  });

  it('reports a network failure as "no response"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await callApi(getEcho('/api/v1/version')).catch((caught: unknown) => caught);
    expect(isNoResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: NO_RESPONSE });
  });

  it('fails when a 200 answer does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    await expect(callApi(strictEcho)).rejects.toBeInstanceOf(ApiError);
  });

  it('treats a non-JSON error page as a failure with a generic message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(callApi(getEcho('/api/v1/version'))).rejects.toMatchObject({ status: 502 });
  });

  it('builds each path from the route table, its parameters encoded', () => {
    expect(routeUrl(routes.chat.messages, { conversationId: 4 }, { limit: 30, before: undefined })).toBe('/api/v1/messages/4?limit=30');
    expect(routeUrl(routes.assets.image, { name: 'a b/c.webp' })).toBe('/assets/images-data/a%20b%2Fc.webp');
    expect(routeUrl(routes.requests.history, undefined, { query: 'EPR-2026 & co' })).toBe('/api/v1/forms/me/requests/history?query=EPR-2026%20%26%20co');
  });
});

describe('fileNameOf', () => {
  it('takes the encoded name first, then the quoted one, else the fallback', () => {
    expect(fileNameOf(`attachment; filename="users.csv"; filename*=UTF-8''users%20%E2%80%93%20Nov.csv`, 'x.csv')).toBe('users – Nov.csv');
    expect(fileNameOf('attachment; filename="requests-2026-11-25.csv"', 'x.csv')).toBe('requests-2026-11-25.csv');
    expect(fileNameOf('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
