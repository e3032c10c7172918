import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, failCall, openAdminPage, searchParam, waitForEveryCell } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

interface Answer {
  readonly transactions: ReadonlyArray<{
    reference_id: string;
    user_name: string;
    transaction_type: string;
    type: string;
  }>;
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
  it('shows the cards, the columns, amounts signed from the platform side and the pager only past 20', async () => {
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
      'Details',
      'Transaction ID',
      'User',
      'Date/Time',
      'Transaction Type',
      'Amount',
      'Status',
      'Provider Reference',
    ]);
    // Money in (repayments, deposits) green and positive; money out (payouts, withdrawals) red and negative.
    const amounts = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => {
        const span = tr.querySelector('td:nth-child(6) > span');
        return [
          tr.querySelector('td:nth-child(5)')?.textContent ?? '',
          span?.textContent ?? '',
          span?.className ?? '',
        ];
      }),
    );
    expect(amounts.length).toBeGreaterThan(0);
    for (const [type, text, className] of amounts) {
      if (/^(Repayment|Deposit)/.test(type ?? '')) {
        expect(text).toMatch(/^\+UGX [\d,]+ \(money in\)$/);
        expect(className).toContain('text-emerald-');
      } else {
        expect(text).toMatch(/^\u2212UGX [\d,]+ \(money out\)$/);
        expect(className).toContain('text-red-');
      }
    }
    // Short ids: the last 8 characters of the reference, on one line.
    const ids = await rows(page).locator('td:nth-child(2)').allTextContents();
    for (const id of ids) expect(id).toMatch(/^\u2026[0-9a-f-]{8}$/);
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

  it('filters by labelled status and type (Deposits too) in the URL and searches on the server', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions');
    await rows(page).first().waitFor();
    // The labels are on screen, not only for screen readers.
    for (const label of ['Status', 'Type']) {
      expect(await page.locator('label', { hasText: new RegExp(`^${label}$`) }).isVisible()).toBe(true);
    }
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
      'Deposits',
    ]);
    await type.selectOption('REPAYMENT');
    await page.waitForURL(/type=REPAYMENT/);
    await waitForEveryCell(page, 'tbody tr td:nth-child(5)', 'Repayment');
    await status.selectOption('COMPLETED');
    await page.waitForURL(/status=COMPLETED/);
    await page.reload();
    expect(await type.inputValue()).toBe('REPAYMENT');
    expect(await status.inputValue()).toBe('COMPLETED');

    const all = await adminApi<Answer>('/api/wallet/admin/all-transactions/?page_size=100');
    const sample = all.transactions.at(-1);
    if (!sample) throw new Error('no transactions in the demo data');
    await page.goto('/dashboard/transactions');
    // The short id on screen is what an admin types: the search finds the reference by its end.
    const shortId = sample.reference_id.slice(-8);
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill(shortId);
    await page.waitForFunction((ref) => new URL(location.href).searchParams.get('search') === ref, shortId);
    expect(searchParam(page, 'page')).toBeNull();
    await table(page).getByText(`\u2026${shortId}`, { exact: true }).waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('opens the details dialog with id, reference, user, amount, status and description', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions');
    await rows(page).first().waitFor();
    const reference = await rows(page).first().locator('td').nth(1).textContent();
    await rows(page)
      .first()
      .getByRole('button', { name: /View Details/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Transaction details' });
    for (const label of ['ID', 'Reference', 'User', 'Amount', 'Status', 'Description']) {
      await dialog.getByText(label, { exact: true }).waitFor();
    }
    // The table shows the last 8 characters; the dialog the whole reference (a repayment's loan
    // reference is in a monospace link of its own, so the Reference row is read by its label).
    const full = await dialog.locator('dt:text-is("Reference") + dd').textContent();
    expect(full?.endsWith((reference ?? '').slice(1))).toBe(true);
    expect(full?.length).toBe(36);
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

/** Records of a CSV file (RFC 4180), after its byte-order mark. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return records;
}

async function exportFrom(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all' }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

describe('Transactions: Export all', () => {
  it('saves every transaction the filters match, not only the page on screen', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions?type=REPAYMENT');
    await rows(page).first().waitFor();
    const { name, text } = await exportFrom(page);
    expect(name).toBe('transactions-all.csv');
    expect(text.startsWith('\uFEFFTransaction ID,Created At,')).toBe(true);
    const [, ...records] = csvRecords(text);
    const answer = await adminApi<Answer>('/api/wallet/admin/all-transactions/?type=REPAYMENT');
    expect(answer.pagination.total_count).toBeGreaterThan(20);
    expect(records).toHaveLength(answer.pagination.total_count);
    for (const record of records) {
      expect(record[5]).toBe('REPAYMENT');
      expect(record[7]).toMatch(/^\d+$/);
      expect(record[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
    }
    await page.getByText(`Saved ${name}`).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps to the date range, and refuses one that ends before it starts', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions');
    await rows(page).first().waitFor();
    const exportGroup = page.getByRole('group', { name: 'Export all transactions' });
    await exportGroup.getByLabel('From').fill('2026-03-02');
    await exportGroup.getByLabel('To').fill('2026-03-01');
    await page.getByText('The end date must not be before the start date').waitFor();
    expect(await page.getByRole('button', { name: 'Export all' }).isDisabled()).toBe(true);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    await exportGroup.getByLabel('From').fill(today);
    await exportGroup.getByLabel('To').fill(today);
    const { name, text } = await exportFrom(page);
    expect(name).toBe(`transactions-${today}-${today}.csv`);
    for (const record of csvRecords(text).slice(1)) expect(record[1]?.startsWith(today)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });
});

describe.each([
  [1366, 800],
  [768, 1024],
] as const)('Transactions at %i×%i', (width, height) => {
  it('reaches every row’s id, user and View Details without sideways scrolling; axe finds nothing', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/transactions', {
      viewport: { width, height },
    });
    await rows(page).first().waitFor();
    const region = page.getByRole('region', { name: 'Platform transactions' });
    const box = await region.boundingBox();
    if (!box) throw new Error('no table region');
    const outside = await rows(page).evaluateAll(
      (trs, right) =>
        trs.filter((tr) =>
          [
            tr.querySelector('td:nth-child(2)'),
            tr.querySelector('td:nth-child(3)'),
            tr.querySelector('button'),
          ].some((cell) => !cell || cell.getBoundingClientRect().right > right + 1),
        ).length,
      box.x + box.width,
    );
    expect(outside).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).toBe(false);
    const { AxeBuilder } = await import('@axe-core/playwright');
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });
});
