/**
 * Accessibility: every main screen at desktop and phone width, for a requester and an
 * approver, has exactly one h1 and no serious or critical axe-core violation; and the
 * keyboard alone sends, reacts, replies (inline and in a thread) and approves a request.
 * The data each test needs is made here through the API.
 */
import type { Page } from '@playwright/test';
import { arrowTo, expectAccessibleScreen, expectNoSeriousViolations, tabTo } from '../support/accessibility.js';
import { adminFormId, apiSignIn, createGroup, createPerson, fileEpr, fileRequest, fileSoLo, react, replyInThread, sendMessage, vote, withdraw } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { messageItem, openConversation, signedInPage, signIn, signInAndWaitForHome, withPeople } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const GROUP = `Accessibility Review ${Date.now()}`;
const PARENT_TEXT = 'Are the ramps at the Ormoc warehouse wide enough for a wheelchair?';
let ownReferenceId = '';
let approvalReferenceId = '';

test.beforeAll(async ({ request }) => {
  const maria = await apiSignIn(request, 'maria.santos');
  const ana = await apiSignIn(request, 'ana.reyes');
  const conversationId = await createGroup(maria, GROUP, ['Ana Reyes', 'Carmen Flores']);
  const parentId = await sendMessage(maria, conversationId, PARENT_TEXT);
  await replyInThread(ana, conversationId, parentId, 'Yes, both ramps were measured last week.');
  await react(ana, conversationId, parentId, 'like');
  // The latest message is not a thread reply, so the sidebar opens the conversation itself (000 §2).
  await sendMessage(await apiSignIn(request, 'carmen.flores'), conversationId, 'Thank you, both of you.');
  // Pending requests, so the orange label shows on the lists and the details: Maria's own
  // and Paolo's ePR waiting for Ana's vote.
  ownReferenceId = await fileSoLo(maria, 'Two trucks of cement for the Ormoc ramps');
  approvalReferenceId = await fileEpr(await apiSignIn(request, 'paolo.villanueva'), 'Ramp handrails');
});

const PEOPLE = [
  { role: 'requester', login: 'maria.santos@demo.local', isApprover: false },
  { role: 'approver', login: 'ana.reyes@demo.local', isApprover: true },
] as const;

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

/** Opens a requests view and waits until its title is up and its loader (a second, 001 §2) gone. */
const openRequestsView = async (page: Page, view: string, h1: string) => {
  await page.goto(`/requests?p=${view}`);
  await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeAttached();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 10_000 });
};

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: viewport.size });

    for (const person of PEOPLE) {
      test(`every main screen of the ${person.role}: one h1 and no serious violation`, async ({ page }) => {
        test.setTimeout(150_000);

        await page.goto('/login');
        await expectAccessibleScreen(page, 'login', 'Login to Your Account');

        await signInAndWaitForHome(page, person.login);
        await expectAccessibleScreen(page, 'home', 'Inbox');

        await openConversation(page, 'Group', GROUP);
        await expect(messageItem(page, PARENT_TEXT).getByRole('button', { name: /Like: / })).toBeVisible();
        await expectAccessibleScreen(page, 'conversation', GROUP);

        await page.getByRole('button', { name: 'Conversation menu' }).click();
        await page.getByRole('menuitem', { name: 'View Members' }).click();
        const members = page.getByRole('dialog', { name: 'Members' });
        await expect(members.getByTestId('member-row')).toHaveCount(3);
        await expectAccessibleScreen(page, 'members dialog', GROUP);
        await members.getByRole('button', { name: 'Close' }).click();
        await expect(members).toHaveCount(0);

        await messageItem(page, PARENT_TEXT).getByRole('button', { name: 'Open thread, 1 reply' }).click();
        const thread = page.getByRole('dialog', { name: 'Thread' });
        await expect(thread.getByRole('list', { name: 'Thread replies' })).toContainText('both ramps were measured');
        await expectAccessibleScreen(page, 'thread view', GROUP);
        await thread.getByRole('button', { name: 'Close thread' }).click();
        await expect(thread).toHaveCount(0);

        await openRequestsView(page, 'view-forms', 'My Forms');
        await expect(page.getByTestId('form-item').first()).toBeVisible();
        await expectAccessibleScreen(page, 'My Forms', 'My Forms');

        await page.getByTestId('form-item').filter({ hasText: 'Electronic Purchase Requisition' }).first().click();
        await expect(page.getByRole('button', { name: 'Submit Request' })).toBeVisible();
        await expectAccessibleScreen(page, 'new ePR form', 'Electronic Purchase Requisition');

        await openRequestsView(page, 'view-requests', 'My Requests');
        if (!person.isApprover) await expect(page.getByTestId('request-row').filter({ hasText: ownReferenceId })).toContainText('Pending');
        await expectAccessibleScreen(page, 'My Requests', 'My Requests');

        await openRequestsView(page, 'view-approval-list', person.isApprover ? 'My Pending Approvals' : 'Requests');
        if (person.isApprover) {
          await expect(page.getByTestId('request-row').filter({ hasText: approvalReferenceId })).toContainText('Pending');
          await expectAccessibleScreen(page, 'My Pending Approvals', 'My Pending Approvals');
        } else {
          // Without approval_page the view has no content (001 §2), and a read-only h1.
          await expect(page.getByText('No content available for this page.')).toBeVisible();
          await expectAccessibleScreen(page, 'My Pending Approvals without approval_page', 'Requests');
        }

        await openRequestsView(page, 'view-approval-history', person.isApprover ? 'Requests History' : 'Requests');
        if (person.isApprover) {
          await expect(page.getByTestId('request-row').filter({ hasText: approvalReferenceId })).toBeVisible();
          await expectAccessibleScreen(page, 'Requests History', 'Requests History');
        } else {
          await expectAccessibleScreen(page, 'Requests History without approval_page', 'Requests');
        }

        // The detail, reached from the person's own list.
        const referenceId = person.isApprover ? approvalReferenceId : ownReferenceId;
        const [listView, listTitle] = person.isApprover ? ['view-approval-list', 'My Pending Approvals'] : ['view-requests', 'My Requests'];
        await openRequestsView(page, listView, listTitle);
        await page.getByTestId('request-row').filter({ hasText: referenceId }).click();
        await expect(page.getByTestId('approval-status')).toHaveText('PENDING');
        if (person.isApprover) await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
        await expectAccessibleScreen(page, 'request detail', referenceId);

        await openRequestsView(page, 'dashboard', 'Dashboard');
        await expect(page.getByRole('region', { name: 'User Report: My requests by status' })).toContainText(/Total|No data to display/);
        await expect(page.getByRole('progressbar', { name: 'Loading dashboard' })).toHaveCount(0, { timeout: 10_000 });
        await expectAccessibleScreen(page, 'dashboard', 'Dashboard');

        await page.goto('/profile');
        await expect(page.getByLabel('Display Name')).not.toHaveValue('');
        await expectAccessibleScreen(page, 'profile', 'Personal Information');

        await page.goto('/not-found');
        await expectAccessibleScreen(page, 'not-found page', 'Page Not Found');
      });
    }
  });
}

