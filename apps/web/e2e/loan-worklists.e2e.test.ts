/**
 * Issue 18, loans: the loan page, loan references as the one name of a loan, the loans worklist,
 * Collections, tables that fit at 1366×800 and 768×1024, and the small loan items.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser } from './harness.ts';

interface Loan {
  readonly id: number;
  readonly loan_id: string;
  readonly user: number;
  readonly user_name: string;
  readonly status: string;
  readonly loan_term: number;
  readonly total_payments: string;
  readonly days_in_arrears: number;
}

const DESKTOP = { width: 1366, height: 800 } as const;
const TABLET = { width: 768, height: 1024 } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const violations = (page: Page) => axeViolations(page);

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr:has(td + td)');

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Loading...'),
  );
}

/**
 * The page never scrolls sideways, and in the first row of the table the cells at these positions
 * (1-based: who the row is, its actions) lie inside the table's own scrolling region as it opens.
 */
async function expectNameAndActionsInSight(page: Page, name: string, cells: readonly number[]) {
  await rows(page, name).first().waitFor();
  const fit = await table(page, name).evaluate((element, positions) => {
    const region = element.closest('section');
    const row = element.querySelector('tbody tr');
    if (!region || !row) return { error: 'no region or row' };
    region.scrollLeft = 0;
    const box = region.getBoundingClientRect();
    const outside = positions.filter((n) => {
      const cell = row.children[n - 1]?.getBoundingClientRect();
      return !cell || cell.left < box.left - 1 || cell.right > box.right + 1;
    });
    return {
      outside,
      pageScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  }, cells);
  expect({ name, ...fit }).toEqual({ name, outside: [], pageScrolls: false });
}

async function someLoan(query: string): Promise<Loan> {
  const page = await adminApi<{ results: Loan[] }>(`/api/loans/loans/?${query}`);
  const loan = page.results[0];
  if (!loan) throw new Error(`no loan in the demo data for ?${query}`);
  return loan;
}

describe.each([
  ['1366×800', DESKTOP],
  ['768×1024', TABLET],
] as const)('loan screens at %s', (_size, viewport) => {
  it('fit the Loans, Repayments, Loan Types and Collections tables: a row’s name and actions in sight', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/loans', { viewport });
    await expectNameAndActionsInSight(page, 'Loans', [1, 2]);
    await page.goto('/dashboard/loans?tab=repayments');
    await expectNameAndActionsInSight(page, 'Repayments', [1, 2, 3]);
    await page.goto('/dashboard/loans?tab=loan-types');
    await expectNameAndActionsInSight(page, 'Loan Types', [1, 2]);
    await page.goto('/dashboard/collections');
    await expectNameAndActionsInSight(page, 'Late loans', [1, 2]);
    expect(problems).toEqual([]);
    await close();
  });

  it.each(['light', 'dark'] as const)(
    'have no WCAG 2.2 AA violations in the %s theme: worklist, loan page, Collections',
    async (colorScheme) => {
      const loan = await someLoan('status=OVERDUE');
      const { page, problems, close } = await openAdminPage(browser, '/dashboard/loans?status=OVERDUE', {
        viewport,
        colorScheme,
      });
      for (const [path, loaded] of [
        ['/dashboard/loans?status=OVERDUE&ordering=-amount', 'Whole portfolio, all loans'],
        [`/dashboard/loans/${loan.id}`, 'Installment Schedule'],
        ['/dashboard/collections?bucket=1-30', 'Late Since'],
        [`/dashboard/loans?tab=repayments&loan=${loan.id}`, 'Repaid on This Loan'],
      ] as const) {
        await page.goto(path);
        await page.getByText(loaded).first().waitFor();
        await settled(page);
        expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
      }
      expect(problems).toEqual([]);
      await close();
    },
    60_000,
  );
});

