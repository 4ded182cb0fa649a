/**
 * The live socket (000 §4, §7): two people in the Sales Team group see each other type, a sent
 * message reaches the other window within a second of the send's answer, seen receipts
 * travel back, and presence turns to offline when a person's window closes.
 */
import type { Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { messageItem, openConversation, signInAndWaitForHome, signedInPage, withPeople } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const GROUP = 'Sales Team';

test('typing, a new message within a second, and seen receipts between two windows', async ({ browser }) => {
  await withPeople(browser, ['maria.santos@demo.local', 'juan.delacruz@demo.local'], async (maria, juan) => {
    await openConversation(maria, 'Group', GROUP);
    await openConversation(juan, 'Group', GROUP);

    // Both windows join the room on their own time: Juan keeps typing until Maria sees it.
    const input = juan.getByRole('textbox', { name: 'Message' });
    const indicator = maria.getByTestId('typing-indicator');
    await expect(async () => {
      await input.pressSequentially('Quota ', { delay: 30 });
      await expect(indicator).toHaveText('Juan Dela Cruz is typing…', { timeout: 1_500 });
    }).toPass({ timeout: 15_000 });
    // It goes away about a second after the last keystroke.
    await expect(indicator).toHaveCount(0, { timeout: 3_000 });

    const text = `Live check ${Date.now()}: the quota review moved to 10 AM.`;
    await input.fill(text);
    const sent = juan.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/v1\/messages\/\d+$/.test(response.url()),
    );
    await input.press('Enter');
    expect((await sent).ok()).toBe(true);
    await expect(messageItem(maria, text)).toBeVisible({ timeout: 1_000 });
    // Once in each window.
    await expect(messageItem(maria, text)).toHaveCount(1);
    await expect(messageItem(juan, text)).toHaveCount(1);

    // Maria's window was visible, so she sent a seen receipt: Juan sees her name, she sees 'You'.
    await expect(messageItem(juan, text).getByTestId('seen-by')).toContainText('Maria Santos');
    await expect(messageItem(maria, text).getByTestId('seen-by')).toContainText('You');
    await expect(messageItem(juan, text).getByTestId('seen-by')).not.toContainText('Juan Dela Cruz');
  });
});

test('presence: Maria shows online to Juan, then offline with a last-online time once her window closes', async ({ browser }) => {
  const maria = await signedInPage(browser, 'maria.santos@demo.local');
  const juan = await signedInPage(browser, 'juan.delacruz@demo.local');
  try {
    await openConversation(juan, 'Personal', 'Maria Santos');
    const headerPresence = juan.getByTestId('peer-presence');
    const listPresence = juan.getByTestId('conversation-item').filter({ hasText: 'Maria Santos' }).getByTestId('presence');
    await expect(headerPresence).toHaveText('Online');
    await expect(listPresence).toHaveAttribute('data-online', 'true');

    await maria.context().close();
    // Changes go out in batches every 2 s.
    await expect(headerPresence).toHaveText(/^Last online (just now|\d+m ago)$/, { timeout: 6_000 });
    await expect(listPresence).toHaveAttribute('data-online', 'false');
    await expect(listPresence).toHaveAttribute('aria-label', /^Last online/);
  } finally {
    await juan.context().close();
  }
});

