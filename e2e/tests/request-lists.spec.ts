/**
 * The request lists in pages, searched on the server (docs/DECISIONS.md, "Requests and
 * approvals", Lists): a long My Requests shows twenty at a time with the pages under it, a
 * search reaches requests beyond the first page, the address keeps the page and the search
 * so Go Back returns to them, and an approver's list and the header's count agree.
 * Paolo files explain-why memos (Liza decides them first), which no later spec reads.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { apiSignIn, fileRequest, type Filed } from '../support/api.js';
import { signInAndWaitForHome } from '../support/ui.js';

test.describe.configure({ mode: 'serial' });

const filed: Filed[] = [];
let paoloTotal = 0;

const rows = (page: Page) => page.getByTestId('request-row');

test.beforeAll(async ({ request }) => {
  const paolo = await apiSignIn(request, 'paolo.villanueva');
  for (let n = 0; n < 22; n += 1) {
    filed.push(
      await fileRequest(paolo, 'explain-why', {
        manager: 'Jose Garcia',
        explanation: `Late delivery number ${n + 1}: the truck broke down on the way to the site.`,
        penalty: 'Verbal Warning',
        offense: '1st Offense',
        rule_no: 'III - Job Performance',
      }),
    );
  }
  const mine = await request.get('/api/v1/forms/me/requests', { headers: paolo.headers });
  paoloTotal = ((await mine.json()) as { requests: unknown[] }).requests.length;
});

test('My Requests shows twenty at a time, newest first, with the pages under them', async ({ page }) => {
  await signInAndWaitForHome(page, 'paolo.villanueva@demo.local');
  await page.goto('/requests?p=view-requests');
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first()).toContainText(filed.at(-1)!.reference_id);
  await expect(page.getByTestId('request-range')).toHaveText(`1–20 of ${paoloTotal}`);
  await expect(rows(page).filter({ hasText: filed[0]!.reference_id })).toHaveCount(0);

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows(page).filter({ hasText: filed[0]!.reference_id })).toBeVisible();
  await expect(page.getByTestId('request-range')).toHaveText(`21–${Math.min(40, paoloTotal)} of ${paoloTotal}`);
});

test('a search reaches past the first page, and Go Back returns to it', async ({ page }) => {
  await signInAndWaitForHome(page, 'paolo.villanueva@demo.local');
  await page.goto('/requests?p=view-requests');
  await expect(rows(page)).toHaveCount(20);
  const oldest = filed[0]!.reference_id;
  await page.getByRole('searchbox', { name: 'Search' }).fill(oldest.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(oldest);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${oldest.toLowerCase()}`));
  await expect(page.getByTestId('request-range')).toHaveCount(0);

  await rows(page).click();
  await expect(page).toHaveURL(/p=view-request-detail/);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(oldest.toLowerCase());

  // By the type's name as the list shows it; Enter searches at once.
  await page.getByRole('searchbox', { name: 'Search' }).fill('penalized memo');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByTestId('request-range')).toHaveText(/^1–20 of \d+$/);
  await expect(rows(page).filter({ hasNotText: 'Explain Why You Should Not Be Penalized Memo' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
  await expect(page.getByText('No requests match your search.')).toBeVisible();
});

test('an approver’s pending list is searched by the requester’s name, and the header counts it all', async ({ page, request }) => {
  const liza = await apiSignIn(request, 'liza.mendoza');
  const waiting = await request.get('/api/v1/forms/me/approvals?page=1&limit=1', { headers: liza.headers });
  const { pagination } = (await waiting.json()) as { pagination: { total: number } };
  expect(pagination.total).toBeGreaterThanOrEqual(22);

  await signInAndWaitForHome(page, 'liza.mendoza@demo.local');
  await page.goto('/requests?p=view-approval-list');
  await expect(page.getByTestId('waiting-approvals')).toContainText(pagination.total > 99 ? '99+' : String(pagination.total));
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByTestId('request-range')).toHaveText(`1–20 of ${pagination.total}`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Villanueva');
  await expect(page.getByTestId('request-range')).toHaveText(/^1–20 of 2\d$/);
  await expect(rows(page).filter({ hasNotText: 'Paolo Villanueva' })).toHaveCount(0);

  await page.goto('/requests?p=view-approval-history');
  await page.getByRole('searchbox', { name: 'Search' }).fill(filed[3]!.reference_id);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Paolo Villanueva');
});
