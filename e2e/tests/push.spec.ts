/**
 * Web Push (issue 19), end to end through a stand-in push service (no real one is reachable
 * here; headless Chromium cannot subscribe with one): the test's push service decrypts what the
 * server sends with the keys a browser would hold, and checks the VAPID signature. A person's
 * subscription is stored through the API with their own session, their tab is closed, and then
 * a mention and a request to approve arrive as pushes naming who, a preview and where to go;
 * a mention in a conversation they set to "Nothing" does not. The profile's switch is tried for
 * real and says what happened.
 */
import { routePath, routes, TEXT } from '@ichat/shared';
import type { Browser, Page } from '@playwright/test';
import { startPushService, type StandInPushService } from '../../apps/server/src/test-support/push-service.js';
import { apiSignIn, createGroup, fileEpr, userIdsByName, type ApiCaller } from '../support/api.js';
import { waitUntilGone } from '../support/presence.js';
import { expect, test } from '../support/test.js';
import { openConversation, signedInPage, tokenCookie } from '../support/ui.js';

// Serial; and long enough to wait out a closed tab's heartbeat (e2e/support/presence.ts).
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let pushService: StandInPushService;

test.beforeAll(async ({ request }) => {
  const caller = await apiSignIn(request, 'maria.santos@demo.local');
  const response = await request.get(routePath(routes.push.publicKey), { headers: caller.headers });
  expect(response.ok()).toBe(true);
  const { public_key } = (await response.json()) as { public_key: string };
  pushService = await startPushService({ vapidPublicKey: public_key });
});

test.afterAll(async () => {
  expect(pushService.problems, 'requests a real push service would refuse').toEqual([]);
  await pushService.close();
});

/** Stores a stand-in subscription with the page's own session, as the page would. */
const subscribeThisBrowser = async (page: Page): Promise<string> => {
  const subscription = pushService.subscription();
  const token = (await tokenCookie(page))?.value;
  const response = await page.request.post(routePath(routes.push.subscribe), {
    headers: { authorization: `Bearer ${token}` },
    data: subscription.json,
  });
  expect(response.status()).toBe(201);
  return subscription.id;
};