/** Lets a test cut one window's live socket (both transports) and let it come back. */
const cuttableSocket = async (page: Page) => {
  let isCut = false;
  const open: WebSocketRoute[] = [];
  await page.route('**/socket.io/**', (route) => (isCut ? route.abort('internetdisconnected') : route.continue()));
  await page.routeWebSocket('**/socket.io/**', (ws) => {
    if (isCut) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  return {
    cut: async () => {
      isCut = true;
      for (const ws of open.splice(0)) await ws.close();
    },
    restore: () => {
      isCut = false;
    },
  };
};

test('after a reconnect the messages missed meanwhile appear once each', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const maria = await context.newPage();
  const socket = await cuttableSocket(maria);
  await signInAndWaitForHome(maria, 'maria.santos@demo.local');
  const juan = await signedInPage(browser, 'juan.delacruz@demo.local');
  try {
    await openConversation(maria, 'Group', GROUP);
    await openConversation(juan, 'Group', GROUP);
    const input = juan.getByRole('textbox', { name: 'Message' });
    const first = `Before the cut ${Date.now()}`;
    await expect(async () => {
      await input.fill(first);
      await input.press('Enter');
      await expect(messageItem(maria, first)).toBeVisible({ timeout: 1_500 });
    }).toPass({ timeout: 15_000 });

    await socket.cut();
    const missed = [`Missed one ${Date.now()}`, `Missed two ${Date.now()}`];
    for (const text of missed) {
      await input.fill(text);
      await input.press('Enter');
      await expect(messageItem(juan, text)).toBeVisible();
    }
    await maria.waitForTimeout(1_500);
    await expect(messageItem(maria, missed[0]!)).toHaveCount(0);

    socket.restore();
    for (const text of missed) await expect(messageItem(maria, text)).toHaveCount(1, { timeout: 10_000 });
    await expect(messageItem(maria, first)).toHaveCount(1);
  } finally {
    await context.close();
    await juan.context().close();
  }
});

test('a new unread message flashes the title and shows the browser notification, but not on a phone', async ({ browser, request }) => {
  // Record each Notification the page creates; the browser's own constructor still runs.
  const recordNotifications = () => {
    const Real = window.Notification;
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    window.Notification = new Proxy(Real, {
      construct(target, args: [string, NotificationOptions?]) {
        shown.push(args[0]);
        return new target(...args);
      },
    });
  };
  const open = async (viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport, permissions: ['notifications'] });
    await context.addInitScript(recordNotifications);
    const page = await context.newPage();
    await signInAndWaitForHome(page, 'ana.reyes@demo.local');
    await page.getByRole('button', { name: /^Personal/ }).click();
    await expect(page.getByTestId('presence').first()).toBeVisible();
    return page;
  };
  const desktop = await open({ width: 1440, height: 900 });
  const phone = await open({ width: 390, height: 844 });
  try {
    const juanLogin = await request.post('/api/v1/accounts/login', { data: { username: 'juan.delacruz', password: 'demo1234' } });
    const juanToken = ((await juanLogin.json()) as { token: string }).token;
    const users = await request.get('/api/v1/users', { headers: { authorization: `Bearer ${juanToken}` } });
    const ana = ((await users.json()) as { users: { id: number; display_name: string }[] }).users.find((u) => u.display_name === 'Ana Reyes')!;
    const dm = await request.post('/api/v1/direct-message', {
      headers: { authorization: `Bearer ${juanToken}` },
      data: { recipients: [ana.id], message: 'Ana, please check the cement invoice.' },
    });
    expect(dm.ok()).toBe(true);

    // The title alternates with '(N) New Messages' every 2 s.
    await expect(desktop).toHaveTitle(/^\(\d+\) New Messages$/, { timeout: 6_000 });
    await expect(desktop).not.toHaveTitle(/New Messages/, { timeout: 4_000 });
    await expect(phone).toHaveTitle(/^\(\d+\) New Messages$/, { timeout: 6_000 });
    const shownOn = (page: Page) => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);
    await expect.poll(() => shownOn(desktop)).toEqual(['You have unread messages']);
    expect(await shownOn(phone)).toEqual([]);
  } finally {
    await desktop.context().close();
    await phone.context().close();
  }
});

test('a session ended elsewhere sends the open page to /login through the socket', async ({ page, request }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
  // Presence shows once the socket has announced Maria; only then is the socket certainly up.
  await page.getByRole('button', { name: /^Personal/ }).click();
  await expect(page.getByTestId('presence').first()).toBeVisible();
  const logout = await request.post('/api/v1/accounts/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(logout.ok()).toBe(true);
  // No navigation and no call from the page: the server's `logout` event ends it.
  await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
});