/** The admin area's screens, each with its h1 and what shows once its data has come. */
const adminScreens = (eprFormId: number) =>
  [
    { path: '/admin/people', h1: 'People', ready: 'person-row' },
    { path: '/admin/people/import', h1: 'Import People', ready: null },
    { path: '/admin/catalogs/departments', h1: 'Departments', ready: 'catalog-row' },
    { path: '/admin/catalogs/companies', h1: 'Companies', ready: 'catalog-row' },
    { path: '/admin/catalogs/purchase-request-types', h1: 'Purchase Request Types', ready: 'catalog-row' },
    { path: '/admin/forms', h1: 'Forms and Access', ready: 'form-row' },
    { path: `/admin/forms/${eprFormId}/access`, h1: 'Access to Electronic Purchase Requisition', ready: 'access-department-row' },
    { path: '/admin/chains', h1: 'Approval Chains', ready: 'form-row' },
    { path: `/admin/chains/${eprFormId}`, h1: 'Approval Chain: Electronic Purchase Requisition', ready: 'chain-band' },
    { path: '/admin/stand-ins', h1: 'Stand-ins', ready: null },
    { path: '/admin/reminders', h1: 'Reminders and Overdue Requests', ready: null },
    { path: '/admin/requests-export', h1: 'Requests Export', ready: null },
    { path: '/admin/audit-log', h1: 'Audit Log', ready: 'audit-row' },
  ] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`the admin area at ${viewport.name} width`, () => {
    test.use({ viewport: viewport.size });

    test('every admin screen, the stand-ins screen and the forced password change: one h1 and no serious violation', async ({ page, browser, request }) => {
      test.setTimeout(150_000);
      const admin = await apiSignIn(request, 'admin');
      const eprFormId = await adminFormId(admin, 'epr');
      // Something in the log, so its rows are checked too.
      const username = `axe.${viewport.name}.${Date.now()}`;
      await createPerson(admin, { first_name: 'Axe', last_name: viewport.name, username, department: 'Sales', password: 'first-Password-1' });

      await signInAndWaitForHome(page, 'admin@demo.local');
      for (const screen of adminScreens(eprFormId)) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.h1 })).toBeVisible();
        if (screen.ready) await expect(page.getByTestId(screen.ready).first()).toBeVisible();
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        await expectAccessibleScreen(page, screen.path, screen.h1);
      }

      await page.goto('/admin/people');
      await page.getByRole('button', { name: 'Add Person' }).click();
      await expect(page.getByRole('dialog', { name: 'Add a Person' })).toBeVisible();
      await expectNoSeriousViolations(page, 'add person dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Actions for / }).first().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, 'person actions menu');
      await page.keyboard.press('Escape');

      await withPeople(browser, ['ana.reyes@demo.local'], async (ana) => {
        await ana.setViewportSize(viewport.size);
        await ana.goto('/stand-ins');
        await expect(ana.getByRole('heading', { level: 1, name: 'Stand-ins' })).toBeVisible();
        await expectAccessibleScreen(ana, 'stand-ins', 'Stand-ins');
      });

      const context = await browser.newContext({ viewport: viewport.size });
      try {
        const newcomer = await context.newPage();
        await signIn(newcomer, username, 'first-Password-1');
        await expect(newcomer.getByRole('heading', { level: 1, name: 'Change Your Password' })).toBeVisible();
        await expectAccessibleScreen(newcomer, 'forced password change', 'Change Your Password');
      } finally {
        await context.close();
      }
    });
  });
}