/** A mention of `name` by the caller, as the composer sends it. */
const mention = async (caller: ApiCaller, conversationId: number, name: string, id: number, words: string) => {
  const response = await caller.request.post(routePath(routes.chat.sendMessage, { conversationId }), {
    headers: caller.headers,
    multipart: { data: JSON.stringify({ message: `@@${name}@@ ${words}`, mention_data: [{ id, name }] }) },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { message: { id: number } }).message.id;
};

/**
 * The person signs in, the browser's subscription is stored, and the tab closes; the server has
 * seen the tab go (its socket) before anything is sent to them.
 */
const signedInThenClosed = async (browser: Browser, observer: ApiCaller, person: { login: string; name: string }, whileOpen?: (page: Page) => Promise<void>) => {
  const page = await signedInPage(browser, person.login);
  const id = await subscribeThisBrowser(page);
  await whileOpen?.(page);
  const origin = new URL(page.url()).origin;
  await page.context().close();
  const userId = (await userIdsByName(observer)).get(person.name)!;
  await waitUntilGone(origin, observer.headers.authorization.replace('Bearer ', ''), userId);
  return id;
};

test('a mention arrives as a push with the tab closed, and nothing for a conversation set to Nothing', async ({ browser, request }) => {
  const maria = await apiSignIn(request, 'maria.santos@demo.local');
  const ids = await userIdsByName(maria);
  const juanId = ids.get('Juan Dela Cruz')!;
  const quietGroup = `Quiet yard ${Date.now()}`;
  const quietId = await createGroup(maria, quietGroup, ['Juan Dela Cruz']);
  const loudGroup = `Loud yard ${Date.now()}`;
  const loudId = await createGroup(maria, loudGroup, ['Juan Dela Cruz']);

  const juanBrowser = await signedInThenClosed(browser, maria, { login: 'juan.delacruz@demo.local', name: 'Juan Dela Cruz' }, async (juan) => {
    // Juan silences one group from its menu: Nothing.
    await openConversation(juan, 'Group', quietGroup);
    await juan.getByRole('button', { name: 'Conversation menu' }).click();
    await juan.getByRole('menuitem', { name: `${TEXT.notificationLevelMenu}: ${TEXT.notificationLevels.all}` }).click();
    const dialog = juan.getByRole('dialog', { name: TEXT.notificationLevelTitle });
    const saved = juan.waitForResponse((response) => response.url().endsWith(`/conversations/${quietId}/notification-level`));
    const nothing = dialog.getByRole('radio', { name: new RegExp(`^${TEXT.notificationLevels.nothing}`) });
    await nothing.click();
    expect((await saved).ok()).toBe(true);
    await expect(nothing).toBeChecked();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await juan.getByRole('button', { name: 'Conversation menu' }).click();
    await expect(juan.getByRole('menuitem', { name: `${TEXT.notificationLevelMenu}: ${TEXT.notificationLevels.nothing}` })).toBeVisible();
  });

  // First the muted group's mention, then the other's: when the second has arrived, the first
  // was decided long before, and nothing came for it.
  const quietMessage = await mention(maria, quietId, 'Juan Dela Cruz', juanId, 'the silenced yard needs you');
  const arriving = pushService.next(juanBrowser, (push) => push.payload['tag'] === `conversation-${loudId}`, 15_000);
  const loudMessage = await mention(maria, loudId, 'Juan Dela Cruz', juanId, 'please count the cement bags');
  const push = await arriving;
  expect(push.payload).toEqual({
    title: `Maria Santos in ${loudGroup}`,
    body: '@Juan Dela Cruz please count the cement bags',
    url: `/conversations/${loudId}?q=${loudMessage}`,
    tag: `conversation-${loudId}`,
  });
  expect(push.urgency).toBe('high');
  expect(pushService.for(juanBrowser).filter((arrived) => arrived.payload['tag'] === `conversation-${quietId}`)).toEqual([]);
  expect(pushService.for(juanBrowser).map((arrived) => String(arrived.payload['url']))).not.toContain(`/conversations/${quietId}?q=${quietMessage}`);
});

test('a request to approve arrives as a push to the approver with the tab closed', async ({ browser, request }) => {
  const paolo = await apiSignIn(request, 'paolo.villanueva@demo.local');
  const anaBrowser = await signedInThenClosed(browser, paolo, { login: 'ana.reyes@demo.local', name: 'Ana Reyes' });
  const arriving = pushService.next(anaBrowser, (push) => String(push.payload['tag']).startsWith('request-'), 15_000);
  const reference = await fileEpr(paolo, `Push check ${Date.now()}: hollow blocks`);
  const push = await arriving;
  expect(push.payload['body']).toBe(`${reference} is waiting for your approval.`);
  expect(String(push.payload['title'])).toContain('Paolo');
  expect(push.payload['url']).toMatch(/^\/requests\?p=view-request-detail&t=[^&]+&r=\d+$/);
});

test('the profile switch tries to subscribe for real and says why it could not', async ({ browser }) => {
  const page = await signedInPage(browser, 'carmen.flores@demo.local');
  try {
    await page.context().grantPermissions(['notifications']);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: TEXT.notificationSettingsHeading });
    const pushSwitch = section.getByRole('switch', { name: TEXT.pushSwitch });
    await expect(pushSwitch).toBeEnabled();
    await expect(pushSwitch).not.toBeChecked();
    await pushSwitch.click();
    // The permission is granted and the worker is in control, but headless Chromium has no push
    // service: PushManager.subscribe refuses, and the page says so instead of showing it on.
    await expect(section.getByTestId('push-note')).toHaveText(TEXT.pushFailed, { timeout: 20_000 });
    await expect(pushSwitch).not.toBeChecked();
  } finally {
    await page.context().close();
  }
});
