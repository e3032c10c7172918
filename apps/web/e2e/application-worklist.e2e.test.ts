import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage, searchParam } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser } from './harness.ts';

/**
 * The applications worklist and an application's own page (issue 18), at a 1366×800 laptop and a
 * 768×1024 tablet, in both themes: search, filters and sorts run on the server and stay in the URL;
 * no table needs sideways scrolling to show whose row it is and what can be done; axe finds nothing.
 */
interface Application {
  readonly id: number;
  readonly status: string;
  readonly business_name: string;
  readonly user_name: string;
  readonly nin: string;
  readonly approved_loan: number | null;
  readonly created_at: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { name: 'laptop', viewport: { width: 1366, height: 800 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
] as const;

const table = (page: Page) => page.getByRole('table', { name: 'Applications' });
const rows = (page: Page) => table(page).locator('tbody tr:has(td + td)');

const violations = (page: Page) => axeViolations(page);

/**
 * For every row: its applicant link and its action cell lie inside the table's visible box without
 * scrolling it, and the page itself never scrolls sideways.
 */
async function offScreenRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
      problems.push('the page scrolls sideways');
    const region = document.querySelector('section[aria-label="Applications"]');
    if (!region) return ['no table region'];
    const box = region.getBoundingClientRect();
    for (const row of region.querySelectorAll('tbody tr')) {
      const cells = row.querySelectorAll('td');
      if (cells.length < 2) continue;
      for (const cell of [cells[0], cells[1]]) {
        const rect = cell?.getBoundingClientRect();
        if (rect && (rect.left < box.left - 1 || rect.right > box.right + 1))
          problems.push(`${row.textContent?.slice(0, 40)}: a cell lies outside the visible table`);
      }
    }
    return problems;
  });
}

async function applications(query: string): Promise<{ count: number; results: Application[] }> {
  return adminApi(`/api/loans/applications/?${query}`);
}

