/**
 * Threads and reactions (000 §2, §7) between two windows in the Sales Team group: a reaction
 * picked in one shows in the other, a thread reply arrives live, an empty thread reply is
 * refused with its EREF, and the replies link opens the thread.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { messageItem, openConversation, withPeople } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const GROUP = 'Sales Team';

const openGroup = (page: Page) => openConversation(page, 'Group', GROUP);

const send = async (page: Page, text: string) => {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(messageItem(page, text)).toBeVisible();
};

test('react to a message: the picker, the grouped chip in both windows, and taking it back', async ({ browser }) => {
  await withPeople(browser, ['maria.santos@demo.local', 'juan.delacruz@demo.local'], async (maria, juan) => {
    await openGroup(maria);
    await openGroup(juan);
    const text = `Reaction check ${Date.now()}: 200 bags delivered`;
    await send(juan, text);
    await expect(messageItem(maria, text)).toBeVisible();

    await messageItem(maria, text).hover();
    await messageItem(maria, text).getByRole('button', { name: 'Add reaction' }).click();
    const picker = maria.getByRole('dialog', { name: 'Select Your Reaction' });
    await expect(picker.getByRole('button', { name: /^React with / })).toHaveCount(6);
    await picker.getByRole('button', { name: 'React with Heart' }).click();
    await expect(picker).toHaveCount(0);

    const mariasChip = messageItem(maria, text).getByRole('button', { name: '1 Heart: You' });
    await expect(mariasChip).toBeVisible();
    await expect(mariasChip).toHaveAttribute('aria-pressed', 'true');
    await expect(mariasChip).toContainText('1');
    // Live in Juan's window, with who reacted.
    const juansChip = messageItem(juan, text).getByRole('button', { name: '1 Heart: Maria Santos' });
    await expect(juansChip).toBeVisible();
    await expect(juansChip).toHaveAttribute('aria-pressed', 'false');

    // Juan adds his to the same group: one chip, two people.
    await juansChip.click();
    await expect(messageItem(juan, text).getByRole('button', { name: '2 Heart: You, Maria Santos' })).toContainText('2');
    await expect(messageItem(maria, text).getByRole('button', { name: '2 Heart: You, Juan Dela Cruz' })).toContainText('2');

    // The same chip takes Maria's back.
    await messageItem(maria, text).getByRole('button', { name: /^2 Heart: You/ }).click();
    await expect(messageItem(juan, text).getByRole('button', { name: '1 Heart: You' })).toContainText('1');
    await expect(messageItem(maria, text).getByRole('button', { name: '1 Heart: Juan Dela Cruz' })).toBeVisible();
  });
});

test('reply in a thread: the thread view, an empty reply refused, the reply live in the other window', async ({ browser }) => {
  await withPeople(browser, ['maria.santos@demo.local', 'juan.delacruz@demo.local'], async (maria, juan) => {
    await openGroup(maria);
    await openGroup(juan);
    const parentText = `Thread check ${Date.now()}: who takes the Cebu delivery?`;
    await send(maria, parentText);
    await expect(messageItem(juan, parentText)).toBeVisible();

    await messageItem(juan, parentText).hover();
    await messageItem(juan, parentText).getByRole('button', { name: 'Message actions' }).click();
    await juan.getByRole('menuitem', { name: 'Reply in thread' }).click();
    const thread = juan.getByRole('dialog', { name: 'Thread' });
    await expect(thread.getByTestId('thread-parent')).toContainText(parentText);
    await expect(thread.getByTestId('thread-reply-count')).toHaveText('0 replies');

    // An empty thread reply is refused (000 §5), said under the input (issue 17).
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await expect(thread.getByRole('textbox', { name: 'Thread reply' })).toHaveAccessibleDescription(/Message cannot be empty\./);
    await expect(juan.getByRole('dialog', { name: 'Something went wrong' })).toHaveCount(0);

    const replyText = 'I will, the truck leaves at 6';
    await thread.getByRole('textbox', { name: 'Thread reply' }).fill(replyText);
    await thread.getByRole('textbox', { name: 'Thread reply' }).press('Enter');
    await expect(thread.getByRole('list', { name: 'Thread replies' }).getByTestId('message-item')).toHaveText(new RegExp(replyText));
    await expect(thread.getByTestId('thread-reply-count')).toHaveText('1 reply');
    await thread.getByRole('button', { name: 'Close thread' }).click();
    // The reply lives in the thread, not in the main list.
    await expect(messageItem(juan, replyText)).toHaveCount(0);

    // Maria's window counts the reply live and opens the thread from the link.
    const link = messageItem(maria, parentText).getByRole('button', { name: 'Open thread, 1 reply' });
    await expect(link).toBeVisible();
    await link.click();
    const mariasThread = maria.getByRole('dialog', { name: 'Thread' });
    await expect(mariasThread.getByRole('list', { name: 'Thread replies' })).toContainText(replyText);
    await expect(mariasThread.getByRole('list', { name: 'Thread replies' })).toContainText('Juan Dela Cruz');
  });
});
