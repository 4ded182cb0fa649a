/**
 * The requests area (001): a requester files an ePR with two lines and an attachment,
 * the level-1 and level-2 approvers approve from their lists, and the requester sees
 * Approved and the notifications on the bell. Tests share one database and run in order.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { apiSignIn } from '../support/api.js';
import { signInAndWaitForHome } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

let referenceId = '';

const newPage = async (browser: Browser, login: string) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInAndWaitForHome(page, login);
  return page;
};

// The form's selects are native; a required field's label ends in ' *'.
const chooseOption = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).selectOption({ label: option });
};

const approveFromList = async (page: Page, comment: string) => {
  await page.goto('/requests?p=view-approval-list');
  const row = page.getByTestId('request-row').filter({ hasText: referenceId });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByText(referenceId).first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  // An approval may carry a comment; the dialog confirms the vote.
  const dialog = page.getByRole('dialog', { name: 'Approve this request?' });
  await dialog.getByLabel('Comment (optional)').fill(comment);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
};

test('a requester files an ePR with two lines and an attachment', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.goto('/requests?p=view-requests');
  await page.getByRole('button', { name: '+ Add New Request' }).or(page.getByRole('link', { name: '+ Add New Request' })).click();
  const select = page.getByRole('dialog');
  await expect(select).toContainText('Select a form');
  await select.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Please select a form before proceeding.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await select.getByRole('radio', { name: /Electronic Purchase Requisition/ }).first().check();
  await select.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/p=new-request&f=\d+/);

  // An empty submit is refused at the fields, which say what to fix, and the first gets the focus (issue 17).
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert')).toContainText('Please fill out all required fields in red outline.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Company/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: /^Company/ })).toBeFocused();
  await expect(page.getByRole('combobox', { name: /^Company/ })).toHaveAccessibleDescription('This field is required.');

  await page.getByRole('combobox', { name: /^Company/ }).selectOption({ index: 1 });
  await chooseOption(page, 'Type of Purchase Request', 'Construction Materials');
  const first = page.getByRole('group', { name: 'Requisition 1' });
  await first.getByLabel('Description').fill('Rebar 10mm');
  await first.getByLabel('Quantity').fill('120');
  await first.getByLabel('Estimated Price').fill('185.50');
  await first.getByLabel('Attachments').setInputFiles({ name: 'supplier-quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 quote') });
  await page.getByRole('button', { name: 'Add Row' }).click();
  const second = page.getByRole('group', { name: 'Requisition 2' });
  await second.getByLabel('Description').fill('Portland cement');
  await second.getByLabel('Quantity').fill('40');
  await second.getByLabel('Estimated Price').fill('255.75');
  // Costs and the total follow the typing (issue 17): ₱22,260.00 + ₱10,230.00.
  await expect(page.getByLabel('Total Cost')).toHaveValue('₱32,490.00');

  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Your request has been submitted.')).toBeVisible();
  await expect(page.getByText('This can also be found in "My Requests" tab')).toBeVisible();
  const reference = page.getByText(/EPR-\d{4}-\d{6}/).first();
  referenceId = /EPR-\d{4}-\d{6}/.exec((await reference.textContent()) ?? '')![0];

  // The confirmation opens the new request (issue 17).
  await page.getByRole('link', { name: 'View request' }).click();
  await expect(page).toHaveURL(/p=view-request-detail/);
  await expect(page.getByText(referenceId).first()).toBeVisible();

  await page.goto('/requests?p=view-requests');
  const row = page.getByTestId('request-row').filter({ hasText: referenceId });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('₱32,490.00');
});

test('the level-1 and level-2 approvers approve from their lists', async ({ browser }) => {
  const ana = await newPage(browser, 'ana.reyes@demo.local');
  await approveFromList(ana, 'Prices checked against the quote');
  await expect(ana.getByText('PENDING').first()).toBeVisible();
  await expect(ana.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await ana.context().close();

  const carmen = await newPage(browser, 'carmen.flores@demo.local');
  await approveFromList(carmen, 'Go ahead');
  await expect(carmen.getByText('APPROVED').first()).toBeVisible();
  await carmen.getByRole('button', { name: 'Approvers' }).click();
  const approvers = carmen.getByRole('dialog');
  await expect(approvers).toContainText('1st Level');
  await expect(approvers).toContainText('2nd Level');
  await expect(approvers).toContainText('Ana Reyes');
  await expect(approvers).toContainText('Approved');
  await expect(approvers).toContainText('Prices checked against the quote');
  await carmen.context().close();
});

test('the requester sees Approved and the notifications on the bell', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/\d+ unread/);
  await bell.click();
  // Other browser tests ring Maria's bell too (mentions, reactions): only this request's count.
  const items = page.getByTestId('notification-item').filter({ hasText: referenceId.slice(0, 15) });
  await expect(items).toHaveCount(2);
  await expect(items.filter({ has: page.getByRole('button', { name: 'Mark as read' }) })).toHaveCount(2);
  await items.first().click();
  await expect(page).toHaveURL(/p=view-request-detail&t=epr&r=\d+/);
  await expect(page.getByText('APPROVED').first()).toBeVisible();

  await page.goto('/requests?p=view-requests');
  await expect(page.getByTestId('request-row').filter({ hasText: referenceId })).toContainText('Approved');
});

test('the print view carries the lines, the total and the full approval trail', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.goto('/requests?p=view-requests');
  await page.getByTestId('request-row').filter({ hasText: referenceId }).click();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByTestId('request-print')).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('request-print');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(referenceId);
  await expect(sheet).toContainText('Status: APPROVED');
  await expect(sheet).toContainText('Rebar 10mm');
  await expect(sheet).toContainText('Portland cement');
  await expect(sheet).toContainText(/Total Cost:?\s*₱32,490\.00/);
  const trail = sheet.locator('table').last();
  await expect(trail).toContainText('Ana Reyes');
  await expect(trail).toContainText('Prices checked against the quote');
  await expect(trail).toContainText('Carmen Flores');
  await expect(trail).toContainText('Go ahead');
  // The screen's controls are not printed.
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();

  // Chromium's own print to PDF of the same page.
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toHaveCount(0);
});

test('the daily sales report and the offsetting form file from My Forms', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  const openForm = async (name: string) => {
    await page.goto('/requests?p=view-forms');
    await page.getByTestId('form-item').filter({ hasText: name }).first().click();
    await expect(page.getByRole('button', { name: 'Submit Request' })).toBeVisible();
  };

  // The original's eDSR submit did nothing; here it files a request.
  await openForm('Electronic Daily Sales Report');
  await page.getByRole('group', { name: 'Visit 1' }).getByLabel('Company Name').fill('Cavite Builders Depot');
  await page.getByRole('button', { name: 'Add Visit Row' }).click();
  await page.getByRole('group', { name: 'Visit 2' }).getByLabel('Company Name').fill('Imus Hardware');
  await page.getByRole('group', { name: 'Call 1' }).getByLabel('Company Name').fill('Bacoor Steel');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Your request has been submitted.')).toBeVisible();
  await expect(page.getByText(/EDSR-\d{4}-\d{6}/)).toBeVisible();

  await openForm('Offsetting Form');
  await page.getByRole('group', { name: 'Extended hours 1' }).getByLabel('Date of Extended Hours').fill('2026-11-20');
  await page.getByRole('button', { name: 'Add Row' }).click();
  await page.getByRole('group', { name: 'Extended hours 2' }).getByLabel('Date of Extended Hours').fill('2026-11-21');
  await page.getByRole('group', { name: 'Extended hours 2' }).getByRole('combobox', { name: /^Accumulated Hours/ }).selectOption('4');
  await expect(page.getByLabel('Total Hours')).toHaveValue('6');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText(/OFS-\d{4}-\d{6}/)).toBeVisible();

  await page.goto('/requests?p=view-requests');
  await expect(page.getByTestId('request-row').filter({ hasText: /EDSR-/ })).toContainText('Pending');
  await expect(page.getByTestId('request-row').filter({ hasText: /OFS-/ })).toContainText('Pending');
});

test('the dashboard shows real figures after its loading state, and the empty state for nobody’s data', async ({ page, request }) => {
  // Other specs file requests as Maria too (accessibility.spec.ts): the total is her whole list.
  const maria = await apiSignIn(request, 'maria.santos');
  const { requests } = (await (await request.get('/api/v1/forms/me/requests', { headers: maria.headers })).json()) as { requests: unknown[] };
  expect(requests.length).toBeGreaterThanOrEqual(3);
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.goto('/requests?p=dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The loader, with each chart in its loading state, for a second after the figures arrive.
  await expect(page.getByRole('progressbar', { name: 'Loading dashboard' })).toBeVisible();
  await expect(page.getByText('Loading data…').first()).toBeVisible();
  const byStatus = page.getByRole('region', { name: 'User Report: My requests by status' });
  await expect(byStatus).toContainText('Approved', { timeout: 5_000 });
  await expect(byStatus).toContainText('Pending');
  await expect(byStatus).toContainText(`Total: ${requests.length}`);
  await expect(page.getByRole('region', { name: 'User Report: Amounts requested by month' })).toContainText('₱32,490.00');
  await expect(page.getByRole('progressbar', { name: 'Loading dashboard' })).toHaveCount(0);
  await page.context().clearCookies();

  await signInAndWaitForHome(page, 'grace.tan@demo.local');
  await page.goto('/requests?p=dashboard');
  await expect(page.getByRole('region', { name: 'User Report: My requests by status' })).toContainText('No data to display', { timeout: 5_000 });
});

test('a person without approval_page sees neither Approvals nor Requests History', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.goto('/requests?p=view-requests');
  await expect(page.getByRole('link', { name: 'My Requests' }).or(page.getByRole('button', { name: 'My Requests' })).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Requests History' })).toHaveCount(0);
  await page.goto('/requests?p=something-else');
  await expect(page.getByText('No content available for this page.')).toBeVisible();
});
