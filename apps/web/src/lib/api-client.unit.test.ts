import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isNoResponse, NO_RESPONSE } from './api-client';
import { setSessionEndedListener } from './session';

const echoSchema = { parse: (input: unknown) => input as { success: true; value: number } };

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
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
    await expect(apiRequest('/api/v1/x', { method: 'POST', body: { a: 1 }, schema: echoSchema })).resolves.toEqual({
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
    const error = await apiRequest('/api/v1/x', { schema: echoSchema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Your current password is incorrect.' });
  });

  it('ends the session on a 401 of a session call, and only then', async () => {
    const listener = vi.fn();
    setSessionEndedListener(listener);

    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Invalid credentials.' }));
    await expect(apiRequest('/api/v1/accounts/login', { schema: echoSchema, isSessionCall: false })).rejects.toThrow(
      'Invalid credentials.',
    );
    expect(listener).not.toHaveBeenCalled();
    expect(cookie).toBe('token=tok-123');

    fetchMock.mockResolvedValue(jsonResponse(401, { success: false, message: 'Your session has ended.' }));
    await expect(apiRequest('/api/v1/accounts/me', { schema: echoSchema })).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith('revoked');
    expect(cookie).toBe('');
  });

  it('reports a network failure as "no response"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiRequest('/api/v1/version', { schema: echoSchema }).catch((caught: unknown) => caught);
    expect(isNoResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: NO_RESPONSE });
  });

  it('fails when a 200 answer does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true }));
    const strictSchema = {
      parse: (input: unknown) => {
        if (typeof (input as { value?: unknown }).value !== 'number') throw new Error('value missing');
        return input;
      },
    };
    await expect(apiRequest('/api/v1/version', { schema: strictSchema })).rejects.toBeInstanceOf(ApiError);
  });

  it('treats a non-JSON error page as a failure with a generic message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/v1/version', { schema: echoSchema })).rejects.toMatchObject({ status: 502 });
  });
});
