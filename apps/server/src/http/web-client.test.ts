import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent: not decoded. */
  body: Buffer;
}

/** A GET whose answer is read as it came over the wire (fetch would decode it). */
const rawGet = (url: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });

const decode = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
};

// A bundle as Vite names it, with the .br and .gz copies the build makes; a service worker
// and a manifest as the installable app adds them (no hash in their names).
const BUNDLE = `const greeting = ${JSON.stringify('hello '.repeat(800))};\nconsole.log(greeting);\n`;
const BUNDLE_BR = zlib.brotliCompressSync(BUNDLE);
const BUNDLE_GZ = zlib.gzipSync(BUNDLE);
const PAGE = '<!doctype html><title>Internal Chat</title><div id="root"></div>';

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'ichat-web-'));
  await mkdir(path.join(webDir, 'static'));
  await writeFile(path.join(webDir, 'index.html'), PAGE);
  await writeFile(path.join(webDir, 'static', 'main-Bv7aeWBw.js'), BUNDLE);
  await writeFile(path.join(webDir, 'static', 'main-Bv7aeWBw.js.br'), BUNDLE_BR);
  await writeFile(path.join(webDir, 'static', 'main-Bv7aeWBw.js.gz'), BUNDLE_GZ);
  await writeFile(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(webDir, 'manifest.webmanifest'), '{"name":"Internal Chat"}');
  server = await startTestServer({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await server.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the web client over the wire', () => {
  it('sends the build’s own .br or .gz copy of a bundle, as the browser accepts, and the plain file otherwise', async () => {
    const bundle = `${server.baseUrl}/static/main-Bv7aeWBw.js`;
    const brotli = await rawGet(bundle, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.equals(BUNDLE_BR)).toBe(true);
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['vary']).toMatch(/accept-encoding/i);

    const gzip = await rawGet(bundle, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(BUNDLE_GZ)).toBe(true);

    const plain = await rawGet(bundle, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
  });

  it('caches hashed files for a year and has every other file checked on each use', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const bundle = await rawGet(`${server.baseUrl}/static/main-Bv7aeWBw.js`, { 'accept-encoding': encoding });
      expect(bundle.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html', '/', '/login', '/conversations/3']) {
      const answer = await rawGet(`${server.baseUrl}${url}`, { 'accept-encoding': 'br' });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('keeps the security headers on compressed copies and on the page', async () => {
    for (const url of ['/static/main-Bv7aeWBw.js', '/requests?p=view-requests']) {
      const answer = await rawGet(`${server.baseUrl}${url}`, { 'accept-encoding': 'br' });
      expect(answer.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('compresses JSON answers over 1 KB with brotli or gzip, and leaves small ones as they are', async () => {
    // Every staff account: about 2 KB with the demo data.
    const token = await server.login('admin@demo.local');
    const authorization = `Bearer ${token}`;
    const plain = await rawGet(`${server.baseUrl}/api/v1/admin/users`, { authorization });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(`${server.baseUrl}/api/v1/admin/users`, { authorization, 'accept-encoding': encoding });
      expect(answer.headers['content-encoding'], encoding).toBe(encoding);
      expect(answer.body.length, encoding).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(answer)), encoding).toEqual(JSON.parse(plain.body.toString()));
    }
    const small = await rawGet(`${server.baseUrl}/api/v1/version`, { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
