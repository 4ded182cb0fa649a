/**
 * Issue 17, "a mistake is not a failure": on every form an input problem is shown at the
 * field that has it, in words that say what to fix, the first gets the focus, and no
 * "contact support" dialog opens. Numbers refuse letters, negatives and absurd sizes as they
 * are typed; a long text shows its counter and is refused past its limit. Desktop and phone.
 */
import { FORM_TYPE_NAMES } from '@ichat/shared';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { signInAndWaitForHome } from '../support/ui.js';

const openForm = async (page: Page, name: string) => {
  await page.goto('/requests?p=view-forms');
  await page.getByTestId('form-item').filter({ hasText: name }).first().click();
  await expect(page.getByRole('button', { name: 'Submit Request' })).toBeVisible();
};

/** A refused submit: the sentence above the button, the first wrong field focused, no dialog. */
const expectRefusedAtFields = async (page: Page, sentence: string | RegExp) => {
  await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/contact support/)).toHaveCount(0);
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-invalid', 'true');
  await expect(focused).toBeInViewport();
};

for (const [width, height, device] of [
  [1440, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport: { width, height } });

    test('an empty submit of each form shows what is missing at its fields', async ({ page }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      for (const name of Object.values(FORM_TYPE_NAMES)) {
        await openForm(page, name);
        await page.getByRole('button', { name: 'Submit Request' }).click();
        await expectRefusedAtFields(page, /Please fill out all required fields in red outline\.|Please correct the fields in red outline\./);
        await expect(page.locator(':focus')).toHaveAccessibleDescription(/required|Fill in at least one visit or call/);
      }
    });

    test('a number field refuses −5 and letters as they are typed, and the total follows at once', async ({ page }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      await openForm(page, FORM_TYPE_NAMES.epr);
      const row = page.getByRole('group', { name: 'Requisition 1' });
      const quantity = row.getByLabel('Quantity');
      const price = row.getByLabel('Estimated Price');
      // The phone shows its number keyboard.
      await expect(quantity).toHaveAttribute('inputmode', 'decimal');

      await quantity.fill('-5');
      await price.fill('-250');
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');
      await expect(quantity).toHaveAccessibleDescription('Quantity cannot be negative.');
      await expect(price).toHaveAccessibleDescription('Estimated price cannot be negative.');
      await expect(page.getByLabel('Total Cost')).toHaveValue('₱0.00');

      await quantity.fill('5 bags');
      await expect(quantity).toHaveAccessibleDescription('Quantity must be a number.');
      await price.fill('99999999999');
      await expect(price).toHaveAccessibleDescription('Estimated price must be at most ₱9,999,999,999.99.');

      // A file over the limit is said at its picker, and left out.
      await row.getByLabel('Attachments').setInputFiles({ name: 'site-survey.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(20 * 1024 * 1024) });
      await expect(row.getByRole('alert')).toContainText('site-survey.bin');
      await expect(row.getByRole('alert')).toContainText('exceeds 16MB and will not be uploaded.');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(row.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);

      await row.getByLabel('Description').fill('Rebar 10mm');
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expectRefusedAtFields(page, /red outline/);

      // Fixed, the cost and total follow without waiting for a pause.
      await quantity.fill('4');
      await price.fill('250');
      await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Total Cost')).toHaveValue('₱1,000.00', { timeout: 400 });
      const total = page.getByLabel('Total Cost');
      const fits = await total.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
      expect(fits).toBe(true);
    });

    test('a long description shows its counter and is refused past the limit, never cut', async ({ page }) => {
      await signInAndWaitForHome(page, 'maria.santos@demo.local');
      await openForm(page, FORM_TYPE_NAMES['so-lo']);
      const description = page.getByLabel(/^Description of Request/);
      await description.fill('x'.repeat(4100));
      await expect(page.getByText('4,100 / 5,000')).toBeVisible();
      await expect(description).not.toHaveAttribute('aria-invalid', 'true');

      await description.fill('x'.repeat(5003));
      await expect(description).toHaveValue('x'.repeat(5003));
      await expect(page.getByText('5,003 / 5,000')).toBeVisible();
      await expect(description).toHaveAccessibleDescription(/At most 5,000 characters: 3 too many\./);
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expectRefusedAtFields(page, /red outline/);
    });
  });
}
