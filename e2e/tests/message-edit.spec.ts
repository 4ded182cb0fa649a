/**
 * Editing a message (issue 19): Maria edits her own message in place; Juan's window shows the
 * new text live with "edited", and its history lists both texts, the current one last. A
 * thread reply is edited from the thread view; past the administrators' window, no Edit.
 */
import { TEXT } from '@ichat/shared';
import type { Page } from '@playwright/test';
import { apiSignIn } from '../support/api.js';
import { backdateMessage } from '../support/database.js';
import { expect, test } from '../support/test.js';
import { messageItem, openConversation, withPeople } from '../support/ui.js';

const GROUP = 'Sales Team';

test('an edit shows live in a second window with "edited" and its history', async ({ browser }) => {
  await withPeople(browser, ['maria.santos@demo.local', 'juan.delacruz@demo.local'], async (maria, juan) => {
    await openConversation(maria, 'Group', GROUP);
    await openConversation(juan, 'Group', GROUP);

    const stamp = Date.now();
    const original = `Delivery to the Pasig site on Tuesday ${stamp}`;
    const edited = `Delivery to the Pasig site on Thursday ${stamp}`;
    const input = maria.getByRole('textbox', { name: 'Message' });
    await input.fill(original);
    await input.press('Enter');
    await expect(messageItem(juan, original)).toBeVisible();

    const own = messageItem(maria, original);
    await own.hover();
    await own.getByRole('button', { name: 'Message actions' }).click();
    await maria.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = maria.getByRole('textbox', { name: 'Edit message' });
    await expect(editor).toHaveValue(original);
    await expect(editor).toBeFocused();

    // Blank is refused as the composer refuses it, and Esc leaves the text as it was.
    await editor.fill('   ');
    await editor.press('Enter');
    await expect(maria.getByTestId('message-editor').getByRole('alert')).toHaveText(TEXT.emptyMessage);
    await editor.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(messageItem(maria, original)).toBeVisible();

    await own.hover();
    await own.getByRole('button', { name: 'Message actions' }).click();
    await maria.getByRole('menuitem', { name: 'Edit' }).click();
    await maria.getByRole('textbox', { name: 'Edit message' }).fill(edited);
    await maria.getByRole('textbox', { name: 'Edit message' }).press('Enter');

    // Juan's window follows without a reload.
    const seen = messageItem(juan, edited);
    await expect(seen).toBeVisible();
    await expect(messageItem(juan, original)).toHaveCount(0);
    await expect(seen.getByTestId('edited-label')).toHaveText(`· ${TEXT.edited}`);
    await expect(messageItem(maria, edited).getByTestId('edited-label')).toBeVisible();

    await seen.getByTestId('edited-label').click();
    const history = juan.getByRole('dialog', { name: TEXT.editHistoryTitle });
    await expect(history).toBeVisible();
    const versions = history.getByTestId('message-version');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText(original);
    await expect(versions.nth(1)).toContainText(edited);
    await expect(versions.nth(1)).toContainText(TEXT.editCurrentVersion);
  });
});

test("a thread reply is edited from the thread view's own menu, and the other window's thread follows", async ({ browser }) => {
  await withPeople(browser, ['maria.santos@demo.local', 'juan.delacruz@demo.local'], async (maria, juan) => {
    await openConversation(maria, 'Group', GROUP);
    await openConversation(juan, 'Group', GROUP);

    const stamp = Date.now();
    const parentText = `Who checks the rebar count ${stamp}?`;
    const original = `I will, after lunch ${stamp}`;
    const edited = `I will, before lunch ${stamp}`;
    await maria.getByRole('textbox', { name: 'Message' }).fill(parentText);
    await maria.getByRole('textbox', { name: 'Message' }).press('Enter');
    const parent = messageItem(maria, parentText);
    await parent.hover();
    await parent.getByRole('button', { name: 'Message actions' }).click();
    await maria.getByRole('menuitem', { name: 'Reply in thread' }).click();
    const thread = maria.getByRole('dialog', { name: 'Thread' });
    await thread.getByRole('textbox', { name: 'Thread reply' }).fill(original);
    await thread.getByRole('textbox', { name: 'Thread reply' }).press('Enter');
    const replies = thread.getByRole('list', { name: 'Thread replies' });
    await expect(replies).toContainText(original);

    await messageItem(juan, parentText).getByRole('button', { name: 'Open thread, 1 reply' }).click();
    const juansReplies = juan.getByRole('dialog', { name: 'Thread' }).getByRole('list', { name: 'Thread replies' });
    await expect(juansReplies).toContainText(original);

    const reply = replies.getByTestId('message-item').filter({ hasText: original });
    await reply.hover();
    await reply.getByRole('button', { name: 'Message actions' }).click();
    await expect(maria.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await maria.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = thread.getByRole('textbox', { name: 'Edit message' });
    await expect(editor).toHaveValue(original);
    await editor.fill(edited);
    await editor.press('Enter');
    await expect(editor).toHaveCount(0);

    await expect(replies).toContainText(edited);
    await expect(juansReplies).toContainText(edited);
    await expect(juansReplies).not.toContainText(original);
    await expect(juansReplies.getByTestId('edited-label')).toHaveText(`· ${TEXT.edited}`);
  });
});

const menuEntriesOf = async (page: Page, text: string) => {
  const item = messageItem(page, text);
  await item.hover();
  await item.getByRole('button', { name: 'Message actions' }).click();
  const entries = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return entries;
};

test("past the administrators' edit window the menu offers no Edit; within it, it does", async ({ browser, request }) => {
  const admin = await apiSignIn(request, 'admin');
  const setWindow = async (minutes: number | null) => {
    const answer = await request.patch('/api/v1/admin/settings', { headers: admin.headers, data: { message_edit_window_minutes: minutes } });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await setWindow(1);
  try {
    await withPeople(browser, ['maria.santos@demo.local'], async (maria) => {
      await openConversation(maria, 'Group', GROUP);
      const stamp = Date.now();
      const older = `Cement order placed ${stamp}`;
      const recent = `Cement order confirmed ${stamp}`;
      const input = maria.getByRole('textbox', { name: 'Message' });
      await input.fill(older);
      await input.press('Enter');
      await expect(messageItem(maria, older)).toBeVisible();
      backdateMessage(older, 2);
      await maria.reload();
      await openConversation(maria, 'Group', GROUP);
      await input.fill(recent);
      await input.press('Enter');
      await expect(messageItem(maria, recent)).toBeVisible();

      expect(await menuEntriesOf(maria, older)).not.toContain('Edit');
      expect(await menuEntriesOf(maria, older)).toContain('Delete');
      expect(await menuEntriesOf(maria, recent)).toContain('Edit');
    });
  } finally {
    await setWindow(null);
  }
});
