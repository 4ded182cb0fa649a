import { expect, test } from '../support/test.js';
import { signInAndWaitForHome } from '../support/ui.js';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('login, header and profile fit a phone without sideways scrolling', async ({ page }) => {
  const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login to Your Account' })).toBeVisible();
  expect(await fitsWidth()).toBe(true);

  await signInAndWaitForHome(page, 'grace.tan@demo.local');
  expect(await fitsWidth()).toBe(true);
  await expect(page.getByTestId('logo-small')).toBeVisible();
  await expect(page.getByTestId('logo-full')).toBeHidden();

  await page.goto('/profile');
  await expect(page.getByText('Personal Information')).toBeVisible();
  expect(await fitsWidth()).toBe(true);
});

test('the desktop header shows the full logo', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAndWaitForHome(page, 'grace.tan@demo.local');
  await expect(page.getByTestId('logo-full')).toBeVisible();
  await expect(page.getByTestId('logo-small')).toBeHidden();
  await context.close();
});
