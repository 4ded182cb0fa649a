/**
 * The installable app (issue 19): the manifest passes Chromium's own installability check with
 * the service worker controlling the page, and with the server stopped the app shows its
 * offline screen, both in an open window and for a page opened while it is down, never a
 * browser error page; when the server is back, "Try again" returns to the app.
 */
import { TEXT } from '@ichat/shared';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startOwnServer } from '../support/own-server.js';
import { expect, test } from '../support/test.js';
import { signIn } from '../support/ui.js';

/** Waits until the service worker is active and controls the page. */
const controlledByServiceWorker = async (page: Page) => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker claims open pages when it activates.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
};

test('the manifest passes Chromium’s installability check, with the service worker in control', async ({ baseURL }, testInfo) => {
  // Test contexts are incognito, where Chromium installs nothing: a profile of its own on disk.
  const profile = mkdtempSync(path.join(tmpdir(), 'ichat-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await controlledByServiceWorker(page);
    await checkInstallability(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

const checkInstallability = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({ name: TEXT.appTitle, short_name: TEXT.appShortName, start_url: '/', display: 'standalone', theme_color: '#1565c0' });
  expect(data['icons']).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
  );
  // Every icon the manifest names is served.
  for (const icon of data['icons'] as { src: string }[]) expect((await page.request.get(icon.src)).status()).toBe(200);
};

test('with the server stopped the app shows its offline screen, also for a page opened meanwhile', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startOwnServer();
  const context = await browser.newContext({ baseURL: server.origin });
  try {
    const page = await context.newPage();
    await signIn(page, 'maria.santos@demo.local');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await controlledByServiceWorker(page);

    await server.stop();
    const offline = page.getByRole('alertdialog', { name: TEXT.offlineHeading });
    await expect(offline).toBeVisible({ timeout: 15_000 });
    await expect(offline.getByRole('button', { name: TEXT.offlineRetry })).toBeVisible();

    // A page opened while the server is down: the cached app shell, then the same screen.
    await page.goto('/requests');
    await expect(page.getByRole('alertdialog', { name: TEXT.offlineHeading })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.offlineRetry })).toBeVisible();

    await server.start();
    await page.getByRole('button', { name: TEXT.offlineRetry }).click();
    await expect(page.getByRole('alertdialog', { name: TEXT.offlineHeading })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  } finally {
    await context.close();
    await server.dispose();
  }
});
