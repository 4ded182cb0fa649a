import { expect, test } from '../support/test.js';
import { DEMO_PASSWORD, openAccountMenu, signIn, signInAndWaitForHome } from '../support/ui.js';

test('change password: validation texts, the server’s refusal inline, then success', async ({ page, request }) => {
  await signInAndWaitForHome(page, 'liza.mendoza@demo.local');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog');
  // The rule for a new password is there before any try (issue 17).
  await expect(dialog.getByLabel('New Password')).toHaveAccessibleDescription('At least 8 characters.');

  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Please fill out the inputs!')).toBeVisible();

  await dialog.getByLabel('Old Password').fill(DEMO_PASSWORD);
  await dialog.getByLabel('New Password').fill('brand-new-secret');
  await dialog.getByLabel('Confirm Password').fill('brand-new-secreX');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText("New Password & Confirm Password don't matched!")).toBeVisible();

  await dialog.getByLabel('Old Password').fill('wrong-old-password');
  await dialog.getByLabel('Confirm Password').fill('brand-new-secret');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Your current password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Old Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  const success = page.getByRole('dialog').filter({ hasText: 'Success' });
  await expect(success).toContainText('Your password has been changed.');
  await success.getByRole('button', { name: 'OK' }).click();

  // This tab keeps working with the token the change returned.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const oldLogin = await request.post('/api/v1/accounts/login', { data: { username: 'liza.mendoza', password: DEMO_PASSWORD } });
  expect(oldLogin.status()).toBe(401);
  await page.context().clearCookies();
  await signIn(page, 'liza.mendoza', 'brand-new-secret');
  await expect(page).toHaveURL(/\/$/);
});
