/**
 * Mentions, the bell and search (000 §2, §5): Juan mentions Maria through the picker, her bell
 * count rises live, clicking the notification lands on the message with the pulse; a global
 * search jumps to a hit, and a hit in a thread opens the thread at the reply.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { messageItem, openConversation, pickMention, withPeople } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const GROUP = 'Sales Team';

const openGroup = (page: Page) => openConversation(page, 'Group', GROUP);

/** The bell's unread count, read from its accessible name ('Notifications, 2 unread'). */
const bellCount = async (page: Page): Promise<number> => {
  const label = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};

test('mention a member: the picker, their bell rising live, and the notification landing on the message', async ({ browser }) => {
  await withPeople(browser, ['maria.santos@demo.local', 'juan.delacruz@demo.local'], async (maria, juan) => {
    // Maria stays on the home screen, away from the group.
    const before = await bellCount(maria);
    await openGroup(juan);

    const input = await pickMention(juan, '@@Mar', 'Maria Santos', '@@Maria Santos@@ ');
    const stamp = Date.now();
    await input.pressSequentially(`please confirm order ${stamp}`);
    await input.press('Enter');
    const sent = messageItem(juan, `please confirm order ${stamp}`);
    await expect(sent).toBeVisible();
    // Rendered bold as @name, never with the markers.
    await expect(sent.locator('strong', { hasText: '@Maria Santos' })).toBeVisible();
    await expect(sent).not.toContainText('@@');

    // Maria's bell rises without a reload or waiting for the 120 s poll.
    await expect(maria.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible({ timeout: 5_000 });

    await maria.getByRole('button', { name: /^Notifications/ }).click();
    const entry = maria.getByTestId('notification-item').first();
    await expect(entry).toContainText('Juan Dela Cruz');
    await expect(entry).toContainText('mentioned you');
    await expect(entry.getByTestId('notification-preview')).toHaveText('@Maria Santos p…');
    await expect(entry).toContainText(GROUP);
    await entry.getByRole('button').first().click();

    await expect(maria).toHaveURL(/\/conversations\/\d+/);
    const target = messageItem(maria, `please confirm order ${stamp}`);
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect(target).toBeInViewport();
    // The pulse ends after about 2.5 s.
    await expect(target).not.toHaveAttribute('data-highlighted', 'true', { timeout: 4_000 });
    await expect(maria.getByRole('button', { name: `Notifications, ${before} unread` }).or(maria.getByRole('button', { name: 'Notifications', exact: true }))).toBeVisible();
  });
});

test('global search: Enter runs it, a hit opens the conversation at the message, a thread hit opens the thread', async ({ browser }) => {
  await withPeople(browser, ['juan.delacruz@demo.local', 'maria.santos@demo.local'], async (juan, maria) => {
    await openGroup(juan);
    const word = `Zamboanga${Date.now()}`;
    await juan.getByRole('textbox', { name: 'Message' }).fill(`Shipment of roofing to ${word} confirmed`);
    await juan.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(messageItem(juan, word)).toBeVisible();
    // Push the hit away from the newest messages so the jump has to bring it into view.
    for (let index = 1; index <= 12; index += 1) {
      await juan.getByRole('textbox', { name: 'Message' }).fill(`Filler ${index} for the search check`);
      await juan.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(messageItem(juan, `Filler ${index} for the search check`)).toBeVisible();
    }

    const search = maria.getByRole('textbox', { name: 'Search conversations' });
    // A blank search does nothing.
    await search.fill('   ');
    await search.press('Enter');
    await expect(maria.getByRole('list', { name: 'Search results' })).toHaveCount(0);

    await search.fill(word.slice(0, 12).toLowerCase());
    await search.press('Enter');
    const results = maria.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button', { name: new RegExp(GROUP) })).toHaveCount(1);
    await results.getByRole('button', { name: new RegExp(GROUP) }).click();

    await expect(maria).toHaveURL(/\/conversations\/\d+/);
    const hit = messageItem(maria, word);
    await expect(hit).toHaveAttribute('data-highlighted', 'true');
    await expect(hit).toBeInViewport();

    // A hit in a thread opens the thread view at the reply.
    await messageItem(maria, 'Filler 3 for').hover();
    await messageItem(maria, 'Filler 3 for').getByRole('button', { name: 'Message actions' }).click();
    await maria.getByRole('menuitem', { name: 'Reply in thread' }).click();
    const replyWord = `Kalibo${Date.now()}`;
    const threadInput = maria.getByRole('dialog', { name: 'Thread' }).getByRole('textbox', { name: 'Thread reply' });
    await threadInput.fill(`Roofing for ${replyWord} too`);
    await threadInput.press('Enter');
    await maria.getByRole('button', { name: 'Close thread' }).click();

    await juan.getByRole('textbox', { name: 'Search conversations' }).fill(replyWord);
    await juan.getByRole('textbox', { name: 'Search conversations' }).press('Enter');
    const threadHit = juan.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(GROUP) });
    await expect(threadHit).toContainText('in thread');
    await threadHit.click();
    const thread = juan.getByRole('dialog', { name: 'Thread' });
    await expect(thread.getByTestId('thread-parent')).toContainText('Filler 3 for the search check');
    const reply = thread.getByTestId('message-item').filter({ hasText: replyWord });
    await expect(reply).toHaveAttribute('data-highlighted', 'true');

    // The back arrow returns to the conversations.
    await juan.getByRole('button', { name: 'Close thread' }).click();
    await juan.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(juan.getByTestId('conversation-item').first()).toBeVisible();
  });
});
