/**
 * How the web client reaches the browser (issue 18, target 4): compressed, cached by its
 * hashed names, and split by route. Checked as a client, from what the page downloads; the
 * long conversation's virtualised list is chat.spec.ts's ("a conversation of 10 000 messages").
 * No timings here: those are bench/parts/web.mjs's.
 */
import http from 'node:http';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { signIn } from '../support/ui.js';

const KB = 1024;

/**
 * /login's JavaScript at gzip size: the target. /login downloads React DOM with its
 * router, the query cache, zod with the account and system calls, and its own page drawn
 * without MUI (bench/RESULTS.md, "Web client"); before splitting it downloaded every
 * screen, 431 KB, and with MUI 247 KB.
 */
const LOGIN_JS_GZIP_BUDGET = 150 * KB;

/** Chunks are named after the module they start from (Vite's default): each screen's own. */
const SCREEN_CHUNK = {
  login: /\/static\/login-page-[\w-]+\.js$/,
  chat: /\/static\/main-screen-[\w-]+\.js$/,
  requests: /\/static\/requests-page-[\w-]+\.js$/,
  signedIn: /\/static\/app-layout-[\w-]+\.js$/,
  admin: /\/static\/admin-area-[\w-]+\.js$/,
};

/** Every script the page fetches from now on. */
const collectScripts = (page: Page): Response[] => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return scripts;
};

/** The size of a GET's body as sent when the client accepts gzip only (not decoded). */
const gzipSize = (url: string): Promise<{ bytes: number; encoding: string | undefined }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
      })
      .on('error', reject);
  });

const urls = (scripts: Response[]) => scripts.map((response) => response.url());

test('/login downloads only its own code, brotli-compressed and cached for good; the page itself is checked on each use', async ({ page }) => {
  const scripts = collectScripts(page);
  const document = await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(document?.headers()['cache-control']).toBe('no-cache');
  expect(urls(scripts).some((url) => SCREEN_CHUNK.login.test(url))).toBe(true);
  for (const name of ['chat', 'requests', 'signedIn', 'admin'] as const) {
    expect(urls(scripts).filter((url) => SCREEN_CHUNK[name].test(url)), name).toEqual([]);
  }

  let gzipTotal = 0;
  for (const script of scripts) {
    const headers = await script.allHeaders();
    // Chromium accepts brotli: every bundle over 1 KB comes as the build's .br copy.
    const { responseBodySize } = await script.request().sizes();
    if (responseBodySize >= KB) expect(headers['content-encoding'], script.url()).toBe('br');
    expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    const gzip = await gzipSize(script.url());
    if (gzip.bytes >= KB) expect(gzip.encoding, script.url()).toBe('gzip');
    gzipTotal += gzip.bytes;
  }
  expect(gzipTotal).toBeGreaterThan(50 * KB);
  expect(gzipTotal).toBeLessThanOrEqual(LOGIN_JS_GZIP_BUDGET);
});

test('the chat screen loads no request-portal code; the portal’s comes when it is opened', async ({ page }) => {
  const scripts = collectScripts(page);
  await signIn(page, 'maria.santos@demo.local');
  await expect(page.getByTestId('conversation-item').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls(scripts).some((url) => SCREEN_CHUNK.chat.test(url))).toBe(true);
  expect(urls(scripts).filter((url) => SCREEN_CHUNK.requests.test(url))).toEqual([]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Requests/ }).click();
  await expect(page).toHaveURL(/\/requests/);
  await expect.poll(() => urls(scripts).filter((url) => SCREEN_CHUNK.requests.test(url)).length).toBe(1);
});
