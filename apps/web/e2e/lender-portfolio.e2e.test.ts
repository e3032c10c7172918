import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, failCall, openAdminPage } from './admin-session.ts';
import { launchBrowser } from './harness.ts';
import { createLender } from './lender-accounts.ts';

interface AdminLender {
  readonly id: number;
  readonly name: string;
  readonly loans_funded: number;
}
interface Share {
  readonly loan: number;
  readonly loan_ref: string;
  readonly status: string;
  readonly share: string;
}
interface Portfolio {
  readonly cash_available: string;
  readonly outstanding_principal: string;
  readonly loans: { active: number; overdue: number; default: number; fully_paid: number };
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

const shillings = (wire: string) => `UGX ${Number(wire.replace(/\.00$/, '')).toLocaleString('en-US')}`;
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const table = (page: Page) => page.getByRole('table', { name: 'Participations', exact: true });
const rows = (page: Page) => table(page).locator('tbody tr:has(td + td)');
const hasPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A demo lender that funded loans (the demo's funded listing has three). */
async function lenderWithShares(): Promise<AdminLender> {
  const lenders = await adminApi<Page_<AdminLender>>('/api/marketplace/admin/lenders/?page_size=100');
  const lender = lenders.results.find((l) => l.loans_funded > 0);
  if (!lender) throw new Error('no demo lender funded a loan');
  return lender;
}

describe("A lender's user profile", () => {
  it('shows its portfolio and its participations, each linking to its loan', async () => {
    const lender = await lenderWithShares();
    const portfolio = await adminApi<Portfolio>(`/api/marketplace/admin/lenders/${lender.id}/portfolio/`);
    const shares = await adminApi<Page_<Share>>(
      `/api/marketplace/admin/lenders/${lender.id}/participations/?page_size=10`,
    );
    const { page, problems, close } = await openAdminPage(browser, `/dashboard/users/${lender.id}`);
    await page.getByRole('heading', { level: 1, name: lender.name }).waitFor();
    // Keyboard: End moves from KYC to the last tab, the lender's Portfolio.
    await page.getByRole('tab', { name: 'KYC' }).focus();
    await page.keyboard.press('End');
    const tab = page.getByRole('tab', { name: `Portfolio (${shares.count})`, exact: true });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('portfolio');

    await card(page, 'Cash Available')
      .getByText(shillings(portfolio.cash_available), { exact: true })
      .waitFor();
    await card(page, 'Outstanding Principal')
      .getByText(shillings(portfolio.outstanding_principal), { exact: true })
      .waitFor();
    const { active, overdue, fully_paid } = portfolio.loans;
    await card(page, 'Loans')
      .getByText(`${active} / ${overdue} / ${portfolio.loans.default} / ${fully_paid}`, { exact: true })
      .waitFor();
    await card(page, 'Net Annual Return')
      .getByText(/^(-?\d+\.\d\d% a year|Not yet meaningful)$/)
      .waitFor();

    await rows(page).first().waitFor();
    expect(await table(page).locator('thead th').allTextContents()).toEqual([
      'Loan',
      'Status',
      'Share',
      'Principal Outstanding',
      'Interest Earned',
      'Next Due Date',
      'Days in Arrears',
    ]);
    expect(await rows(page).count()).toBe(shares.results.length);
    const first = shares.results[0];
    if (!first) throw new Error('no participation');
    const row = rows(page).filter({ hasText: first.loan_ref });
    await row.getByText(shillings(first.share), { exact: true }).waitFor();
    await page.getByText(`Showing ${shares.results.length} of ${shares.count} entries`).waitFor();

    await row.getByRole('link', { name: first.loan_ref }).click();
    // A loan reference opens the loan's page (issue 18), which lists who funded it.
    await page.waitForURL((url) => url.pathname === `/dashboard/loans/${first.loan}`);
    await page
      .getByRole('table', { name: 'Participations', exact: true })
      .getByText(lender.name, { exact: true })
      .waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('filters the participations by loan status through the URL and says when none match', async () => {
    const lender = await lenderWithShares();
    const paid = await adminApi<Page_<Share>>(
      `/api/marketplace/admin/lenders/${lender.id}/participations/?status=FULLY_PAID`,
    );
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/users/${lender.id}?tab=portfolio`,
    );
    await rows(page).first().waitFor();
    await page.getByLabel('Loan status').selectOption('FULLY_PAID');
    await page.waitForURL((url) => url.searchParams.get('status') === 'FULLY_PAID');
    if (paid.count === 0) {
      await table(page).getByText('No participations with this status. Try another status.').waitFor();
    } else {
      await page.waitForFunction(() => {
        const cells = [...document.querySelectorAll('table tbody td:nth-child(2)')];
        return cells.length > 0 && cells.every((cell) => cell.textContent === 'Fully Paid');
      });
    }
    // Another tab drops the filter; coming back shows every share again.
    await page.getByRole('tab', { name: 'KYC' }).click();
    expect(new URL(page.url()).searchParams.get('status')).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });

  it('reads an empty portfolio for a lender that funded nothing yet', async () => {
    const lender = await createLender('Empty Portfolio Capital', { isReady: false });
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/users/${lender.id}?tab=portfolio`,
    );
    await table(page).getByText('This lender has not funded any loans yet.').waitFor();
    await card(page, 'Net Annual Return').getByText('No loans yet', { exact: true }).waitFor();
    await card(page, 'Loans').getByText('0 / 0 / 0 / 0', { exact: true }).waitFor();
    await card(page, 'Cash Available').getByText('UGX 0', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Portfolio (0)', exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('offers Try Again when the portfolio or the participations fail to load', async () => {
    const lender = await lenderWithShares();
    const { page, close } = await openAdminPage(browser, '/dashboard');
    const base = `/api/marketplace/admin/lenders/${lender.id}`;
    await failCall(page, 'GET', `${base}/portfolio/`);
    await failCall(page, 'GET', `${base}/participations/`, 'network');
    await page.goto(`/dashboard/users/${lender.id}?tab=portfolio`);
    const portfolioAlert = page.getByRole('alert').filter({ hasText: 'Failed to load the lender portfolio' });
    await portfolioAlert.getByText('Internal server error').waitFor({ timeout: 20_000 });
    await card(page, 'Cash Available').getByText('Data unavailable', { exact: true }).waitFor();
    const sharesAlert = page.getByRole('alert').filter({ hasText: 'Failed to load participations' });
    await sharesAlert.waitFor({ timeout: 20_000 });
    // A failed load is not an empty portfolio.
    await table(page).getByText('No data available', { exact: true }).waitFor();

    await page.unrouteAll();
    await portfolioAlert.getByRole('button', { name: 'Try Again' }).click();
    await sharesAlert.getByRole('button', { name: 'Try Again' }).click();
    await portfolioAlert.waitFor({ state: 'detached' });
    await sharesAlert.waitFor({ state: 'detached' });
    await rows(page).first().waitFor();
    await close();
  });

  it('fits a phone: the Portfolio tab stays in sight and the table scrolls in its own region', async () => {
    const lender = await lenderWithShares();
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/users/${lender.id}?tab=portfolio`,
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
    await rows(page).first().waitFor();
    const tab = page.getByRole('tab', { name: /^Portfolio/ });
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await hasPageScroll(page)).toBe(false);
    const region = page.getByRole('region', { name: 'Participations', exact: true });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("A borrower's user profile", () => {
  it('has no Portfolio tab, and a link to one shows the KYC tab', async () => {
    const users = await adminApi<Page_<{ id: number }>>('/api/auth/admin/users/?search=Nakato');
    const id = users.results[0]?.id;
    const { page, close } = await openAdminPage(browser, `/dashboard/users/${id}?tab=portfolio`);
    await page.getByText('National Identification Number', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'KYC' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'KYC',
      'Loan History',
      'Transaction History',
      'Messages',
    ]);
    await close();
  });
});
