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
