import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, failCall, openAdminPage } from './admin-session.ts';
import { axeViolations } from './axe.ts';
import { launchBrowser } from './harness.ts';
import { createLender, type TestLender } from './lender-accounts.ts';
import { expiredListing } from './marketplace-states.ts';

let browser: Browser;
/** A lender waiting for verification, and an EXPIRED listing: the dialogs open on them. */
let waiting: TestLender;
let expired: { id: number };
beforeAll(async () => {
  browser = await launchBrowser();
  waiting = await createLender('Dialog Check Capital', { isReady: true });
  // The demo's expired listings may have been listed again by another suite: this one is the test's.
  expired = await expiredListing('Dialog Check');
});
afterAll(async () => {
  await browser?.close();
});

const violations = (page: Page) => axeViolations(page);

const hasPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Each screen with the text that says it has loaded. */
async function screens(): Promise<ReadonlyArray<readonly [string, string]>> {
  const users = await adminApi<{ results: Array<{ id: number }> }>('/api/auth/admin/users/?search=Nakato');
  const id = users.results[0]?.id ?? 1;
  const lenders = await adminApi<{ results: Array<{ id: number; loans_funded: number }> }>(
    '/api/marketplace/admin/lenders/?page_size=100',
  );
  const lender = lenders.results.find((l) => l.loans_funded > 0)?.id ?? 1;
  return [
    ['/dashboard', 'All dashboard data loaded successfully.'],
    ['/dashboard/users', 'Total Users'],
    [`/dashboard/users/${id}`, 'National Identification Number'],
    [`/dashboard/users/${id}?tab=loans`, 'Loan History ('],
    [`/dashboard/users/${id}?tab=transactions`, 'Transaction History ('],
    ['/dashboard/applications', 'Showing 10 of'],
    ['/dashboard/loans', 'Whole portfolio, all loans'],
    ['/dashboard/loans?tab=repayments', 'On-Time Payments'],
    ['/dashboard/loans?tab=loan-types', 'Add New Loan Type'],
    ['/dashboard/loans?tab=repayments&loan=1', 'Sente (platform funds)'],
    ['/dashboard/transactions', 'Total Volume (UGX)'],
    ['/dashboard/marketplace', 'Rate Cap'],
    ['/dashboard/marketplace?status=EXPIRED', 'List again'],
    ['/dashboard/lenders', 'Loans Funded'],
    [`/dashboard/users/${lender}?tab=portfolio`, 'Days in Arrears'],
  ];
}

describe.each(['light', 'dark'] as const)('back-office screens in the %s theme', (colorScheme) => {
  it('have no WCAG 2.2 AA violations once loaded', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard', { colorScheme });
    for (const [path, loaded] of await screens()) {
      await page.goto(path);
      await page.getByText(loaded).first().waitFor();
      // A screen may load more than one table (a loan's repayments and its participations).
      await page.waitForFunction(
        () => ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === 'Loading...'),
      );
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
    }
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});

describe.each(['light', 'dark'] as const)('open dialogs in the %s theme', (colorScheme) => {
  it('the Lenders verify dialog has no WCAG 2.2 AA violations, empty, invalid or refused', async () => {
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/lenders?search=${encodeURIComponent(waiting.name)}`,
      { colorScheme },
    );
    await page.getByRole('button', { name: `Verify ${waiting.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify lender' });
    await dialog.getByLabel('What was checked').waitFor();
    expect({ state: 'open', violations: await violations(page) }).toEqual({ state: 'open', violations: [] });

    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText('Write a note on what was checked').waitFor();
    expect({ state: 'invalid', violations: await violations(page) }).toEqual({
      state: 'invalid',
      violations: [],
    });

    // Refused without changing anything on the server: the answer is made up in the browser.
    await failCall(page, 'POST', `/api/marketplace/admin/lenders/${waiting.id}/verify/`, {
      status: 409,
      error: 'The lender has not completed its KYC details',
    });
    await dialog.getByLabel('What was checked').fill('Certificate checked');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByRole('alert').getByText('Failed to verify lender').waitFor();
    expect({ state: 'refused', violations: await violations(page) }).toEqual({
      state: 'refused',
      violations: [],
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await close();
  }, 60_000);

  it('the Marketplace relist dialog has no WCAG 2.2 AA violations, asking or refused', async () => {
    const { page, problems, close } = await openAdminPage(
      browser,
      '/dashboard/marketplace?status=EXPIRED&page_size=100',
      { colorScheme },
    );
    await page.getByRole('button', { name: `List again Listing ${expired.id}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'List again' });
    await dialog.getByText('Are you sure you want to list this application again?').waitFor();
    expect({ state: 'asking', violations: await violations(page) }).toEqual({
      state: 'asking',
      violations: [],
    });

    await failCall(page, 'POST', `/api/marketplace/admin/listings/${expired.id}/relist/`, {
      status: 409,
      error: 'Only expired listings can be listed again (this one is OPEN)',
    });
    await dialog.getByRole('button', { name: 'List again' }).click();
    await dialog.getByRole('alert').getByText('Failed to list the application again').waitFor();
    expect({ state: 'refused', violations: await violations(page) }).toEqual({
      state: 'refused',
      violations: [],
    });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await close();
  }, 60_000);
});

describe('on a 768×1024 tablet', () => {
  it('fits every screen to the width; wide tables scroll inside their own region', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard', {
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
    });
    for (const [path, loaded] of await screens()) {
      await page.goto(path);
      await page.getByText(loaded).first().waitFor();
      expect({ path, scrolls: await hasPageScroll(page) }).toEqual({ path, scrolls: false });
    }
    await close();
  }, 60_000);
});