test('a request withdrawn, denied or corrected, its withdraw dialog and the corrected copy’s form: one h1 and no serious violation', async ({ browser, request }) => {
  test.setTimeout(90_000);
  // Paolo's CCARs wait on Jose and Juan, so Ana's lists, which the tests above and below walk, stay as they are.
  const paolo = await apiSignIn(request, 'paolo.villanueva');
  const ccar = { issued_to: 'Warehouse / Supply Chain', nc_source: 'Delivery (Customer Complaint)', warehouse: 'Ormoc' };
  const withdrawn = await fileRequest(paolo, 'ccar', { ...ccar, description: 'Twelve bags arrived wet.' });
  await withdraw(paolo, withdrawn);
  const denied = await fileRequest(paolo, 'ccar', { ...ccar, description: 'Bags arrived torn.' });
  await vote(await apiSignIn(request, 'juan.delacruz'), denied, 'denied', 'Name the delivery receipt, please.');
  const corrected = await fileRequest(paolo, 'ccar', { ...ccar, reference_number: 'DR-1182', description: 'Bags arrived torn.' }, denied);
  const detail = (filed: { id: number }) => `/requests?p=view-request-detail&t=ccar&r=${filed.id}`;

  for (const viewport of VIEWPORTS) {
    const page = await signedInPage(browser, 'paolo.villanueva@demo.local', viewport.size);
    try {
      await page.goto(detail(withdrawn));
      await expect(page.getByTestId('approval-status')).toHaveText('WITHDRAWN');
      await expectAccessibleScreen(page, `withdrawn request at ${viewport.name} width`, withdrawn.reference_id);

      await page.goto(detail(corrected));
      await expect(page.getByTestId('copied-from')).toHaveText(`Corrects ${denied.reference_id}`);
      await expectAccessibleScreen(page, `corrected request at ${viewport.name} width`, corrected.reference_id);
      await page.getByRole('button', { name: 'Withdraw request' }).click();
      await expect(page.getByRole('dialog', { name: 'Withdraw this request?' })).toBeVisible();
      await expectNoSeriousViolations(page, `withdraw dialog at ${viewport.name} width`);
      await page.keyboard.press('Escape');

      await page.goto(detail(denied));
      await expect(page.getByTestId('approval-status')).toHaveText('REJECTED');
      await expectAccessibleScreen(page, `denied request at ${viewport.name} width`, denied.reference_id);
      await page.getByRole('link', { name: 'File a corrected copy' }).click();
      await expect(page.getByTestId('correction-notice')).toContainText(`Correcting ${denied.reference_id}`);
      await expect(page.getByLabel(/Description of the Nonconformity/)).toHaveValue('Bags arrived torn.');
      await expectAccessibleScreen(page, `corrected copy form at ${viewport.name} width`, 'Customer Corrective Action Request Form');
    } finally {
      await page.context().close();
    }
  }
});

test('the open menus and dialogs of the header have no serious violation either', async ({ page }) => {
  await signInAndWaitForHome(page, 'maria.santos@demo.local');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousViolations(page, 'notifications');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page, 'account menu');
});

