import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectUnderTest, startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'ichat-web-'));
  await mkdir(path.join(webDir, 'static'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Internal Chat</title><div id="root"></div>');
  await writeFile(path.join(webDir, 'static', 'app-Bv7aeWBw.js'), 'console.log(1)');
  server = await startTestServer({
    env: { APP_VERSION: '2.3.4', MOBILE_VERSION: '1.9.0', ANDROID_APP_URL: 'https://files.example/android/{version}/app.apk', WEB_DIST_DIR: webDir },
  });
});
afterAll(async () => {
  await server.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('GET /api/v1/version', () => {
  it('reports the configured versions without a token', async () => {
    const response = await server.request('GET', '/api/v1/version');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      APP_VERSION: '2.3.4',
      MOBILE_VERSION: '1.9.0',
      ANDROID_APP_URL: 'https://files.example/android/{version}/app.apk',
      IOS_APP_URL: '/downloads/ios/',
    });
  });
});

describe('health and readiness', () => {
  it('answers /healthz and /readyz with the database in use', async () => {
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.request('GET', '/readyz')).body).toEqual({ status: 'ok', database: dialectUnderTest });
  });

  it('reports 503 on /readyz once the database is gone', async () => {
    const doomed = await startTestServer({ seed: false });
    try {
      await doomed.database.close();
      const response = await doomed.request('GET', '/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'unavailable', database: dialectUnderTest });
    } finally {
      await doomed.close();
    }
  });
});

describe('the envelope and the page', () => {
  it('answers unknown API paths and methods with the failure envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['DELETE', '/api/v1/accounts/me'],
      ['POST', '/assets/images-data/whatever.png'],
      ['GET', '/assets/images-data/not-a-generated-name.png'],
    ] as const) {
      const response = await server.request(method, url, { headers: { cookie: 'token=x' } });
      expect([401, 404]).toContain(response.status);
      expect(response.body['success']).toBe(false);
      expect(typeof response.body['message']).toBe('string');
    }
  });

  it('serves the web client for page routes and hashed bundles from /static', async () => {
    for (const url of ['/', '/login', '/profile', '/conversations/12', '/requests?p=view-requests', '/anything/else']) {
      const page = await fetch(`${server.baseUrl}${url}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>Internal Chat</title>');
    }
    const bundle = await fetch(`${server.baseUrl}/static/app-Bv7aeWBw.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.baseUrl}/static/missing.js`)).status).toBe(404);
  });

  it('offers app packages placed in DATA_DIR/downloads, and otherwise a 404 with the web page that says so', async () => {
    const folder = path.join(server.config.dataDir, 'downloads', 'android', '1.9.0');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'app.apk'), 'PK-apk-bytes');
    const apk = await fetch(`${server.baseUrl}/downloads/android/1.9.0/app.apk`);
    expect(apk.status).toBe(200);
    expect(apk.headers.get('content-disposition')).toBe('attachment');
    expect(await apk.text()).toBe('PK-apk-bytes');
    // No package yet: a 404, with the web client's page that says the app is not available.
    for (const url of ['/downloads/ios/', '/downloads/android/2.0.0/internal-chat.apk']) {
      const missing = await fetch(`${server.baseUrl}${url}`);
      expect(missing.status, url).toBe(404);
      expect(missing.headers.get('content-type')).toContain('text/html');
      expect(await missing.text()).toContain('<div id="root">');
    }
    await writeFile(path.join(server.config.dataDir, 'private.txt'), 'not-for-download');
    for (const escape of ['..%2Fprivate.txt', '%2e%2e/private.txt', '..%5Cprivate.txt']) {
      const response = await fetch(`${server.baseUrl}/downloads/${escape}`);
      expect(await response.text()).not.toContain('not-for-download');
    }
  });

  it('sends security headers without forcing https on the office network', async () => {
    const page = await fetch(`${server.baseUrl}/login`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    // API answers and refusals carry them too (the headers are set before any route runs).
    const refused = await fetch(`${server.baseUrl}/api/v1/conversations`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('publishes OpenAPI generated from the shared schemas at /docs', async () => {
    const ui = await fetch(`${server.baseUrl}/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    const spec = await server.request<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      'GET',
      '/docs/json',
    );
    expect(spec.body.openapi).toMatch(/^3\./);
    for (const route of ['/api/v1/version', '/api/v1/accounts/login', '/api/v1/accounts/me', '/api/v1/accounts/register', '/api/v1/accounts/change-password', '/api/v1/tokens/verify', '/api/v1/admin/users', '/api/v3/conversations', '/api/v2/conversations/{id}', '/api/v1/messages/{conversationId}/{messageId}', '/api/v1/conversation-member/{conversationId}/{userId}', '/api/v1/direct-message']) {
      expect(Object.keys(spec.body.paths)).toContain(route);
    }
    expect(JSON.stringify(spec.body.paths['/api/v1/accounts/login']?.['post']?.requestBody)).toContain('rememberMe');
  });

  it('sends the documentation page’s old address to the page, with or without a query (no redirect loop)', async () => {
    const oldAddress = ['', 'docs', 'static', 'index.html'].join('/');
    for (const url of [oldAddress, `${oldAddress}?before=true`, `${oldAddress}?a=1&b=%22`]) {
      const once = await fetch(`${server.baseUrl}${url}`, { redirect: 'manual' });
      expect(once.status, url).toBe(302);
      expect(once.headers.get('location'), url).toBe('/docs/');
      expect((await fetch(`${server.baseUrl}${url}`)).status, url).toBe(200);
    }
  });
});
