/**
 * The admin area (docs/DECISIONS.md, "Administration"): an administrator adds a person,
 * gives them the ePR and a seat on its chain; the person must change the administrator's
 * password before anything else, then finds an ePR filed afterwards among their approvals.
 * An approver names a stand-in who approves in their place, and the audit log shows both.
 * Staff see no admin area. The ePR chain is put back afterwards for the specs that follow.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { adminFormId, apiSignIn, fileEpr, fileSoLo, getChain, putChain } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { openAccountMenu, signIn, signInAndWaitForHome, withPeople } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const STAMP = Date.now();
const USERNAME = `rosa.lim.${STAMP}`;
const INITIAL_PASSWORD = 'first-Password-1';
const OWN_PASSWORD = 'rosa-own-Password-2';
let eprChain: unknown = null;

test.beforeAll(async ({ request }) => {
  const admin = await apiSignIn(request, 'admin');
  eprChain = await getChain(admin, await adminFormId(admin, 'epr'));
});

test.afterAll(async ({ request }) => {
  if (eprChain === null) return;
  const admin = await apiSignIn(request, 'admin');
  await putChain(admin, await adminFormId(admin, 'epr'), eprChain);
});

/** Types into a person picker and takes the person whose name it offers. */
const pickPerson = async (page: Page, picker: Locator, typed: string, name: string) => {
  await picker.fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
};

const screenNotice = (page: Page) => page.getByTestId('screen-notice');

