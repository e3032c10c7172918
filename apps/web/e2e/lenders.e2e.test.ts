import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage, searchParam, waitForEveryCell } from './admin-session.ts';
import { launchBrowser } from './harness.ts';
import { createLender } from './lender-accounts.ts';

interface AdminLender {
  readonly id: number;
  readonly name: string;
  readonly verified: boolean;
  readonly verified_at: string | null;
  readonly verification_note: string | null;
}
interface Page_<T> {
  readonly count: number;
  readonly results: T[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Lenders', exact: true });
const rows = (page: Page) => table(page).locator('tbody tr:has(td + td)');

describe('Lenders', () => {
  it('is in the sidebar and lists the demo lenders with their verification and money', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Lenders' }).click();
    await page.waitForURL('**/dashboard/lenders');
    await page.getByRole('heading', { level: 1, name: 'Lenders' }).waitFor();
    await rows(page).first().waitFor();
    expect(await table(page).locator('thead th').allTextContents()).toEqual([
      'Name',
      'Email',
      'Kind',
      'KYC Complete',
      'Terms Accepted',
      'Verified',
      'Cash Available',
      'Reserved',
      'Lent Out',
      'Loans Funded',
      'Actions',
    ]);
    const verified = await adminApi<Page_<AdminLender>>('/api/marketplace/admin/lenders/?verified=true');
    expect(verified.count).toBeGreaterThanOrEqual(3);
    const first = verified.results[0];
    if (!first) throw new Error('no verified demo lender');
    const row = rows(page).filter({ hasText: first.name });
    await row.getByText('Verified', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Verify/ }).count()).toBe(0);
    expect(await row.locator('td:nth-child(7)').textContent()).toMatch(/^UGX [\d,]+$/);
    expect(problems).toEqual([]);
    await close();
  });

  it('filters by verification and searches by name through the URL', async () => {
    const waiting = await createLender('Filter Waiting Capital', { isReady: true });
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/lenders');
    await rows(page).first().waitFor();
    await page.getByLabel('Verification').selectOption('false');
    await page.waitForURL((url) => url.searchParams.get('verified') === 'false');
    await waitForEveryCell(page, 'table tbody td:nth-child(6)', 'Not verified');
    await rows(page).filter({ hasText: waiting.name }).waitFor();

    await page.getByLabel('Search lenders').fill('Filter Waiting');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Filter Waiting');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    await rows(page).filter({ hasText: waiting.email }).waitFor();
    expect(searchParam(page, 'verified')).toBe('false');
    expect(problems).toEqual([]);
    await close();
  });

  it('verifies a lender in the queue with a required note and shows it verified', async () => {
    const lender = await createLender('Grace Institutional Lending', { isReady: true });
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/lenders?verified=false');
    // The verification queue comes first.
    await rows(page).first().waitFor();
    const queue = await adminApi<Page_<AdminLender & { kyc_complete: boolean }>>(
      '/api/marketplace/admin/lenders/?verified=false&page_size=100',
    );
    const firstIncomplete = queue.results.findIndex((l) => !l.kyc_complete);
    const position = queue.results.findIndex((l) => l.id === lender.id);
    expect(position).toBeGreaterThanOrEqual(0);
    if (firstIncomplete >= 0) expect(position).toBeLessThan(firstIncomplete);
    const row = rows(page).filter({ hasText: lender.email });
    await row.getByText('Institution', { exact: true }).waitFor();
    const open = row.getByRole('button', { name: `Verify ${lender.name}`, exact: true });
    await open.click();

    const dialog = page.getByRole('dialog', { name: 'Verify lender' });
    const note = dialog.getByLabel('What was checked');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText('Write a note on what was checked').waitFor();
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    await note.fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText('At most 500 characters').waitFor();

    await note.fill('URSB certificate and contact person checked');
    await dialog.getByText('43 of 500 characters').waitFor();
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(`${lender.name} is verified and may now bid on listings.`)
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The unverified filter drops it; without the filter it reads Verified.
    await rows(page).filter({ hasText: lender.email }).waitFor({ state: 'detached' });
    await page.getByLabel('Verification').selectOption('');
    await rows(page).filter({ hasText: lender.email }).getByText('Verified', { exact: true }).waitFor();

    const after = await adminApi<Page_<AdminLender>>(
      `/api/marketplace/admin/lenders/?search=${encodeURIComponent(lender.email)}`,
    );
    expect(after.results[0]).toMatchObject({
      id: lender.id,
      verified: true,
      verification_note: 'URSB certificate and contact person checked',
    });
    expect(problems).toEqual([]);
    await close();
  });

  it("shows the server's refusal in the dialog when the lender's KYC is incomplete", async () => {
    const lender = await createLender('Incomplete Kyc Lender', { isReady: false });
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/lenders?search=${encodeURIComponent('Incomplete Kyc')}`,
    );
    const row = rows(page).filter({ hasText: lender.email });
    await row.getByRole('button', { name: `Verify ${lender.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify lender' });
    await dialog.getByLabel('What was checked').fill('Tried without KYC');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('Failed to verify lender').waitFor();
    await alert.getByText('The lender has not completed its KYC details').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Not verified', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});
