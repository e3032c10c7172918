import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const hasPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Each screen with the text that says it has loaded. */
async function screens(): Promise<ReadonlyArray<readonly [string, string]>> {
  const users = await adminApi<{ results: Array<{ id: number }> }>('/api/auth/admin/users/?search=Nakato');
  const id = users.results[0]?.id ?? 1;
  return [
    ['/dashboard', 'Platform Wallet Balance'],
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
