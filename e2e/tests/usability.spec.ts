/**
 * Issue 17, what a new employee trips over on the first day: the portal and Approvals one
 * click from the chat, with the waiting count; mentions as people type them; approval steps
 * that say who and how far; one clock on every screen. Desktop and phone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { apiSignIn, fileEprWith, fileSoLo, vote } from '../support/api.js';
import { messageItem, openConversation, pickMention, signInAndWaitForHome } from '../support/ui.js';

const WIDTHS = [
  [1440, 900, 'desktop'],
  [390, 844, 'phone'],
] as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The chat's destination is the header's title, 'Chat' beside the logo. */
const chatLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Chat home/ });

/** The number in the Requests destination's name: 'Requests, 3 waiting for your approval'. */
const waitingCount = async (page: Page): Promise<number> => {
  const name = (await mainNav(page).getByRole('link', { name: /^Requests/ }).textContent()) ?? '';
  return Number(/(\d+) waiting/.exec(name)?.[1] ?? 0);
};

for (const [width, height, device] of WIDTHS) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport: { width, height } });

    test('the portal and Approvals are one click from the chat, with the number waiting', async ({ page, request }) => {
      await signInAndWaitForHome(page, 'juan.delacruz@demo.local');
      const nav = mainNav(page);
      await expect(chatLink(page)).toHaveAttribute('aria-current', 'page');
      await expect(chatLink(page)).toContainText('Chat');
      await expect(nav.getByRole('link', { name: /^Requests/ })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Approvals' })).toBeVisible();

      // The header shows what the server counts, and a request filed for Juan's vote joins it without a reload.
      const juan = await apiSignIn(request, 'juan.delacruz');
      const waitingForJuan = async () =>
        ((await (await request.get('/api/v1/forms/me/approvals', { headers: juan.headers })).json()) as { requests: unknown[] }).requests.length;
      const before = await waitingForJuan();
      await expect.poll(() => waitingCount(page)).toBe(before);
      const maria = await apiSignIn(request, 'maria.santos');
      const reference = await fileSoLo(maria, `Header count check ${device}`);
      await expect.poll(() => waitingCount(page)).toBe(before + 1);
      await expect(page.getByTestId('waiting-approvals')).toContainText(String(before + 1));

      await nav.getByRole('link', { name: 'Approvals' }).click();
      await expect(page).toHaveURL(/p=view-approval-list/);
      await expect(page.getByTestId('request-row').filter({ hasText: reference })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');

      await chatLink(page).click();
      await expect(page).toHaveURL(/\/$|\/conversations\/\d+$/);
      await nav.getByRole('link', { name: /^Requests/ }).click();
      await expect(page).toHaveURL(/p=view-requests/);
    });

    test('@ and letters opens the mention picker and sends a mention, stored with the @@ markers', async ({ page, request }) => {
      await signInAndWaitForHome(page, 'juan.delacruz@demo.local');
      await openConversation(page, 'Group', 'Sales Team');
      const input = await pickMention(page, 'Thanks @mar', 'Maria Santos', 'Thanks @@Maria Santos@@ ');
      const stamp = `typed mention ${device} ${Date.now()}`;
      await input.pressSequentially(stamp);
      await page.getByRole('button', { name: 'Send message' }).click();
      const sent = messageItem(page, stamp);
      await expect(sent.locator('strong', { hasText: '@Maria Santos' })).toBeVisible();

      // An email address is not a mention.
      await input.pressSequentially('write to juan@demo');
      await expect(page.getByRole('listbox', { name: 'Mention someone' })).toHaveCount(0);
      await input.fill('');

      // The message is stored as the specification's markers, with Maria in its mentions.
      const juan = await apiSignIn(request, 'juan.delacruz');
      const conversations = (await (await request.get('/api/v1/conversations', { headers: juan.headers })).json()) as {
        conversations: { id: number; name: string }[];
      };
      const group = conversations.conversations.find((conversation) => conversation.name === 'Sales Team')!;
      const messages = (await (await request.get(`/api/v1/messages/${group.id}`, { headers: juan.headers })).json()) as {
        messages: { content: string }[];
      };
      const stored = messages.messages.find((message) => message.content.includes(stamp));
      expect(stored?.content).toBe(`Thanks @@Maria Santos@@ ${stamp}`);
    });

    test('a request approved at level 1 and rejected at level 2 shows each step, who voted, and what was moot', async ({ page, request }) => {
      const maria = await apiSignIn(request, 'maria.santos');
      const filed = await fileEprWith(maria, [{ description: `Steps check ${device}`, quantity: 2, price: '100.00' }]);
      await vote(await apiSignIn(request, 'ana.reyes'), filed, 'approved', 'Fine by me');
      await vote(await apiSignIn(request, 'carmen.flores'), filed, 'denied', 'Use the framework supplier.');

      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      await page.goto(`/requests?p=view-request-detail&t=epr&r=${filed.id}`);
      await expect(page.getByTestId('approval-status')).toHaveText('REJECTED');
      const steps = page.getByRole('list', { name: 'Approval steps' });
      const [first, second] = [steps.getByTestId('approval-step').nth(0), steps.getByTestId('approval-step').nth(1)];
      await expect(first).toContainText('1st Level');
      await expect(first).toContainText('Approved');
      await expect(first).toContainText('1 of 1 approved');
      await expect(first.getByTestId('step-approver').filter({ hasText: 'Ana Reyes' })).toContainText(/Approved · .*\d{1,2}:\d{2}/);
      await expect(first.getByTestId('step-approver').filter({ hasText: 'Ana Reyes' })).toContainText('Fine by me');
      await expect(first.getByTestId('step-approver').filter({ hasText: 'Jose Garcia' })).toContainText('Not needed');
      await expect(second).toContainText('2nd Level');
      await expect(second).toContainText('0 of 1 approved');
      await expect(second.getByTestId('step-approver').filter({ hasText: 'Carmen Flores' })).toContainText('Rejected');
      await expect(second.getByTestId('step-approver').filter({ hasText: 'Carmen Flores' })).toContainText('Use the framework supplier.');
      await expect(second.getByTestId('step-approver').filter({ hasText: 'Ramon Bautista' })).toContainText('Not needed');
      // One word for the outcome: nothing says Denied, nothing says Pending any more.
      await expect(page.getByRole('main')).not.toContainText('Denied');
      await expect(steps).not.toContainText('Pending');

      // A pending request: level 1 decides now, level 2 waits.
      const pending = await fileEprWith(maria, [{ description: `Steps pending ${device}`, quantity: 1, price: '10.00' }]);
      await page.goto(`/requests?p=view-request-detail&t=epr&r=${pending.id}`);
      await expect(steps.getByTestId('approval-step').nth(0)).toContainText('Deciding now');
      await expect(steps.getByTestId('approval-step').nth(0)).toContainText('0 of 1 approved');
      await expect(steps.getByTestId('approval-step').nth(0).getByTestId('step-approver').first()).toContainText('Pending');
      await expect(steps.getByTestId('approval-step').nth(1)).toContainText('Waiting');
      await expect(page.getByRole('button', { name: 'Approvers' })).toBeVisible();
    });

    test('the sidebar filters by name while typing, says Enter searches messages, and results say their order', async ({ page }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      const list = page.getByRole('list', { name: 'Personal conversations' });
      await expect(list.getByTestId('conversation-item').filter({ hasText: 'Juan Dela Cruz' })).toBeVisible();
      const others = await list.getByTestId('conversation-item').filter({ hasNotText: 'Juan Dela Cruz' }).count();
      expect(others).toBeGreaterThan(0);

      const box = page.getByRole('textbox', { name: 'Search conversations' });
      await box.pressSequentially('juan');
      await expect(list.getByTestId('conversation-item').filter({ hasNotText: 'Juan Dela Cruz' })).toHaveCount(0);
      await expect(list.getByTestId('conversation-item').filter({ hasText: 'Juan Dela Cruz' })).toHaveCount(1);
      await expect(box).toHaveAccessibleDescription('Press Enter to search messages');

      // Enter still searches the messages, newest first, and the results say so.
      await box.fill('cement');
      await box.press('Enter');
      await expect(page.getByText(/Results for “cement” · newest first/)).toBeVisible();
      await page.getByRole('button', { name: 'Back to conversations' }).click();
      await expect(box).toHaveValue('');
      await expect(list.getByTestId('conversation-item').filter({ hasNotText: 'Juan Dela Cruz' })).toHaveCount(others);
    });

    test('the members dialog says each member’s role and state in words, and why an action is not theirs', async ({ page }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      await openConversation(page, 'Group', 'Sales Team');
      await page.getByRole('button', { name: 'Conversation menu' }).click();
      await page.getByRole('menuitem', { name: 'View Members' }).click();
      const dialog = page.getByRole('dialog', { name: 'Members' });
      const rows = dialog.getByTestId('member-row');
      await expect(rows.first()).toBeVisible();
      const count = await rows.count();
      for (let index = 0; index < count; index += 1) {
        await expect(rows.nth(index).getByTestId('member-role')).toHaveText(/Member|Group admin/);
      }
      const own = rows.filter({ hasText: 'Maria Santos' });
      await expect(own.getByTestId('member-role')).toContainText('You');
      await expect(own).toContainText('DISABLED');
      await expect(own).toContainText('You cannot mute or remove yourself.');
      // A phone gets a list, not a clipped table.
      await expect(dialog.getByRole('table')).toHaveCount(device === 'phone' ? 0 : 1);
      if (device === 'phone') await expect(dialog.getByRole('list', { name: 'Members' })).toBeVisible();
      const fits = await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
      expect(fits).toBe(true);
    });

    test('a group conversation opened by its link shows the Group tab, where it is listed', async ({ page, request }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      await page.getByRole('button', { name: /^Personal/ }).click();
      const maria = await apiSignIn(request, 'maria.santos');
      const { conversations } = (await (await request.get('/api/v1/conversations', { headers: maria.headers })).json()) as {
        conversations: { id: number; name: string }[];
      };
      const group = conversations.find((conversation) => conversation.name === 'Sales Team')!;
      await page.goto(`/conversations/${group.id}`);
      await expect(page.getByRole('region', { name: 'Conversation Sales Team' })).toBeVisible();
      // On a phone the list and the chat alternate: back to the list.
      if (device === 'phone') await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('button', { name: /^Group/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('list', { name: 'Group conversations' }).getByTestId('conversation-item').filter({ hasText: 'Sales Team' })).toBeVisible();
      // The person may still choose the other tab.
      await page.getByRole('button', { name: /^Personal/ }).click();
      await expect(page.getByRole('list', { name: 'Personal conversations' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Personal/ })).toHaveAttribute('aria-pressed', 'true');
    });

    test('someone who approves nothing sees Chat and Requests, and no Approvals', async ({ page }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      const nav = mainNav(page);
      await expect(chatLink(page)).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Requests' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
    });
  });
}

