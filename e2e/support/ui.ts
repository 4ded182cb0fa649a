/** The small language the browser tests speak. */
import { expect, type Browser, type Page } from '@playwright/test';

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

/** The rendered messages whose text contains `text`. */
export const messageItem = (page: Page, text: string | RegExp) => page.getByTestId('message-item').filter({ hasText: text });

/** A signed-in window of its own (a second person in the same test). */
export const signedInPage = async (browser: Browser, login: string, viewport = { width: 1440, height: 900 }) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAndWaitForHome(page, login);
  return page;
};

/** Runs `body` with a signed-in window for each login, and closes them all whatever happened. */
export const withPeople = async <T>(browser: Browser, logins: string[], body: (...pages: Page[]) => Promise<T>): Promise<T> => {
  const pages: Page[] = [];
  try {
    for (const login of logins) pages.push(await signedInPage(browser, login));
    return await body(...pages);
  } finally {
    for (const page of pages) await page.context().close();
  }
};

/** Opens a conversation from the sidebar under the Personal or Group toggle. */
export const openConversation = async (page: Page, filter: 'Personal' | 'Group', name: string) => {
  await page.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
  await page.getByTestId('conversation-item').filter({ hasText: name }).click();
  await expect(page.getByRole('region', { name: `Conversation ${name}` })).toBeVisible();
};

/**
 * Types `typed` into the composer, checks the mention picker offers `name`, and picks it with
 * Enter: the picker closes and the composer holds `expected` (the name between @@ markers).
 */
export const pickMention = async (page: Page, typed: string, name: string, expected: string) => {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.pressSequentially(typed);
  const picker = page.getByRole('listbox', { name: 'Mention someone' });
  await expect(picker.getByRole('option', { name })).toBeVisible();
  await input.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(input).toHaveValue(expected);
  return input;
};