test('the keyboard alone sends, reacts, replies, replies in a thread and approves', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const keyboard = page.keyboard;
  await signInAndWaitForHome(page, 'maria.santos@demo.local');

  // From the top of the page to the conversation. The Personal/Group toggle is one tab
  // stop; the arrows move between its buttons.
  await tabTo(page, page.getByRole('button', { name: /^Personal/ }));
  await arrowTo(page, page.getByRole('button', { name: /^Group/ }), { key: 'ArrowRight' });
  await keyboard.press('Space');
  await tabTo(page, page.getByTestId('conversation-item').filter({ hasText: GROUP }).getByRole('button', { name: new RegExp(GROUP) }));
  await keyboard.press('Enter');
  await expect(page.getByRole('region', { name: `Conversation ${GROUP}` })).toBeVisible();

  // Send: Enter in the input, then the Send button.
  const input = page.getByRole('textbox', { name: 'Message' });
  await tabTo(page, input);
  const first = `Keyboard check ${Date.now()}: sent with Enter`;
  await keyboard.type(first);
  await keyboard.press('Enter');
  await expect(messageItem(page, first)).toBeVisible();
  await expect(input).toBeFocused();
  const second = 'Sent with the Send button';
  await keyboard.type(second);
  await tabTo(page, page.getByRole('button', { name: 'Send message' }));
  await keyboard.press('Enter');
  await expect(messageItem(page, second)).toBeVisible();

  // React: back from the input to the message's reaction button, pick Heart in the picker.
  await tabTo(page, input);
  await tabTo(page, messageItem(page, second).getByRole('button', { name: 'Add reaction' }), { backwards: true });
  await keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Select Your Reaction' });
  await expect(picker).toBeVisible();
  await expectNoSeriousViolations(page, 'reaction picker');
  await tabTo(page, picker.getByRole('button', { name: 'React with Heart' }));
  await keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  const chip = messageItem(page, second).getByRole('button', { name: '1 Heart: You' });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  // The chip itself takes the reaction back with Space, and gives it again with Enter.
  await tabTo(page, chip);
  await keyboard.press('Space');
  await expect(messageItem(page, second).getByRole('button', { name: /Heart/ })).toHaveCount(0);
  await tabTo(page, messageItem(page, second).getByRole('button', { name: 'Add reaction' }), { backwards: true });
  await keyboard.press('Enter');
  await tabTo(page, picker.getByRole('button', { name: 'React with Like' }));
  await keyboard.press('Space');
  await expect(messageItem(page, second).getByRole('button', { name: '1 Like: You' })).toBeVisible();

  // Reply: the message's actions menu, arrows to Reply, Enter; then type and send.
  await tabTo(page, input);
  await tabTo(page, messageItem(page, first).getByRole('button', { name: 'Message actions' }), { backwards: true });
  await keyboard.press('Enter');
  await arrowTo(page, page.getByRole('menuitem', { name: 'Reply', exact: true }));
  await keyboard.press('Enter');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'reply bar');
  await tabTo(page, input);
  const reply = 'A reply chosen from the keyboard';
  await keyboard.type(reply);
  await keyboard.press('Enter');
  await expect(messageItem(page, reply).getByRole('button', { name: 'Replied message from Maria Santos' })).toBeVisible();

  // Reply in thread: the same menu, then the thread's own input; Escape closes the thread.
  await tabTo(page, messageItem(page, second).getByRole('button', { name: 'Message actions' }), { backwards: true });
  await keyboard.press('Enter');
  await arrowTo(page, page.getByRole('menuitem', { name: 'Reply in thread' }));
  await keyboard.press('Enter');
  const thread = page.getByRole('dialog', { name: 'Thread' });
  await expect(thread.getByTestId('thread-parent')).toContainText(second);
  const threadInput = thread.getByRole('textbox', { name: 'Thread reply' });
  await tabTo(page, threadInput);
  const threadReply = 'A thread reply from the keyboard';
  await keyboard.type(threadReply);
  await keyboard.press('Enter');
  await expect(thread.getByRole('list', { name: 'Thread replies' })).toContainText(threadReply);
  await tabTo(page, thread.getByRole('button', { name: 'Send reply' }));
  await keyboard.press('Escape');
  await expect(thread).toHaveCount(0);
  await expect(messageItem(page, second).getByRole('button', { name: 'Open thread, 1 reply' })).toBeVisible();

  // Vote: the approver opens the request from her list and approves it with a comment.
  await withPeople(browser, ['ana.reyes@demo.local'], async (ana) => {
    await ana.goto('/requests?p=view-approval-list');
    await tabTo(ana, ana.getByTestId('request-row').filter({ hasText: approvalReferenceId }));
    await ana.keyboard.press('Enter');
    await expect(ana.getByRole('heading', { level: 1, name: approvalReferenceId })).toBeVisible();
    await tabTo(ana, ana.getByRole('button', { name: 'Approve', exact: true }));
    await ana.keyboard.press('Enter');
    const dialog = ana.getByRole('dialog', { name: 'Approve this request?' });
    await expect(dialog.getByLabel('Comment (optional)')).toBeFocused();
    await expectNoSeriousViolations(ana, 'vote dialog');
    await ana.keyboard.type('Checked from the keyboard');
    await tabTo(ana, dialog.getByRole('button', { name: 'Approve', exact: true }));
    await ana.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(ana.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(ana.getByTestId('step-approver').filter({ hasText: 'Ana Reyes' })).toContainText('Approved');
  });
});
