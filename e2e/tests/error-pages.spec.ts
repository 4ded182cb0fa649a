import { expect, test } from '../support/test.js';

for (const [path, title] of [
  ['/not-found', 'Page Not Found'],
  ['/a/page/that/does/not/exist', 'Page Not Found'],
  ['/error', 'Internal Server Error'],
] as const) {
  test(`${path} shows "${title}", counts down from 10 and goes home`, async ({ page }) => {
    await page.clock.install();
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(/10 seconds/)).toBeVisible();
    await page.clock.runFor(3_000);
    await expect(page.getByText(/7 seconds/)).toBeVisible();
    await page.clock.runFor(8_000);
    // Home is /, which sends a signed-out visitor on to /login.
    await expect(page).toHaveURL(/\/(login)?$/);
  });
}

test('Go Back Home leaves at once', async ({ page }) => {
  await page.goto('/not-found');
  await page.getByRole('button', { name: 'Go Back Home' }).or(page.getByRole('link', { name: 'Go Back Home' })).click();
  await expect(page).toHaveURL(/\/(login)?$/);
});

test('Download for Android without an app package says the app is not available yet', async ({ page }) => {
  await page.goto('/login');
  const answer = page.waitForResponse((response) => response.url().includes('/downloads/android/'));
  await page.getByRole('link', { name: 'Download for Android' }).click();
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'The app is not available yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Open Internal Chat' }).click();
  await expect(page).toHaveURL(/\/(login)?$/);
});