test.describe('one clock', () => {
  // Far from Manila (UTC+8), so the portal's old Manila clock and the chat's would differ.
  test.use({ timezoneId: 'America/Los_Angeles' });
  const clockIn = (zone: string, iso: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

  test('chat and portal show a moment on the same clock, the viewer’s own; the printout says it is Manila time', async ({ page, request }) => {
    await signInAndWaitForHome(page, 'maria.santos@demo.local');
    await openConversation(page, 'Group', 'Sales Team');
    const text = `clock check ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    const time = messageItem(page, text).locator('time');
    await expect(time).toHaveAttribute('datetime', /\d{4}-/);
    const sentAt = (await time.getAttribute('datetime'))!;
    await expect(time).toHaveText(clockIn('America/Los_Angeles', sentAt));

    const maria = await apiSignIn(request, 'maria.santos');
    const filed = await fileEprWith(maria, [{ description: 'Clock check', quantity: 1, price: '1.00' }]);
    const detail = (await (await request.get(`/api/v1/forms/me/requests/epr/${filed.id}`, { headers: maria.headers })).json()) as {
      request: { requisition: { createdAt: string } };
    };
    const filedAt = detail.request.requisition.createdAt;
    await page.goto(`/requests?p=view-request-detail&t=epr&r=${filed.id}`);
    const requested = page.getByText('Date & Time Requested').locator('..');
    await expect(requested).toContainText(clockIn('America/Los_Angeles', filedAt));
    await expect(requested).not.toContainText(clockIn('Asia/Manila', filedAt));

    // The printout is filed away: it carries the company's zone and says so.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('request-print');
    await expect(sheet).toContainText(clockIn('Asia/Manila', filedAt));
    await expect(sheet).toContainText('Times in Philippine time (Asia/Manila).');
    await page.emulateMedia({ media: 'screen' });
  });
});