describe('the loans worklist', () => {
  it('searches by a loan reference on the server and opens the loan page from it', async () => {
    const loan = await someLoan('status=OVERDUE');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/loans', { viewport: DESKTOP });
    await rows(page, 'Loans').first().waitFor();
    expect(await table(page, 'Loans').locator('thead th').allTextContents()).toEqual([
      'Loan',
      'View Transactions',
      'Amount (UGX)',
      'Remaining Balance',
      'Status',
      'Next Due',
      'Days in Arrears',
    ]);
    await page.getByRole('searchbox', { name: 'Search loans' }).fill(loan.loan_id.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('search') === loan.loan_id.toLowerCase());
    await page.getByText('Showing 1 of 1 entries').waitFor();
    await rows(page, 'Loans').getByRole('link', { name: loan.loan_id, exact: true }).click();
    await page.waitForURL(`**/dashboard/loans/${loan.id}`);
    await page.getByRole('heading', { level: 1, name: `Loan ${loan.loan_id}` }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('filters by status and arrears bucket and sorts by amount, all kept in the URL', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/loans', { viewport: DESKTOP });
    await rows(page, 'Loans').first().waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('DEFAULT');
    await page.getByLabel('Days in arrears').selectOption('90+');
    await page.getByLabel('Sort by').selectOption('-amount');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('status') === 'DEFAULT' &&
        url.searchParams.get('arrears') === '90+' &&
        url.searchParams.get('ordering') === '-amount',
    );
    await settled(page);
    const expected = await adminApi<{ results: Loan[] }>(
      '/api/loans/loans/?status=DEFAULT&arrears=90%2B&ordering=-amount',
    );
    expect(expected.results.length).toBeGreaterThan(0);
    await page.getByText(`Showing ${expected.results.length} of`).waitFor();
    const refs = await rows(page, 'Loans').locator('td:nth-child(1) a').allTextContents();
    expect(refs).toEqual(expected.results.map((l) => l.loan_id));
    const amounts = (await rows(page, 'Loans').locator('td:nth-child(3)').allTextContents()).map((t) =>
      Number(t.replace(/\D/g, '')),
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const days of await rows(page, 'Loans').locator('td:nth-child(7)').allTextContents()) {
      expect(Number(days.replace(/\D/g, ''))).toBeGreaterThan(90);
    }
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('status') && !url.searchParams.has('arrears'));
    expect(problems).toEqual([]);
    await close();
  });

  it('never paints the progress bar of a loan that is not in arrears red', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/loans?status=ACTIVE&page_size=100', {
      viewport: DESKTOP,
    });
    await rows(page, 'Loans').first().waitFor();
    const bars = await table(page, 'Loans')
      .getByRole('progressbar')
      .evaluateAll((elements) => elements.map((e) => e.firstElementChild?.className ?? ''));
    expect(bars.length).toBeGreaterThan(0);
    for (const className of bars) expect(className).not.toContain('red');
    await close();
  });
});

