/**
 * The chat main screen (000 §2): a group from creation to files and activity log, a muted
 * member, a direct message to two people, a 10 000-message history, refusals through the
 * EREF dialog, and the phone layout. Tests share one database and run in order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { createLongConversation } from '../support/database.js';
import { messageItem, openConversation, signInAndWaitForHome, signedInPage } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const GROUP = 'Delivery Crew';
const photo = path.join(import.meta.dirname, '..', 'fixtures', 'photo.png');

const pickPerson = async (picker: Locator, page: Page, name: string) => {
  await picker.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name }).click();
};

const openChatMenuItem = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'Conversation menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

/** Opens a modal from the conversation menu, expects each text in `content`, and closes the modal. */
const expectInChatModal = async (page: Page, item: string, content: Locator, texts: readonly string[]) => {
  await openChatMenuItem(page, item);
  for (const text of texts) await expect(content).toContainText(text);
  await page.getByRole('button', { name: 'Close' }).click();
};

const activityLog = (page: Page) => page.getByRole('list', { name: 'Activity log' });

const messageAction = async (page: Page, text: string, action: string) => {
  const item = messageItem(page, text).first();
  await item.hover();
  await item.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
};

test('create a group with two members, send text, an image and a file, reply, pin, view files and the activity log', async ({ page }) => {
  await signInAndWaitForHome(page, 'juan.delacruz@demo.local');

  await page.getByRole('button', { name: 'Create group' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Conversation Name').fill(GROUP);
  const members = create.getByLabel('Add Members');
  await pickPerson(members, page, 'Carmen Flores');
  await pickPerson(members, page, 'Paolo Villanueva');
  await create.getByRole('button', { name: 'Create Conversation' }).click();
  await expect(page.getByRole('dialog')).toContainText('Conversation created.');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/conversations\/\d+$/);
  await expect(page.getByRole('region', { name: `Conversation ${GROUP}` })).toBeVisible();

  // Text, sent with Enter.
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('Trucks leave the Tacloban warehouse at 6 AM.');
  await input.press('Enter');
  await expect(messageItem(page, 'Trucks leave the Tacloban warehouse at 6 AM.')).toBeVisible();
  await expect(input).toHaveValue('');

  // Shift+Enter adds a line instead of sending.
  await input.fill('Line one');
  await input.press('Shift+Enter');
  await input.pressSequentially('Line two');
  await expect(input).toHaveValue('Line one\nLine two');
  await input.fill('');

  // An image and a file, with no text.
  await page.getByTestId('attach-input').setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: readFileSync(photo) },
    { name: 'delivery-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('320 bags, 2 damaged') },
  ]);
  await expect(page.getByRole('list', { name: 'Attachments to send' })).toContainText('delivery-not');
  await page.getByRole('button', { name: 'Send message' }).click();
  const image = page.getByRole('button', { name: /Open image/ }).locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('message-list')).toContainText('delivery-not');

  // The image opens in the lightbox.
  await page.getByRole('button', { name: /Open image/ }).click();
  await expect(page.getByRole('button', { name: 'Close image' })).toBeVisible();
  await page.getByRole('button', { name: 'Close image' }).click();

  // Reply.
  await messageAction(page, 'Trucks leave', 'Reply');
  await expect(page.getByTestId('reply-bar')).toContainText('Trucks leave');
  await input.fill('Confirmed, two trucks.');
  await input.press('Enter');
  const reply = messageItem(page, 'Confirmed, two trucks.');
  await expect(reply.getByLabel('Replied message from Juan Dela Cruz')).toBeVisible();
  await expect(page.getByTestId('reply-bar')).toBeHidden();

  // Pin, after the confirmation.
  await messageAction(page, 'Trucks leave', 'Pin');
  await expect(page.getByRole('dialog')).toContainText('Pin this message?');
  await page.getByRole('dialog').getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByTestId('pinned-banner')).toContainText('Trucks leave the Tacloban warehouse at 6 AM.');

  // Files of the conversation; file names are previewed at 15 characters (000 §9).
  const files = page.getByRole('table', { name: 'Files' });
  await expectInChatModal(page, 'View Files', files, ['photo.png', 'delivery-notes.…', 'Juan Dela Cruz']);

  // The banner's X unpins.
  await page.getByRole('button', { name: 'Unpin message' }).click();
  await expect(page.getByTestId('pinned-banner')).toBeHidden();

  // Activity log, newest first, in the §8 wording.
  await expectInChatModal(page, 'Activity Log', activityLog(page), [
    'Juan Dela Cruz unpinned a message.',
    'Juan Dela Cruz pinned a message.',
    'Juan Dela Cruz created a group chat.',
  ]);

  // The other members see the group and the messages.
  const carmen = await signedInPage(page.context().browser()!, 'carmen.flores@demo.local');
  await openConversation(carmen, 'Group', GROUP);
  await expect(messageItem(carmen, 'Confirmed, two trucks.')).toBeVisible();
  await carmen.context().close();
});

