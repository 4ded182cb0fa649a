/**
 * The request lists in pages, searched on the server (docs/DECISIONS.md, "Requests and
 * approvals", Lists): a long My Requests shows twenty at a time with the pages under it, a
 * search reaches requests beyond the first page, the address keeps the page and the search
 * so Go Back returns to them, and an approver's list and the header's count agree.
 * Paolo files transmittals (Jose decides them first); a later spec only ever looks for its
 * own, newer, requests in Jose's list, which stay on its first page.
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
      await fileRequest(paolo, 'transmittal', {
        receiver: 'Cebu Warehouse',
        transmittals: [{ description: `Delivery receipts, batch ${n + 1}`, quantity: 1, price: '0', remarks: '' }],
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
  await page.getByRole('searchbox', { name: 'Search' }).fill('transmittal form');
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByTestId('request-range')).toHaveText(/^1–20 of \d+$/);
  await expect(rows(page).filter({ hasNotText: 'Transmittal Form' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
  await expect(page.getByText('No requests match your search.')).toBeVisible();
});

test('an approver’s pending list is searched by the requester’s name, and the header counts it all', async ({ page, request }) => {
  const jose = await apiSignIn(request, 'jose.garcia');
  const total = async (query: string) => {
    const answer = await request.get(`/api/v1/forms/me/approvals?page=1&limit=1${query}`, { headers: jose.headers });
    return ((await answer.json()) as { pagination: { total: number } }).pagination.total;
  };
  const waiting = await total('');
  const fromPaolo = await total('&query=Villanueva');
  expect(fromPaolo).toBeGreaterThanOrEqual(22);

  await signInAndWaitForHome(page, 'jose.garcia@demo.local');
  await page.goto('/requests?p=view-approval-list');
  await expect(page.getByTestId('waiting-approvals')).toContainText(waiting > 99 ? '99+' : String(waiting));
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByTestId('request-range')).toHaveText(`1–20 of ${waiting}`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Villanueva');
  await expect(page.getByTestId('request-range')).toHaveText(`1–20 of ${fromPaolo}`);
  await expect(rows(page).filter({ hasNotText: 'Paolo Villanueva' })).toHaveCount(0);

  await page.goto('/requests?p=view-approval-history');
  await page.getByRole('searchbox', { name: 'Search' }).fill(filed[3]!.reference_id);
  await expect(rows(page)).toHaveCount(1);
  // History shows the display name, which the profile spec may have changed.
  await expect(rows(page)).toContainText(filed[3]!.reference_id);
  await expect(rows(page)).toContainText('Transmittal Form');
});