test('an admin adds a person, grants the ePR and a level-1 seat; they change the password and find a new ePR', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await signInAndWaitForHome(page, 'admin@demo.local');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();

  // Add the person; a username already taken is refused at the form with the server's sentence.
  await page.getByRole('button', { name: 'Add Person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Person' });
  await dialog.getByRole('button', { name: 'Add Person' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('First name is required.');
  await dialog.getByLabel('First name').fill('Rosa');
  await dialog.getByLabel('Last name').fill('Lim');
  await dialog.getByLabel('Email address').fill(`${USERNAME}@demo.local`);
  await dialog.getByLabel('Username').fill('maria.santos');
  await dialog.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: 'Finance' }).click();
  await dialog.getByRole('checkbox', { name: /^Approver/ }).check();
  await dialog.getByLabel('Initial password', { exact: true }).fill(INITIAL_PASSWORD);
  await dialog.getByRole('button', { name: 'Add Person' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That username is already taken.');
  await dialog.getByLabel('Username').fill(USERNAME);
  await dialog.getByRole('button', { name: 'Add Person' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(screenNotice(page)).toBeVisible();
  await page.getByLabel('Search people').fill('rosa.lim');
  const row = page.getByTestId('person-row').filter({ hasText: USERNAME });
  await expect(row).toContainText('Lim, Rosa');
  await expect(row).toContainText('Temporary password');

  // The ePR for her by name: file, see the list, open.
  await page.getByRole('link', { name: 'Forms and access' }).click();
  await page.getByRole('link', { name: 'Edit Access: Electronic Purchase Requisition' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access to Electronic Purchase Requisition' })).toBeVisible();
  await pickPerson(page, page.getByRole('combobox', { name: 'Add a person' }), 'Rosa', 'Rosa Lim');
  const grant = page.getByTestId('access-person-row').filter({ hasText: 'Rosa Lim' });
  for (const hint of ['file new requests on the form', 'see the form’s list of requests', 'open the form’s requests']) {
    await expect(grant.getByRole('checkbox', { name: `Rosa Lim may ${hint}` })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Save Access' }).click();
  await expect(screenNotice(page)).toHaveText('The form’s access is saved.');
  await page.reload();
  await expect(page.getByTestId('access-person-row').filter({ hasText: 'Rosa Lim' })).toBeVisible();

  // The chain in two bands: up to ₱50,000 she is a level-1 approver beside Ana and Jose.
  await page.getByRole('link', { name: 'Approval chains' }).click();
  await page.getByRole('link', { name: 'Edit Chain: Electronic Purchase Requisition' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approval Chain: Electronic Purchase Requisition' })).toBeVisible();
  await page.getByLabel('Band 1 up to').fill('50000');
  // The shared rule answers in the page before anything is sent.
  await expect(page.getByTestId('chain-problem')).toHaveText(
    'Before saving: Amounts above ₱50,000.00 have no band: the last band must have no upper limit.',
  );
  await page.getByRole('button', { name: 'Add Band' }).click();
  const second = page.getByRole('region', { name: 'Band 2: ₱50,000.01 and above' });
  await expect(second.getByLabel('Band 2 from')).toHaveValue('50000.01');
  const secondLevel1 = second.getByRole('region', { name: 'Level 1' });
  await pickPerson(page, secondLevel1.getByRole('combobox', { name: 'Add approver' }), 'Ana', 'Ana Reyes');
  await pickPerson(page, secondLevel1.getByRole('combobox', { name: 'Add approver' }), 'Jose', 'Jose Garcia');
  const secondLevel2 = second.getByRole('region', { name: 'Level 2 (optional)' });
  await pickPerson(page, secondLevel2.getByRole('combobox', { name: 'Add approver' }), 'Carmen', 'Carmen Flores');
  await pickPerson(page, secondLevel2.getByRole('combobox', { name: 'Add approver' }), 'Ramon', 'Ramon Bautista');
  await secondLevel2.getByLabel('Must approve').fill('3');
  await expect(page.getByTestId('chain-problem')).toHaveText(
    'Before saving: The 2nd level of the band ₱50,000.01 and above needs 3 approvals but has only 2 approvers.',
  );
  await secondLevel2.getByLabel('Must approve').fill('1');
  const first = page.getByRole('region', { name: 'Band 1: ₱0.00 to ₱50,000.00' });
  await pickPerson(page, first.getByRole('region', { name: 'Level 1' }).getByRole('combobox', { name: 'Add approver' }), 'Rosa', 'Rosa Lim');
  await expect(page.getByTestId('chain-problem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Chain' }).click();
  await expect(screenNotice(page)).toContainText('The approval chain is saved.');
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Band 1: ₱0.00 to ₱50,000.00' }).getByRole('list', { name: 'Approvers of level 1 of band 1' }),
  ).toContainText('Rosa Lim');

  // Rosa signs in: only the password change is open to her, on every address.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const rosa = await context.newPage();
    await signIn(rosa, USERNAME, INITIAL_PASSWORD);
    const changeHeading = rosa.getByRole('heading', { level: 1, name: 'Change Your Password' });
    await expect(changeHeading).toBeVisible();
    await expect(rosa.getByRole('button', { name: /account menu/i })).toHaveCount(0);
    await rosa.goto('/requests?p=view-approval-list');
    await expect(changeHeading).toBeVisible();
    await expect(rosa.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(rosa.getByLabel('New Password', { exact: true })).toHaveAccessibleDescription('At least 8 characters.');
    await rosa.getByLabel('Current Password', { exact: true }).fill(INITIAL_PASSWORD);
    await rosa.getByLabel('New Password', { exact: true }).fill(OWN_PASSWORD);
    await rosa.getByLabel('Confirm Password', { exact: true }).fill(OWN_PASSWORD);
    await rosa.getByRole('button', { name: 'Update Password' }).click();
    await expect(rosa.getByRole('button', { name: /account menu/i })).toBeVisible();
    await expect(changeHeading).toHaveCount(0);

    // Paolo files an ePR of ₱1,500 afterwards (Maria's figures belong to the requests spec); it waits on Rosa's level.
    const referenceId = await fileEpr(await apiSignIn(request, 'paolo.villanueva'), `Scaffolding clamps ${STAMP}`);
    await rosa.goto('/requests?p=view-approval-list');
    await expect(rosa.getByRole('heading', { level: 1, name: 'My Pending Approvals' })).toBeVisible();
    await expect(rosa.getByTestId('request-row').filter({ hasText: referenceId })).toBeVisible();

    // Her own password works from now on; the administrator's no longer does.
    expect((await request.post('/api/v1/accounts/login', { data: { username: USERNAME, password: INITIAL_PASSWORD } })).status()).toBe(401);
    await apiSignIn(request, USERNAME, OWN_PASSWORD);
  } finally {
    await context.close();
  }
});

test('an approver names a stand-in who approves in their place; the audit log shows the new person and the stand-in', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // An SO/LO waits on Juan Dela Cruz alone at level 1.
  const referenceId = await fileSoLo(await apiSignIn(request, 'maria.santos'), `Stand-in check ${STAMP}`);

  await withPeople(browser, ['juan.delacruz@demo.local'], async (juan) => {
    const menu = await openAccountMenu(juan);
    await menu.getByRole('menuitem', { name: 'Stand-ins' }).click();
    await expect(juan.getByRole('heading', { level: 1, name: 'Stand-ins' })).toBeVisible();
    await pickPerson(juan, juan.getByRole('combobox', { name: 'Stand-in' }), 'Grace', 'Grace Tan');
    // Days in the wrong order are refused in the page, in the shared rule's words.
    const firstDay = await juan.getByLabel('First day').inputValue();
    await juan.getByLabel('Last day').fill('2000-01-01');
    await juan.getByRole('button', { name: 'Name Stand-in' }).click();
    await expect(juan.getByRole('alert')).toHaveText('The last day must be on or after the first day.');
    await juan.getByLabel('Last day').fill(firstDay);
    await juan.getByRole('button', { name: 'Name Stand-in' }).click();
    await expect(screenNotice(juan)).toHaveText('Grace Tan will stand in for Juan Dela Cruz.');
    await expect(juan.getByTestId('delegation-row').filter({ hasText: 'Grace Tan' })).toContainText('Current');
  });

  await withPeople(browser, ['grace.tan@demo.local'], async (grace) => {
    await grace.goto('/requests?p=view-approval-list');
    const row = grace.getByTestId('request-row').filter({ hasText: referenceId });
    await expect(row).toBeVisible();
    await row.click();
    await expect(grace.getByRole('heading', { level: 1, name: referenceId })).toBeVisible();
    await grace.getByRole('button', { name: 'Approve', exact: true }).click();
    const vote = grace.getByRole('dialog', { name: 'Approve this request?' });
    await vote.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(vote).toHaveCount(0);
    await expect(grace.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  });

  // The administrator reads both changes in the audit log, then ends the stand-in.
  await signInAndWaitForHome(page, 'admin@demo.local');
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await page.getByLabel('Action').fill('user.create');
  const created = page.getByTestId('audit-row').filter({ hasText: `Created Rosa Lim (${USERNAME})` });
  await expect(created).toBeVisible();
  await expect(page.getByTestId('audit-row').filter({ hasText: 'delegation.create' })).toHaveCount(0);
  await created.getByText('Before and after').click();
  await expect(created).toContainText(`${USERNAME}@demo.local`);
  await page.getByLabel('Action').fill('delegation.create');
  const delegated = page.getByTestId('audit-row').filter({ hasText: 'Grace Tan stands in for Juan Dela Cruz' });
  await expect(delegated).toBeVisible();
  await expect(delegated).toContainText('Juan Dela Cruz');

  await page.getByRole('link', { name: 'Stand-ins' }).click();
  const standIn = page.getByTestId('delegation-row').filter({ hasText: 'Grace Tan' });
  await standIn.getByRole('button', { name: 'End stand-in Grace Tan for Juan Dela Cruz' }).click();
  await page.getByRole('dialog', { name: 'End this stand-in?' }).getByRole('button', { name: 'End Now' }).click();
  await expect(screenNotice(page)).toBeVisible();
  await expect(page.getByTestId('delegation-row').filter({ hasText: 'Grace Tan' }).filter({ hasText: 'Current' })).toHaveCount(0);
});

test('people from a CSV: a preview row by row, all or nothing, a temporary password shown once, deactivation, and CSV exports', async ({ page, request }) => {
  test.setTimeout(90_000);
  const newcomer = `dante.reyes.${STAMP}`;
  const header = 'first_name,last_name,email_address,username,department';
  const good = `${newcomer.split('.')[0]},Reyes,${newcomer}@demo.local,${newcomer},Sales`;
  await signInAndWaitForHome(page, 'admin@demo.local');
  await page.goto('/admin/people');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import People' })).toBeVisible();

  const fileInput = page.getByLabel('CSV file');
  await fileInput.setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${good}\nBad,Row,not-an-email,bad.row,Sales\n`) });
  await expect(page.getByRole('status').filter({ hasText: 'new,' })).toHaveText('1 new, 0 to update, 1 wrong.');
  await expect(page.getByTestId('import-row').filter({ hasText: 'not-an-email' })).toContainText('Wrong');
  await expect(page.getByRole('button', { name: /^Import / })).toBeDisabled();

  await fileInput.setInputFiles({ name: 'staff-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${good}\n`) });
  await expect(page.getByTestId('import-row').filter({ hasText: newcomer })).toContainText('New');
  await page.getByRole('button', { name: 'Import 1 Person' }).click();
  await expect(page.getByText('Imported: 1 created, 0 updated.')).toBeVisible();
  await expect(page.getByLabel('Temporary passwords', { exact: true })).toHaveValue(new RegExp(`^${newcomer.replace(/\./g, '\\.')},\\S+$`));

  // A temporary password set by hand from the table, shown once.
  await page.goto('/admin/people');
  await page.getByLabel('Search people').fill(newcomer);
  const row = page.getByTestId('person-row').filter({ hasText: newcomer });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Set Temporary Password' }).click();
  const reset = page.getByRole('dialog', { name: /^Set a Temporary Password/ });
  await reset.getByRole('button', { name: 'Set Password' }).click();
  const answer = page.getByRole('dialog', { name: /^Temporary Password for/ });
  await expect(answer.getByLabel('Temporary password', { exact: true })).toHaveValue(/^\S{8,}$/);
  await answer.getByRole('button', { name: 'Done' }).click();

  // Deactivated with a confirmation, listed as inactive, then back.
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: /^Deactivate / }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Reactivate' }).click();
  await page.getByRole('dialog', { name: /^Reactivate / }).getByRole('button', { name: 'Reactivate' }).click();
  await expect(row).not.toContainText('Inactive');

  // Edited (only the changed field is sent) and unlocked.
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit / });
  await edit.getByLabel('Display name').fill('Dante R.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Shown as Dante R.');
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Unlock Sign-in' }).click();
  await expect(screenNotice(page)).toBeVisible();

  // The exports are files a spreadsheet reads as UTF-8.
  const usersDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const users = await usersDownload;
  expect(users.suggestedFilename()).toMatch(/\.csv$/);
  const usersText = (await readFile((await users.path())!)).toString('utf8');
  expect(usersText.startsWith('\uFEFF')).toBe(true);
  expect(usersText).toContain(newcomer);

  const referenceId = await fileEpr(await apiSignIn(request, 'paolo.villanueva'), `Export check ${STAMP}`);
  await page.getByRole('link', { name: 'Requests export' }).click();
  await page.getByRole('combobox', { name: 'Form' }).click();
  await page.getByRole('option', { name: 'Electronic Purchase Requisition' }).click();
  const requestsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const requests = await requestsDownload;
  expect((await readFile((await requests.path())!)).toString('utf8')).toContain(referenceId);
});

test('a department is added, renamed, retired and brought back; the reminder delay is checked and saved', async ({ page, request }) => {
  const name = `Logistics ${STAMP}`;
  await signInAndWaitForHome(page, 'admin@demo.local');
  await page.goto('/admin/catalogs/departments');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await page.getByLabel('New department').fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('catalog-row').filter({ hasText: name })).toContainText('0 people');
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${name}` });
  await rename.getByLabel('Name of the department').fill('Sales');
  await rename.getByRole('button', { name: 'Rename' }).click();
  // The server's refusal of a name in use, at the form.
  await expect(rename.getByRole('alert')).not.toBeEmpty();
  await rename.getByLabel('Name of the department').fill(`${name} and Fleet`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toHaveCount(0);
  const row = page.getByTestId('catalog-row').filter({ hasText: `${name} and Fleet` });
  await row.getByRole('button', { name: `Retire ${name} and Fleet` }).click();
  await expect(row).toContainText('Retired');
  await row.getByRole('button', { name: `Bring back ${name} and Fleet` }).click();
  await expect(row).not.toContainText('Retired');

  await page.getByRole('link', { name: 'Reminders and overdue' }).click();
  const delay = page.getByLabel('Reminder after (days)');
  await delay.fill('90');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Reminders come after at most 60 days.')).toBeVisible();
  await delay.fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(screenNotice(page)).toHaveText('Reminders now come after 3 days.');
  // Back to the default for the specs that follow.
  const admin = await apiSignIn(request, 'admin');
  expect((await request.patch('/api/v1/admin/settings', { headers: admin.headers, data: { reminder_days: 2 } })).ok()).toBe(true);
});

test('staff see no admin area: no link, and /admin shows the not-found page without admin data', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Stand-ins' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const adminCalls: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/v1/admin/')) adminCalls.push(call.url());
  });
  await page.goto('/admin/people');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByTestId('person-row')).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  // The server refuses anyway.
  const maria = await apiSignIn(page.request, 'maria.santos');
  expect((await page.request.get('/api/v1/admin/people', { headers: maria.headers })).status()).toBe(403);
});
