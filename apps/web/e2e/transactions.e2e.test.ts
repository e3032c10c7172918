import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, failCall, openAdminPage, searchParam, waitForEveryCell } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

interface Answer {
  readonly transactions: ReadonlyArray<{ reference_id: string; user_name: string; transaction_type: string }>;
  readonly summary: {
    total_transactions: number;
    successful_transactions: number;
    pending_transactions: number;
  };
  readonly pagination: { total_count: number };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Platform transactions' });
const rows = (page: Page) => table(page).locator('tbody tr:has(td + td)');
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const notice = (page: Page) => page.getByRole('alert', { name: 'Data Loading Issue' });

describe('All Platform Transactions', () => {
  it('shows the cards, the columns, signed coloured amounts and the pager only past 20', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions');
    await page.getByRole('heading', { level: 1, name: 'All Platform Transactions' }).waitFor();
    const answer = await adminApi<Answer>('/api/wallet/admin/all-transactions/');
    await card(page, 'Total Transactions')
      .getByText(String(answer.summary.total_transactions), { exact: true })
      .waitFor();
    await card(page, 'Successful')
      .getByText(String(answer.summary.successful_transactions), { exact: true })
      .waitFor();
    await card(page, 'Pending')
      .getByText(String(answer.summary.pending_transactions), { exact: true })
      .waitFor();
    await card(page, 'Total Volume (UGX)')
      .getByText(/^UGX [\d,]+$/)
      .waitFor();
    await rows(page).first().waitFor();
    expect(await table(page).locator('thead th').allTextContents()).toEqual([
      'Transaction ID',
      'User',
      'Date/Time',
      'Transaction Type',
      'Amount',
      'Status',
      'Provider Reference',
      'Details',
    ]);
    const amounts = await rows(page)
      .locator('td:nth-child(5) > span')
      .evaluateAll((spans) => spans.map((s) => [s.textContent ?? '', s.className]));
    for (const [text, className] of amounts) {
      if (text.startsWith('+UGX ')) expect(className).toContain('text-emerald-');
      else {
        expect(text.startsWith('\u2212UGX ')).toBe(true);
        expect(className).toContain('text-red-');
      }
    }
    const pager = page.getByRole('navigation', { name: 'Transactions pages' });
    if (answer.pagination.total_count > 20) {
      expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      await pager.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/page=2/);
    } else {
      expect(await pager.count()).toBe(0);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('filters by status and type in the URL and searches on the server', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions');
    await rows(page).first().waitFor();
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await status.locator('option').allTextContents()).toEqual([
      'All',
      'Completed',
      'Pending',
      'Processing',
      'Failed',
    ]);
    const type = page.getByRole('combobox', { name: 'Type' });
    expect(await type.locator('option').allTextContents()).toEqual([
      'All',
      'Disbursements',
      'Withdrawals',
      'Repayments',
    ]);
    await type.selectOption('REPAYMENT');
    await page.waitForURL(/type=REPAYMENT/);
    await waitForEveryCell(page, 'tbody tr td:nth-child(4)', 'Repayment');
    await status.selectOption('COMPLETED');
    await page.waitForURL(/status=COMPLETED/);
    await page.reload();
    expect(await type.inputValue()).toBe('REPAYMENT');
    expect(await status.inputValue()).toBe('COMPLETED');

    const all = await adminApi<Answer>('/api/wallet/admin/all-transactions/?page_size=100');
    const sample = all.transactions.at(-1);
    if (!sample) throw new Error('no transactions in the demo data');
    await page.goto('/dashboard/transactions');
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(sample.reference_id);
    await page.waitForFunction(
      (ref) => new URL(location.href).searchParams.get('search') === ref,
      sample.reference_id,
    );
    expect(searchParam(page, 'page')).toBeNull();
    await table(page).getByText(sample.reference_id, { exact: true }).waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('opens the details dialog with id, reference, user, amount, status and description', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions');
    await rows(page).first().waitFor();
    const reference = await rows(page).first().locator('td').first().textContent();
    await rows(page)
      .first()
      .getByRole('button', { name: /View Details/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Transaction details' });
    for (const label of ['ID', 'Reference', 'User', 'Amount', 'Status', 'Description']) {
      await dialog.getByText(label, { exact: true }).waitFor();
    }
    await dialog.getByText(reference ?? '', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await close();
  });

  it.each([
    [{ status: 401, error: 'Token expired' }, 'Authentication failed. Please login again.'],
    [
      { status: 403, error: 'Access denied. Admin permissions required.' },
      'Access denied. Admin permissions required.',
    ],
    ['network', 'Network error. Please check your connection.'],
    [{ status: 500, error: 'Internal server error' }, 'Failed to load transactions.'],
  ] as const)(
    'shows the Data Loading Issue notice for %j with its text and a Retry',
    async (failure, text) => {
      const { page, close } = await openAdminPage(browser, '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      // A 401 is refreshed once against the real server, and the retried list fails again.
      await failCall(page, 'GET', '/api/wallet/admin/all-transactions/', failure);
      await page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('link', { name: 'Transactions' })
        .click();
      await notice(page).getByText(text, { exact: true }).waitFor({ timeout: 15_000 });
      await notice(page).getByRole('heading', { name: 'Data Loading Issue' }).waitFor();
      await card(page, 'Total Transactions').getByText('Data unavailable').waitFor();
      expect(await table(page).getByText('SAMPLE').count()).toBe(0);
      await page.unrouteAll();
      await notice(page).getByRole('button', { name: 'Retry' }).click();
      await notice(page).waitFor({ state: 'detached' });
      await rows(page).first().waitFor();
      await close();
    },
  );
});