test('an admin mutes a member, who then cannot send; others see DISABLED', async ({ page, browser }) => {
  await signInAndWaitForHome(page, 'juan.delacruz@demo.local');
  await openConversation(page, 'Group', GROUP);
  await openChatMenuItem(page, 'View Members');
  const carmenRow = page.getByTestId('member-row').filter({ hasText: 'Carmen Flores' });
  await expect(page.getByTestId('member-row').filter({ hasText: 'Juan Dela Cruz' })).toContainText('DISABLED');
  await carmenRow.getByRole('button', { name: 'Mute' }).click();
  await expect(carmenRow.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expectInChatModal(page, 'Activity Log', activityLog(page), ['Juan Dela Cruz have muted Carmen Flores']);

  const carmen = await signedInPage(browser, 'carmen.flores@demo.local');
  await openConversation(carmen, 'Group', GROUP);
  const input = carmen.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeDisabled();
  await expect(input).toHaveAttribute('placeholder', 'You are restricted from chatting in this conversation');
  await expect(carmen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  // Group Settings is for conversation admins only; a member sees DISABLED in the members list.
  await carmen.getByRole('button', { name: 'Conversation menu' }).click();
  await expect(carmen.getByRole('menuitem', { name: 'Group Settings' })).toHaveCount(0);
  await carmen.getByRole('menuitem', { name: 'View Members' }).click();
  await expect(carmen.getByTestId('member-row').filter({ hasText: 'Paolo Villanueva' })).toContainText('DISABLED');
  await carmen.context().close();

  // The admin sees Group Settings.
  await page.getByRole('button', { name: 'Conversation menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Group Settings' })).toBeVisible();
});

test('a direct message to two people lands in each personal conversation, then the conversation opens', async ({ page, browser }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog');

  // Both fields are required: each says so at the field, the first gets the focus, no EREF dialog (issue 17).
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByLabel('To')).toBeFocused();
  await expect(dialog.getByLabel('To')).toHaveAccessibleDescription('Choose at least one person to send to.');
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message cannot be empty.');
  await expect(page.getByText(/contact support/)).toHaveCount(0);

  const to = dialog.getByLabel('To');
  await pickPerson(to, page, 'Grace Tan');
  await pickPerson(to, page, 'Juan Dela Cruz');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Please send me your sales figures for November.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog')).toContainText('Message sent!');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/conversations\/\d+$/);
  await expect(page.getByRole('region', { name: 'Conversation Grace Tan' })).toBeVisible();
  await expect(messageItem(page, 'Please send me your sales figures for November.')).toBeVisible();

  for (const login of ['grace.tan@demo.local', 'juan.delacruz@demo.local']) {
    const other = await signedInPage(browser, login);
    const item = other.getByTestId('conversation-item').filter({ hasText: 'Maria Santos' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Maria: Please send me y');
    await item.click();
    await expect(messageItem(other, 'Please send me your sales figures for November.')).toBeVisible();
    await other.context().close();
  }
});

test('an empty message, an over-long one and an oversized file are said under the input, not as failures', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.getByTestId('conversation-item').filter({ hasText: 'Juan Dela Cruz' }).click();
  const input = page.getByRole('textbox', { name: 'Message' });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(input).toHaveAccessibleDescription(/Message cannot be empty\./);
  await expect(input).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A long message shows its counter near the limit, and past it is refused, never cut (issue 17).
  await input.fill('y'.repeat(8_500));
  await expect(page.getByText('8,500 / 10,000')).toBeVisible();
  await input.fill('y'.repeat(10_004));
  await expect(input).toHaveValue('y'.repeat(10_004));
  await expect(input).toHaveAccessibleDescription(/At most 10,000 characters: 4 too many\./);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(input).toHaveValue('y'.repeat(10_004));
  await expect(messageItem(page, 'yyyyyyyyyy')).toHaveCount(0);
  await input.fill('');

  // A file over the limit never leaves the page (000 §5), with the size named as checked.
  await page.getByTestId('attach-input').setInputFiles({
    name: 'site-survey.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(16 * 1024 * 1024 + 1),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'File site-survey.bin exceeds 16MB and will not be uploaded.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Attachments to send' })).toHaveCount(0);
});

test('a non-member opening a conversation lands on the not-found page', async ({ page }) => {
  await signInAndWaitForHome(page, 'grace.tan@demo.local');
  // Conversation 5 is the seeded 'Warehouse Ops', which Grace is not in.
  await page.goto('/conversations/5');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByText('Warehouse Ops')).toHaveCount(0);
});

test('a conversation of 10 000 messages opens at the newest and pages back as it scrolls', async ({ page }) => {
  createLongConversation('maria.santos', 'Archive', 10_000);
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await openConversation(page, 'Group', 'Archive');
  await expect(messageItem(page, 'History message 10000')).toBeVisible();
  // Virtualised: only a window of rows is in the page.
  expect(await page.getByTestId('message-item').count()).toBeLessThan(80);

  const scroller = page.getByTestId('message-list').locator('[data-virtuoso-scroller="true"]');
  for (let step = 0; step < 6; step += 1) {
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await page.waitForTimeout(150);
  }
  // The first page held 9971–10000; scrolling up brought older ones in, 10 at a time.
  const oldestShown = () =>
    page
      .getByTestId('message-list')
      .getByText(/^History message \d+$/)
      .allTextContents()
      .then((texts) => Math.min(...texts.map((text) => Number(text.replace('History message ', '')))));
  await expect.poll(oldestShown).toBeLessThan(9971);
  await page.getByRole('button', { name: 'Scroll to bottom' }).click();
  await expect(messageItem(page, 'History message 10000')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list and the chat alternate, and Enter does not send', async ({ page }) => {
    await signInAndWaitForHome(page, 'maria.santos@demo.local');
    const list = page.getByRole('complementary', { name: 'Conversations' });
    await expect(list).toBeVisible();
    await page.getByTestId('conversation-item').filter({ hasText: 'Juan Dela Cruz' }).click();
    await expect(page.getByRole('region', { name: 'Conversation Juan Dela Cruz' })).toBeVisible();
    await expect(list).toBeHidden();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Typed on a phone');
    await input.press('Enter');
    await expect(input).toHaveValue('Typed on a phone\n');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(messageItem(page, 'Typed on a phone')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(list).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
