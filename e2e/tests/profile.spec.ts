import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { expect, test } from '../support/test.js';
import { openAccountMenu, signInAndWaitForHome } from '../support/ui.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'photo.png');

test('the profile shows read-only details and saves a new display name and photo', async ({ page }) => {
  await signInAndWaitForHome(page, 'paolo.villanueva@demo.local');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await expect(page.getByText('Personal Information')).toBeVisible();
  await expect(page.getByText('Contact support for information updates.')).toBeVisible();
  for (const [label, value] of [
    ['First Name', 'Paolo'],
    ['Last Name', 'Villanueva'],
    ['Email Address', 'paolo.villanueva@demo.local'],
    ['Department', 'Warehouse / Supply Chain'],
    ['Username', 'paolo.villanueva'],
  ] as const) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(page.getByLabel(label, { exact: true })).not.toBeEditable();
  }
  await expect(page.getByLabel('User ID', { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('Admin Access', { exact: true })).toHaveValue('No');
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');

  // Change Password is hidden while on the profile screen.
  const profileMenu = await openAccountMenu(page);
  await expect(profileMenu.getByRole('menuitem', { name: 'Change Password' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByLabel('Display Name').fill('Paolo V.');
  await page.locator('input[type="file"]').setInputFiles(photo);
  await page.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByText('User details updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Paolo V.');
  const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /\/assets\/images-data\/[0-9a-f-]{36}\.webp$/);
  // The stored photo really loads (the page sends the token cookie with the image request).
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Paolo V.');
});

test('a refused photo is said at the form with the server’s reason, not as a failure (issue 17)', async ({ page }) => {
  await signInAndWaitForHome(page, 'jose.garcia@demo.local');
  await page.goto('/profile');
  await page.locator('input[type="file"]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await page.getByRole('button', { name: 'Submit Changes' }).click();
  await expect(page.getByRole('alert')).toContainText('The profile photo must be a JPEG, PNG, WebP or GIF image.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
});