describe('the loan page', () => {
  it('shows terms, the schedule with what was paid, arrears, history, repayments, participations and the borrower', async () => {
    const loan = await someLoan('status=OVERDUE');
    const balance = await adminApi<{ arrears_amount: string }>(`/api/loans/loans/${loan.id}/balance/`);
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/loans/${loan.id}`, {
      viewport: DESKTOP,
    });
    await page.getByRole('heading', { level: 1, name: `Loan ${loan.loan_id}` }).waitFor();
    for (const heading of [
      'Terms',
      'Borrower',
      'Installment Schedule',
      'Repayments',
      'Status History',
      'Participations',
    ]) {
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
    }
    expect(await rows(page, `Installment schedule of ${loan.loan_id}`).count()).toBe(loan.loan_term);
    expect(
      await table(page, `Installment schedule of ${loan.loan_id}`).locator('thead th').allTextContents(),
    ).toEqual([
      'No.',
      'Due Date',
      'Principal Due',
      'Interest Due',
      'Total Due',
      'Principal Paid',
      'Interest Paid',
      'Status',
    ]);
    await card(page, 'Days in Arrears').getByText(`${loan.days_in_arrears} days`).waitFor();
    const arrears = Number(balance.arrears_amount.replace('.00', '')).toLocaleString('en-US');
    await card(page, 'Days in Arrears').getByText(`UGX ${arrears} in arrears`).waitFor();
    await rows(page, `Status history of ${loan.loan_id}`).first().waitFor();
    await page.getByRole('link', { name: loan.user_name, exact: true }).waitFor();
    await page.locator('a[href^="tel:+256"]').first().waitFor();
    await settled(page);
    expect(problems).toEqual([]);
    await close();
  });

  it('says so for a loan that does not exist', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/loans/99999999', { viewport: DESKTOP });
    await page.getByText('There is no loan with this number.').waitFor();
    await close();
  });
});

describe('loan references everywhere', () => {
  it('finds a loan’s transactions by its reference and links each to the loan page', async () => {
    const loan = await someLoan('status=OVERDUE');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions', {
      viewport: DESKTOP,
    });
    await page.getByRole('searchbox').first().fill(loan.loan_id);
    await page.waitForURL((url) => url.searchParams.get('search') === loan.loan_id);
    await settled(page);
    const links = page.getByRole('link', { name: loan.loan_id, exact: true });
    await links.first().waitFor();
    const answer = await adminApi<{ transactions: unknown[] }>(
      `/api/wallet/admin/all-transactions/?search=${loan.loan_id}`,
    );
    expect(answer.transactions.length).toBeGreaterThan(0);
    expect(await links.count()).toBe(answer.transactions.length);
    await links.first().click();
    await page.waitForURL(`**/dashboard/loans/${loan.id}`);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows one loan’s own cards when Repayments is filtered to it', async () => {
    const loan = await someLoan('status=OVERDUE');
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/loans?tab=repayments&loan=${loan.id}`,
      { viewport: DESKTOP },
    );
    const paid = Number(loan.total_payments.replace('.00', '')).toLocaleString('en-US');
    await card(page, 'Repaid on This Loan').getByText(`UGX ${paid}`, { exact: true }).waitFor();
    expect(await card(page, 'Payment Success Rate').count()).toBe(0);
    await page.getByRole('link', { name: 'Show All Transactions' }).click();
    await card(page, 'Payment Success Rate').waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('Collections', () => {
  it('lists late loans by arrears bucket with counts, phones and a sort, from the sidebar', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard', { viewport: DESKTOP });
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Collections', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    const buckets = await adminApi<{ buckets: { bucket: string; count: number }[]; total: number }>(
      '/api/loans/overdue-payments/buckets/',
    );
    const oldest = buckets.buckets.find((b) => b.bucket === '90+')?.count ?? 0;
    expect(oldest).toBeGreaterThan(0);
    const menu = page.getByRole('navigation', { name: 'Arrears buckets' });
    await menu.getByRole('link', { name: `All late loans (${buckets.total})` }).waitFor();
    await menu.getByRole('link', { name: `Over 90 days (${oldest})` }).click();
    await page.waitForURL((url) => url.searchParams.get('bucket') === '90+');
    // The page shows the bucket before a sort is chosen, as a person sees it: a change made before
    // the render that follows the link builds on the parameters that render had (React Router's
    // setSearchParams), and would drop the bucket.
    await table(page, 'Late loans, Over 90 days').waitFor();
    await page.getByLabel('Sort by').selectOption('-remaining_balance');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('ordering') === '-remaining_balance' && url.searchParams.get('bucket') === '90+',
    );
    const expected = await adminApi<{ results: { loan_id: string }[] }>(
      '/api/loans/overdue-payments/?bucket=90%2B&ordering=-remaining_balance',
    );
    const late = rows(page, 'Late loans, Over 90 days');
    // The previous answer stays on screen while the next loads: wait for this one's first row.
    await late
      .first()
      .getByRole('link', { name: expected.results[0]?.loan_id ?? '', exact: true })
      .waitFor();
    expect(await late.locator('td:nth-child(1) a').allTextContents()).toEqual(
      expected.results.map((r) => r.loan_id),
    );
    for (const days of await late.locator('td:nth-child(3)').allTextContents()) {
      expect(Number(days.replace(/\D/g, ''))).toBeGreaterThan(90);
    }
    const owed = (await late.locator('td:nth-child(6)').allTextContents()).map((t) =>
      Number(t.replace(/\D/g, '')),
    );
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    expect(await late.locator('td:nth-child(2) a[href^="tel:"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('Export all', () => {
  async function exported(page: Page): Promise<string[]> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    return csv.trimEnd().split('\r\n');
  }

  // The demo has fewer loans than a page; the server's tests read the export across keyset pages.
  it('downloads every loan the worklist matches, in the server’s order', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/loans', { viewport: DESKTOP });
    await rows(page, 'Loans').first().waitFor();
    const matching = await adminApi<{ count: number; results: { loan_id: string }[] }>(
      '/api/loans/loans/?page_size=100',
    );
    expect(matching.count).toBeGreaterThan(0);
    const [header, ...lines] = await exported(page);
    expect(header?.startsWith('Loan,Borrower,Loan Type,Amount (UGX)')).toBe(true);
    expect(lines).toHaveLength(matching.count);
    expect(lines.map((line) => line.split(',')[0])).toEqual(matching.results.map((l) => l.loan_id));
    await page.getByText('Saved loans-all.csv').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('downloads every repayment of the loan Repayments shows, within the date range asked', async () => {
    const [latest] = (
      await adminApi<{ results: { loan: number; loan_id: string }[] }>('/api/loans/transactions/?page_size=1')
    ).results;
    if (!latest) throw new Error('no repayment in the demo data');
    const paid = await adminApi<{ count: number }>(
      `/api/loans/transactions/?loan=${latest.loan}&page_size=1`,
    );
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/loans?tab=repayments&loan=${latest.loan}`,
      { viewport: DESKTOP },
    );
    await rows(page, 'Repayments').first().waitFor();
    const [header, ...lines] = await exported(page);
    expect(header?.startsWith('Transaction ID,Loan,Name,Amount Paid (UGX)')).toBe(true);
    expect(lines).toHaveLength(paid.count);
    expect(lines.every((line) => line.split(',')[1] === latest.loan_id)).toBe(true);
    await page.getByText(`Saved repayments-loan-${latest.loan}-all.csv`).waitFor();

    // A range that ends before it starts is refused on screen; a range before any payment is empty.
    const group = page.getByRole('group', { name: 'Export all repayments' });
    await group.getByLabel('From').fill('2020-01-02');
    await group.getByLabel('To').fill('2020-01-01');
    await group.getByText('The end date must not be before the start date').waitFor();
    expect(await group.getByRole('button', { name: 'Export all' }).isDisabled()).toBe(true);
    await group.getByLabel('To').fill('2020-01-02');
    expect(await exported(page)).toEqual([header]);
    await page.getByText(`Saved repayments-loan-${latest.loan}-2020-01-02-2020-01-02.csv`).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('downloads every late loan of a Collections bucket', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/collections?bucket=90%2B', {
      viewport: DESKTOP,
    });
    await rows(page, 'Late loans, Over 90 days').first().waitFor();
    const matching = await adminApi<{ count: number }>(
      '/api/loans/overdue-payments/?bucket=90%2B&page_size=1',
    );
    const [header, ...lines] = await exported(page);
    expect(header?.startsWith('Loan,Borrower,Phone')).toBe(true);
    expect(lines).toHaveLength(matching.count);
    await page.getByText('Saved collections-90+-all.csv').waitFor();
    expect(problems).toEqual([]);
    await close();
  });
});
