/** The small language the browser tests speak. */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const signIn = async (page: Page, login: string, password = DEMO_PASSWORD, options: { rememberMe?: boolean } = {}) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.rememberMe) await page.getByRole('checkbox', { name: 'Remember Me' }).check();
  await page.getByRole('button', { name: 'Log In' }).click();
};

export const signInAndWaitForHome = async (page: Page, login: string, password = DEMO_PASSWORD) => {
  await signIn(page, login, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
};

export const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
};

export const tokenCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'token');
