/**
 * The requester's and the stand-in's side of a request (docs/DECISIONS.md,
 * "Administration"): a denied ePR filed again as a corrected copy, a pending request
 * withdrawn (and a withdrawal refused), and a stand-in voting in an approver's seat. Paolo Villanueva files: the
 * requests spec counts Maria's requests and Grace must have none.
 */
import type { Page } from '@playwright/test';
import { apiSignIn, endStandIn, fileEprWith, fileRequest, nameStandIn, userIdsByName, withdraw } from '../support/api.js';
import { expect, test } from '../support/test.js';
import { withPeople } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

/** Opens a request from one of the person's lists and waits for its detail. */
const openFromList = async (page: Page, view: 'view-requests' | 'view-approval-list', referenceId: string) => {
  await page.goto(`/requests?p=${view}`);
  await page.getByTestId('request-row').filter({ hasText: referenceId }).click();
  await expect(page.getByRole('heading', { level: 1, name: referenceId })).toBeVisible();
};

test('a denied ePR is filed again as a corrected copy, which names the request it corrects', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const denied = await fileEprWith(
    await apiSignIn(request, 'paolo.villanueva'),
    [
      { description: 'Coco lumber 2x4', quantity: 20, price: '480.00', remarks: 'For the scaffolding' },
      { description: 'Tie wire, 16 gauge', quantity: 5, price: '95.50' },
    ],
    { recommended_supplier: 'Ormoc Lumber Yard', urgent: true },
  );

  await withPeople(browser, ['ana.reyes@demo.local', 'paolo.villanueva@demo.local'], async (ana, paolo) => {
    // The approver denies it with a reason.
    await openFromList(ana, 'view-approval-list', denied.reference_id);
    await ana.getByRole('button', { name: 'Deny', exact: true }).click();
    const denial = ana.getByRole('dialog', { name: 'Deny this request?' });
    await denial.getByLabel('Reason for denial').fill('Five rolls of tie wire will not last the week: make it ten.');
    await denial.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(ana.getByTestId('approval-status')).toHaveText('REJECTED');

    // The requester opens it and files the corrected copy: the form is filled in from it.
    await openFromList(paolo, 'view-requests', denied.reference_id);
    await expect(paolo.getByTestId('approval-status')).toHaveText('REJECTED');
    await expect(paolo.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
    await paolo.getByRole('link', { name: 'File a corrected copy' }).click();
    await expect(paolo).toHaveURL(new RegExp(`p=new-request&f=${denied.form_id}&copy_of=${denied.id}$`));
    const notice = paolo.getByTestId('correction-notice');
    await expect(notice).toContainText(`Correcting ${denied.reference_id}: check the fields, attach the files again, and submit.`);
    await expect(notice).toContainText('Reason for denial, from Ana Reyes: “Five rolls of tie wire will not last the week: make it ten.”');
    await expect(paolo.getByRole('heading', { level: 1 })).toHaveText('Electronic Purchase Requisition');

    await expect(paolo.getByRole('combobox', { name: /^Company/ })).not.toHaveValue('');
    await expect(paolo.getByRole('combobox', { name: /^Type of Purchase Request/ })).not.toHaveValue('');
    await expect(paolo.getByLabel('Recommended Supplier')).toHaveValue('Ormoc Lumber Yard');
    await expect(paolo.getByRole('checkbox', { name: 'Urgent' })).toBeChecked();
    const first = paolo.getByRole('group', { name: 'Requisition 1' });
    await expect(first.getByLabel('Description')).toHaveValue('Coco lumber 2x4');
    await expect(first.getByLabel('Quantity')).toHaveValue('20');
    await expect(first.getByLabel('Estimated Price')).toHaveValue('480.00');
    await expect(first.getByLabel('Remarks')).toHaveValue('For the scaffolding');
    const second = paolo.getByRole('group', { name: 'Requisition 2' });
    await expect(second.getByLabel('Description')).toHaveValue('Tie wire, 16 gauge');
    await expect(second.getByLabel('Quantity')).toHaveValue('5');
    await expect(paolo.getByRole('group', { name: 'Requisition 3' })).toHaveCount(0);
    await expect(paolo.getByLabel('Total Cost')).toHaveValue('₱10,077.50');

    // One quantity changes; the total follows (20 × ₱480.00 + 10 × ₱95.50).
    await second.getByLabel('Quantity').fill('10');
    await expect(paolo.getByLabel('Total Cost')).toHaveValue('₱10,555.00');
    await paolo.getByRole('button', { name: 'Submit Request' }).click();
    await expect(paolo.getByText('Your request has been submitted.')).toBeVisible();
    const copyReference = /EPR-\d{4}-\d{6}/.exec((await paolo.getByText(/EPR-\d{4}-\d{6}/).first().textContent()) ?? '')![0];
    expect(copyReference).not.toBe(denied.reference_id);

    // The approver finds the copy waiting; its detail names the request it corrects.
    await openFromList(ana, 'view-approval-list', copyReference);
    await expect(ana.getByTestId('copied-from')).toHaveText(`Corrects ${denied.reference_id}`);
    await expect(ana.getByTestId('total-cost')).toHaveText('₱10,555.00');
    await expect(ana.getByTestId('request-line').nth(1)).toContainText('Tie wire, 16 gauge');
    await expect(ana.getByTestId('request-line').nth(1)).toContainText('10');
    await ana.emulateMedia({ media: 'print' });
    await expect(ana.getByTestId('request-print')).toContainText(`Corrects ${denied.reference_id}`);
    await ana.emulateMedia({ media: 'screen' });
    await ana.getByRole('link', { name: denied.reference_id }).click();
    await expect(ana.getByRole('heading', { level: 1, name: denied.reference_id })).toBeVisible();
    await expect(ana.getByTestId('approval-status')).toHaveText('REJECTED');
  });
});

