import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, countRequests, failCall, openAdminPage } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const unavailable = (page: Page) => page.getByRole('status', { name: 'Some data may be unavailable' });

const CARDS = [
  'Platform Wallet Balance',
  'Total No. Of Users',
  'Applications',
  'Loans',
  'Total Loan Portfolio',
  'Outstanding Balance',
  'Total Disbursements',
  'Total Repayments',
];

const MARKETPLACE_CARDS = [
  'Open Listings',
  'Active Lenders',
  'Average Clearing Rate',
  'Amount Bid',
  'Funded This Month',
];

/** Cards of the Marketplace section whose figure is wider than the card leaves room for. */
const overflowingCards = (page: Page) =>
  page.getByRole('region', { name: 'Marketplace' }).evaluate((section) =>
    [...section.querySelectorAll('[role="group"]')]
      .filter((card) => {
        const box = card.getBoundingClientRect();
        return (
          card.scrollWidth > card.clientWidth ||
          [...card.querySelectorAll('p')].some((line) => line.getBoundingClientRect().right > box.right)
        );
      })
      .map((card) => card.querySelector('h3')?.textContent),
  );

describe('Dashboard', () => {
  it('loads every card, the breakdowns and both charts, and says all data loaded', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard');
    await page.getByText('All dashboard data loaded successfully.').waitFor();
    for (const label of CARDS) {
      expect(await card(page, label).getByText('Data unavailable').count()).toBe(0);
    }
    const users = await adminApi<{ total_users: number }>('/api/auth/admin/stats/');
    await card(page, 'Total No. Of Users').getByText(String(users.total_users), { exact: true }).waitFor();
    await card(page, 'Applications').getByText('Pending / Approved / Rejected').waitFor();
    await card(page, 'Loans').getByText('Active / Overdue / Fully Paid').waitFor();
    await card(page, 'Platform Wallet Balance')
      .getByText(/^UGX [\d,]+$/)
      .waitFor();
    for (const panel of ['Disbursements Breakdown', 'Repayments Breakdown']) {
      const section = page.locator('div', { has: page.getByRole('heading', { name: panel }) }).last();
      for (const period of ['Today', 'This Week', 'This Month', 'Total']) {
        await section.getByText(period, { exact: true }).waitFor();
      }
    }
    // The charts' figures are readable as tables and lists.
    const weekly = page.getByRole('table', { name: /Disbursements and repayments per week/ });
    expect(await weekly.locator('tbody tr:has(td + td)').count()).toBe(12);
    const byStatus = page.getByRole('list', { name: 'Number of loans by status' });
    expect(await byStatus.getByRole('listitem').count()).toBe(4);
    expect(problems).toEqual([]);
    await close();
  });

  it('marks only the failed source unavailable and lists its notice; Refresh reloads every source', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard');
    await page.getByText('All dashboard data loaded successfully.').waitFor();
    await failCall(page, 'GET', '/api/auth/admin/stats/', { status: 403, error: 'Forbidden' });
    const calls = countRequests(page, (url) =>
      [
        '/api/auth/admin/stats/',
        '/api/loans/applications/statistics/',
        '/api/loans/admin/loan-stats/',
        '/api/wallet/admin/financial-stats/',
      ].includes(url.pathname),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await unavailable(page).getByText('User Statistics unavailable', { exact: true }).waitFor();
    expect(calls()).toBe(4);
    await card(page, 'Total No. Of Users').getByText('Data unavailable', { exact: true }).waitFor();
    for (const label of CARDS.filter((label) => label !== 'Total No. Of Users')) {
      expect(await card(page, label).getByText('Data unavailable').count()).toBe(0);
    }
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('All dashboard data loaded successfully.').waitFor();
    await close();
  });

  it('lists each source notice, the empty answers, and Dashboard temporarily unavailable when all fail', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard');
    await page.getByText('All dashboard data loaded successfully.').waitFor();
    await failCall(page, 'GET', '/api/loans/applications/statistics/', { status: 403 });
    await page.route(
      (url) =>
        url.pathname === '/api/loans/admin/loan-stats/' ||
        url.pathname === '/api/wallet/admin/financial-stats/',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '' }),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    const list = unavailable(page);
    await list.getByText('Application Statistics unavailable', { exact: true }).waitFor();
    await list.getByText('Loan Statistics returned empty', { exact: true }).waitFor();
    await list.getByText('Financial Statistics returned empty', { exact: true }).waitFor();
    await card(page, 'Applications').getByText('Data unavailable').waitFor();
    await card(page, 'Total Loan Portfolio').getByText('Data unavailable').waitFor();
    await card(page, 'Platform Wallet Balance').getByText('Data unavailable').waitFor();
    expect(await card(page, 'Total No. Of Users').getByText('Data unavailable').count()).toBe(0);

    await page.unrouteAll();
    for (const path of [
      '/api/auth/admin/stats/',
      '/api/loans/applications/statistics/',
      '/api/loans/admin/loan-stats/',
      '/api/wallet/admin/financial-stats/',
    ]) {
      await failCall(page, 'GET', path, { status: 403 });
    }
    await page.getByRole('button', { name: 'Refresh' }).click();
    await list.getByText('Dashboard temporarily unavailable', { exact: true }).waitFor();
    await page.unrouteAll();
    await failCall(page, 'GET', '/api/loans/admin/loan-stats/', { status: 403 });
    await failCall(page, 'GET', '/api/wallet/admin/financial-stats/', { status: 403 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await list.getByText('Loan Statistics unavailable', { exact: true }).waitFor();
    await list.getByText('Financial Statistics unavailable', { exact: true }).waitFor();
    await close();
  });

  it('shows the marketplace figures with a link to the Marketplace screen', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard');
    await page.getByText('All dashboard data loaded successfully.').waitFor();
    const section = page.getByRole('region', { name: 'Marketplace' });
    const stats = await adminApi<{ open_listings: number; active_lenders: number; amount_bid: string }>(
      '/api/marketplace/admin/stats/',
    );
    await section
      .getByRole('group', { name: 'Open Listings', exact: true })
      .getByText(String(stats.open_listings), { exact: true })
      .waitFor();
    await section
      .getByRole('group', { name: 'Active Lenders', exact: true })
      .getByText(String(stats.active_lenders), { exact: true })
      .waitFor();
    const bid = Number(stats.amount_bid.replace(/\.00$/, '')).toLocaleString('en-US');
    await section
      .getByRole('group', { name: 'Amount Bid', exact: true })
      .getByText(`UGX ${bid}`, { exact: true })
      .waitFor();
    await section
      .getByRole('group', { name: 'Funded This Month', exact: true })
      .getByText(/^UGX [\d,]+$/)
      .waitFor();
    await section
      .getByRole('group', { name: 'Average Clearing Rate', exact: true })
      .getByText(/^(\d+(\.\d+)?% per month|None yet)$/)
      .waitFor();
    await section.getByRole('link', { name: 'View marketplace' }).click();
    await page.waitForURL('**/dashboard/marketplace');
    await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps large marketplace amounts inside their cards at 1366 px and on a phone', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 360, height: 780 },
    ]) {
      const { page, close } = await openAdminPage(browser, '/dashboard', { viewport });
      await page.route(
        (url) => url.pathname === '/api/marketplace/admin/stats/',
        (route) =>
          route.fulfill({
            json: {
              open_listings: 1234,
              amount_bid: '98765432100.00',
              funded_this_month: '12345678900.00',
              active_lenders: 56789,
              average_clearing_rate: '2.65',
            },
          }),
      );
      await page.getByRole('button', { name: 'Refresh' }).click();
      const section = page.getByRole('region', { name: 'Marketplace' });
      await section.getByText('UGX 98,765,432,100', { exact: true }).waitFor();
      await section.getByText('2.65% per month', { exact: true }).waitFor();
      expect({ viewport, overflowing: await overflowingCards(page) }).toEqual({ viewport, overflowing: [] });
      // The chart's table for screen readers once made a phone scroll sideways.
      await page
        .getByRole('table', { name: /Disbursements and repayments per week/ })
        .waitFor({ state: 'attached' });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      await close();
    }
  });

  it('marks only the marketplace cards unavailable when their source fails, and lists its notice', async () => {
    const { page, close } = await openAdminPage(browser, '/dashboard');
    await page.getByText('All dashboard data loaded successfully.').waitFor();
    await failCall(page, 'GET', '/api/marketplace/admin/stats/', { status: 403, error: 'Forbidden' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await unavailable(page).getByText('Marketplace Statistics unavailable', { exact: true }).waitFor();
    for (const label of MARKETPLACE_CARDS) {
      await card(page, label).getByText('Data unavailable', { exact: true }).waitFor();
    }
    for (const label of CARDS) {
      expect(await card(page, label).getByText('Data unavailable').count()).toBe(0);
    }
    await close();
  });
});
