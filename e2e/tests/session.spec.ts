import { expect, test } from '../support/test.js';
import { openAccountMenu, signInAndWaitForHome, tokenCookie } from '../support/ui.js';

test('logout clears the token cookie and stored user, ends the session on the server and goes to /login', async ({ page, request }) => {
  await signInAndWaitForHome(page, 'juan.delacruz@demo.local');
  const token = (await tokenCookie(page))?.value;
  expect(token).toBeTruthy();

  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'My Requests' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await tokenCookie(page)).toBeUndefined();
  expect(await page.evaluate(() => Object.values(localStorage).join(' '))).not.toContain('Juan');
  // The old token is revoked on the server, not only forgotten by the page.
  const me = await request.get('/api/v1/accounts/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session revoked elsewhere sends the page back to /login', async ({ page, request }) => {
  await signInAndWaitForHome(page, 'carmen.flores@demo.local');
  const token = (await tokenCookie(page))?.value;
  await request.post('/api/v1/accounts/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('My Requests in the menu opens the requests area address', async ({ page }) => {
  await signInAndWaitForHome(page, 'grace.tan@demo.local');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'My Requests' }).click();
  await expect(page).toHaveURL(/\/requests\?p=view-requests$/);
});

test('the logo returns home', async ({ page }) => {
  await signInAndWaitForHome(page, 'grace.tan@demo.local');
  await page.goto('/profile');
  await page.getByRole('link', { name: /Internal Chat home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