test('a withdrawn request leaves the approver’s pending list and rings their bell', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const filed = await fileEprWith(await apiSignIn(request, 'paolo.villanueva'), [{ description: 'Safety harness', quantity: 4, price: '2350.00' }]);

  await withPeople(browser, ['ana.reyes@demo.local', 'paolo.villanueva@demo.local'], async (ana, paolo) => {
    await ana.goto('/requests?p=view-approval-list');
    await expect(ana.getByTestId('request-row').filter({ hasText: filed.reference_id })).toContainText('Pending');

    await openFromList(paolo, 'view-requests', filed.reference_id);
    await expect(paolo.getByRole('link', { name: 'File a corrected copy' })).toHaveCount(0);
    await paolo.getByRole('button', { name: 'Withdraw request' }).click();
    const confirm = paolo.getByRole('dialog', { name: 'Withdraw this request?' });
    await expect(confirm).toContainText('Its approvers will be told.');
    // Cancel keeps it; the button asks again.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(paolo.getByTestId('approval-status')).toHaveText('PENDING');
    await paolo.getByRole('button', { name: 'Withdraw request' }).click();
    await confirm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(paolo.getByText('Request withdrawn. Its approvers have been told.')).toBeVisible();
    await expect(paolo.getByTestId('approval-status')).toHaveText('WITHDRAWN');
    await expect(paolo.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
    await paolo.goto('/requests?p=view-requests');
    await expect(paolo.getByTestId('request-row').filter({ hasText: filed.reference_id })).toContainText('Withdrawn');

    // Gone from the approver's pending list; the bell says why.
    await ana.goto('/requests?p=view-approval-list');
    await expect(ana.getByRole('heading', { level: 1, name: 'My Pending Approvals' })).toBeVisible();
    await expect(ana.getByRole('status', { name: 'Loading approvals' })).toHaveCount(0, { timeout: 10_000 });
    await expect(ana.getByTestId('request-row').filter({ hasText: filed.reference_id })).toHaveCount(0);
    await ana.getByRole('button', { name: /^Notifications/ }).click();
    // The request's first line there asked for her vote; the newest tells her it was taken back.
    const told = ana.getByTestId('notification-item').filter({ hasText: filed.reference_id }).filter({ hasText: 'Withdrew their form request' });
    await expect(told).toHaveCount(1);
    await told.click();
    await expect(ana.getByRole('heading', { level: 1, name: filed.reference_id })).toBeVisible();
    await expect(ana.getByTestId('approval-status')).toHaveText('WITHDRAWN');
    await expect(ana.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  });
});

test('a withdrawal the server refuses shows its sentence, and the detail catches up', async ({ browser, request }) => {
  const paoloApi = await apiSignIn(request, 'paolo.villanueva');
  const filed = await fileEprWith(paoloApi, [{ description: 'Wheelbarrow', quantity: 2, price: '3100.00' }]);
  await withPeople(browser, ['paolo.villanueva@demo.local'], async (paolo) => {
    await openFromList(paolo, 'view-requests', filed.reference_id);
    // Taken back elsewhere (another tab, the phone) while this page still offers it.
    await withdraw(paoloApi, filed);
    await paolo.getByRole('button', { name: 'Withdraw request' }).click();
    await paolo.getByRole('dialog', { name: 'Withdraw this request?' }).getByRole('button', { name: 'Withdraw', exact: true }).click();
    const refusal = paolo.getByRole('dialog', { name: 'Something went wrong' });
    await expect(refusal).toContainText('Only a pending request can be withdrawn.');
    await expect(refusal).toContainText('EREF#00036');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(paolo.getByTestId('approval-status')).toHaveText('WITHDRAWN');
    await expect(paolo.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
    await expect(paolo.getByText('Request withdrawn. Its approvers have been told.')).toHaveCount(0);
  });
});

test('a stand-in decides in the approver’s seat, and the trail says for whom', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const transmittal = await fileRequest(await apiSignIn(request, 'paolo.villanueva'), 'transmittal', {
    receiver: 'Ormoc warehouse',
    transmittals: [{ description: 'Cement, 40 kg bags', quantity: 120 }],
  });
  const jose = await apiSignIn(request, 'jose.garcia');
  const ramonId = (await userIdsByName(jose)).get('Ramon Bautista')!;
  const delegationId = await nameStandIn(jose, ramonId);
  try {
    await withPeople(browser, ['ramon.bautista@demo.local'], async (ramon) => {
      await openFromList(ramon, 'view-approval-list', transmittal.reference_id);
      await expect(ramon.getByText("This request is waiting for Jose Garcia's vote. You are standing in for them.")).toBeVisible();
      await ramon.getByRole('button', { name: 'Approve', exact: true }).click();
      const dialog = ramon.getByRole('dialog', { name: 'Approve this request?' });
      await expect(dialog).toContainText('Your vote is cast for Jose Garcia, as their stand-in.');
      await dialog.getByLabel('Comment (optional)').fill('Counted at the gate');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(dialog).toHaveCount(0);

      await expect(ramon.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
      await expect(ramon.getByTestId('approval-step').first().getByTestId('step-approver').filter({ hasText: 'Ramon Bautista for Jose Garcia' })).toContainText('Approved');
      await ramon.getByRole('button', { name: 'Approvers' }).click();
      const approvers = ramon.getByRole('dialog', { name: 'Approvers' });
      await expect(approvers.getByTestId('approver').filter({ hasText: 'Approved' })).toContainText('Ramon Bautista for Jose Garcia');
      await approvers.getByRole('button', { name: 'Close' }).click();
      await ramon.emulateMedia({ media: 'print' });
      await expect(ramon.getByTestId('request-print').locator('table').last()).toContainText('Ramon Bautista for Jose Garcia');
      await ramon.emulateMedia({ media: 'screen' });
    });
  } finally {
    await endStandIn(jose, delegationId);
  }
});
