import { expect, test } from '../support/test.js';
import { signIn, signInAndWaitForHome, tokenCookie } from '../support/ui.js';

test.describe('login page', () => {
  test('shows the document’s fields, version and app downloads', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Internal Chat');
    await expect(page.getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeEnabled();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('checkbox', { name: 'Remember Me' })).not.toBeChecked();
    await expect(page.getByText('1.0.0-e2e')).toBeVisible();
    // The Android folder follows the mobile version the server reports.
    await expect(page.getByRole('link', { name: /Android/ })).toHaveAttribute('href', '/downloads/android/2.4.0/internal-chat.apk');
    await expect(page.getByRole('link', { name: /iOS/ })).toHaveAttribute('href', '/downloads/ios/');
  });

  test('blank fields say so without calling the server', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/accounts/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Email Address & Password cannot be blank.')).toBeVisible();
    await page.getByLabel('Email Address').fill('maria.santos@demo.local');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Email Address & Password cannot be blank.')).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('a wrong password shows the server’s message in an error box', async ({ page }) => {
    await signIn(page, 'maria.santos@demo.local', 'not-my-password');
    await expect(page.getByRole('alert')).toContainText('Invalid email address, username or password.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await tokenCookie(page)).toBeUndefined();
  });

  test('the maintenance state disables the form when the version check fails', async ({ page }) => {
    await page.route('**/api/v1/version', (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/login');
    await expect(page.getByText('Server is under maintenance. Please try again later.')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeDisabled();
    await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
  });

  test('signs in with email or username, stores the session and opens the home screen', async ({ page }) => {
    await signInAndWaitForHome(page, 'Maria.Santos');
    const cookie = await tokenCookie(page);
    expect(cookie?.value).toMatch(/^ey/);
    // Without Remember Me the cookie lasts the 2-hour token lifetime.
    const hoursLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1.9);
    expect(hoursLeft).toBeLessThan(2.1);
    const stored = await page.evaluate(() => Object.values(localStorage).join(' '));
    expect(stored).toContain('Maria Santos');
    await expect(page.getByText('Chat', { exact: true })).toBeVisible();
    // Visiting the login page while signed in goes home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Remember Me keeps the session cookie for 7 days', async ({ page }) => {
    await signIn(page, 'ana.reyes@demo.local', undefined, { rememberMe: true });
    await expect(page).toHaveURL(/\/$/);
    const daysLeft = (((await tokenCookie(page))?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
    expect(daysLeft).toBeLessThan(7.1);
  });
});

test.describe('signed-out visits', () => {
  for (const path of ['/', '/profile']) {
    test(`${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});