describe.each(VIEWPORTS)('the Applications worklist on a $name', ({ viewport }) => {
  it.each(['light', 'dark'] as const)(
    'shows whose row and its actions without sideways scrolling, with no axe violations (%s)',
    async (colorScheme) => {
      const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications?page_size=25', {
        viewport,
        colorScheme,
      });
      await rows(page).first().waitFor();
      expect(await offScreenRows(page)).toEqual([]);
      expect(await violations(page)).toEqual([]);
      // The more-filters panel open, and the awaiting-disbursement list.
      await page.getByText('More filters').click();
      await page.getByLabel('Submitted from').waitFor();
      expect(await violations(page)).toEqual([]);
      await page.goto('/dashboard/applications?awaiting=1&ordering=created_at');
      await rows(page).first().waitFor();
      expect(await offScreenRows(page)).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('the Applications worklist', () => {
  it('searches the server by applicant, business and NIN after typing pauses, kept in the URL', async () => {
    const [sample] = (await applications('page_size=1&ordering=created_at')).results;
    if (!sample) throw new Error('no applications in the demo data');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications');
    await rows(page).first().waitFor();
    const search = page.getByRole('searchbox', { name: 'Search applications' });
    for (const term of [sample.nin, sample.business_name, sample.user_name]) {
      const expected = await applications(`search=${encodeURIComponent(term)}`);
      await search.fill(term);
      await page.waitForURL((url) => url.searchParams.get('search') === term);
      await page.getByText(`Showing ${Math.min(10, expected.count)} of ${expected.count} entries`).waitFor();
      await rows(page).filter({ hasText: sample.user_name }).first().waitFor();
    }
    await page.reload();
    expect(await search.inputValue()).toBe(sample.user_name);
    expect(problems).toEqual([]);
    await close();
  });

  it('sorts oldest first and by amount, and shows the submission date', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications');
    await rows(page).first().waitFor();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest first' });
    await page.waitForURL(/ordering=created_at/);
    const [oldest] = (await applications('ordering=created_at&page_size=1')).results;
    await rows(page)
      .first()
      .getByRole('link', { name: oldest?.user_name ?? '' })
      .waitFor();
    expect(await rows(page).first().locator('td').last().textContent()).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Amount, largest first' });
    await page.waitForURL(/ordering=-amount_requested/);
    const [largest] = (await applications('ordering=-amount_requested&page_size=1')).results;
    await rows(page)
      .first()
      .getByRole('link', { name: largest?.user_name ?? '' })
      .waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('filters by amount and score range together, and says so when the range is impossible', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications');
    await rows(page).first().waitFor();
    await page.getByText('More filters').click();
    await page.getByLabel('Amount from (UGX)').fill('1,000,000');
    await page.getByLabel('Score from').fill('50');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/amount_min=1000000/);
    expect(searchParam(page, 'score_min')).toBe('50');
    const expected = await applications('amount_min=1000000&score_min=50');
    await page.getByText(`Showing ${Math.min(10, expected.count)} of ${expected.count} entries`).waitFor();
    await page.getByText('More filters (2 on)').waitFor();
    await page.getByLabel('Score to').fill('10');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('alert').getByText('Failed to load applications', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.search.includes('score'));
    await rows(page).first().waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('exports every application the filters match, not only the page on screen', async () => {
    const expected = await applications('status=PENDING');
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications?status=PENDING');
    await rows(page).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('group', { name: 'Export all applications' })
        .getByRole('button', { name: 'Export all' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('applications-all.csv');
    const body = await readFile((await download.path()) ?? '', 'utf8');
    const lines = body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,submitted_at,applicant,business_name,/);
    // Every pending application: more than the ten on screen when the demo has them.
    expect(lines.length - 1).toBe(expected.count);
    expect(lines.slice(1).every((line) => line.includes(',PENDING,'))).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('lists the approved applications awaiting disbursement from the side menu', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications');
    await page
      .getByRole('navigation', { name: 'Applications' })
      .getByRole('link', { name: 'Awaiting Disbursement' })
      .click();
    await page.waitForURL(/awaiting=1/);
    const expected = await applications('awaiting_disbursement=true');
    await page.getByText(`Showing ${Math.min(10, expected.count)} of ${expected.count} entries`).waitFor();
    for (const text of await rows(page).locator('td:nth-child(2)').allTextContents()) {
      expect(text).toMatch(/^(Disburse|Payout processing)/);
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe.each(VIEWPORTS)('an application’s page on a $name', ({ viewport }) => {
  it.each(['light', 'dark'] as const)(
    'shows the flags, score and reasons, loans and history, with no axe violations (%s)',
    async (colorScheme) => {
      const [pending] = (await applications('status=PENDING&page_size=1')).results;
      if (!pending) throw new Error('no pending application left in the demo data');
      const { page, problems, close } = await openAdminPage(
        browser,
        `/dashboard/applications/${pending.id}`,
        {
          viewport,
          colorScheme,
        },
      );
      await page
        .getByRole('heading', { level: 1, name: `Application #${pending.id}: ${pending.business_name}` })
        .waitFor();
      await page
        .getByRole('region', { name: 'Needs a look' })
        .getByText('The NIN on the application differs from the one in the KYC record', { exact: true })
        .waitFor();
      await page.getByRole('heading', { name: 'Credit score' }).waitFor();
      await page.getByText('History').waitFor();
      await page.getByText(`Submitted by ${pending.user_name}`).waitFor();
      await page.waitForFunction(
        () => ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Loading...'),
      );
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      expect(await violations(page)).toEqual([]);
      // The approve and reject dialogs open on the note, with the flags; axe checks them open.
      for (const [button, dialogName, label] of [
        ['Approve', 'Approve application', 'Admin note (optional)'],
        ['Reject', 'Reject application', 'Reason for rejecting (required)'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('alertdialog', { name: dialogName });
        await dialog.getByRole('region', { name: 'Needs a look' }).waitFor();
        expect(await dialog.getByLabel(label).evaluate((element) => element === document.activeElement)).toBe(
          true,
        );
        expect(await violations(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('an application’s page', () => {
  it('links a disbursed application to its loan, lists the borrower’s loans and the decision', async () => {
    const disbursed = (await applications('status=APPROVED&page_size=100')).results.find(
      (a) => a.approved_loan !== null,
    );
    if (!disbursed?.approved_loan) throw new Error('no disbursed application in the demo data');
    const loan = await adminApi<{ loan_id: string }>(`/api/loans/loans/${disbursed.approved_loan}/`);
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/applications/${disbursed.id}`);
    const link = page.getByRole('link', { name: `Disbursed as ${loan.loan_id}` });
    expect(await link.getAttribute('href')).toBe(`/dashboard/loans/${disbursed.approved_loan}`);
    await page
      .getByRole('heading', { name: "The borrower's loans" })
      .locator('..')
      .getByRole('link', { name: loan.loan_id })
      .waitFor();
    await page.getByText(/^Approved by /).waitFor();
    await page.getByText(`Loan ${loan.loan_id}`, { exact: false }).first().waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('says so when the application does not exist', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard/applications/1999999999');
    await page.getByRole('alert').getByText('Failed to load the application').waitFor();
    await page.getByRole('link', { name: 'Back to Applications' }).waitFor();
    await close();
  });
});

describe('the Applications column chooser', () => {
  it('adds a column from the keyboard, keeps it after a reload, closes on Escape and passes axe open', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/applications', {
      viewport: { width: 1366, height: 800 },
    });
    await rows(page).first().waitFor();
    const headers = () => table(page).locator('thead th').allTextContents();
    expect(await headers()).not.toContain('Loan Type');

    // The disclosure is a real button to the keyboard and to screen readers (expanded / collapsed).
    const summary = page.locator('summary', { hasText: 'Columns' });
    await summary.focus();
    await page.keyboard.press('Enter');
    const group = page.getByRole('group', { name: 'More application columns' });
    await group.waitFor();
    expect(await violations(page)).toEqual([]);
    await group.getByRole('checkbox', { name: 'Loan Type' }).focus();
    await page.keyboard.press('Space');
    await table(page).locator('thead th', { hasText: 'Loan Type' }).waitFor();
    expect((await headers()).slice(0, 2)).toEqual(['Applicant', 'Action']);
    await page.keyboard.press('Escape');
    await group.waitFor({ state: 'hidden' });
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);

    // Kept in this browser: a reload shows the chosen column, and the name column stays sticky.
    await page.reload();
    await rows(page).first().waitFor();
    expect(await headers()).toContain('Loan Type');
    expect(
      await table(page)
        .locator('tbody td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).position),
    ).toBe('sticky');
    await summary.click();
    await group.getByRole('checkbox', { name: 'Loan Type' }).uncheck();
    await table(page).locator('thead th', { hasText: 'Loan Type' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('sente.applications.columns'))).toBe('[]');
    expect(problems).toEqual([]);
    await close();
  });
});
