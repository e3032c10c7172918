import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage, searchParam } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

interface Listing {
  readonly id: number;
  readonly status: string;
  readonly amount: string;
  readonly funded_amount: string;
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

const table = (page: Page) => page.getByRole('table', { name: 'Listings', exact: true });
const card = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const rows = (page: Page) => table(page).locator('tbody tr:has(td + td)');
const shillings = (wire: string) => `UGX ${Number(wire.replace('.00', '')).toLocaleString('en-US')}`;

describe('Marketplace', () => {
  it('is in the sidebar and shows the figures and every listing with its funding', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Marketplace' }).click();
    await page.waitForURL('**/dashboard/marketplace');
    await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();

    const stats = await adminApi<{ open_listings: number; active_lenders: number; amount_bid: string }>(
      '/api/marketplace/admin/stats/',
    );
    await card(page, 'Open Listings').getByText(String(stats.open_listings), { exact: true }).waitFor();
    await card(page, 'Active Lenders').getByText(String(stats.active_lenders), { exact: true }).waitFor();
    await card(page, 'Amount Bid').getByText(shillings(stats.amount_bid), { exact: true }).waitFor();
    await card(page, 'Funded This Month')
      .getByText(/^UGX [\d,]+$/)
      .waitFor();
    await card(page, 'Average Clearing Rate').waitFor();

    await rows(page).first().waitFor();
    expect(await table(page).locator('thead th').allTextContents()).toEqual([
      'Listing',
      'Loan',
      'Amount (UGX)',
      'Term (Months)',
      'Funding',
      'Rate Cap',
      'Risk Grade',
      'Bids',
      'Status',
      'Closes At',
      'Actions',
    ]);
    // Other suites list new applications (no bids yet) meanwhile: a page of 100 keeps the demo's
    // listings with bids in sight, and the screen and the API agree once both read the latest.
    await page.goto('/dashboard/marketplace?page_size=100');
    let all = await adminApi<Page_<Listing>>('/api/marketplace/admin/listings/?page_size=100');
    await expect
      .poll(async () => {
        await rows(page).first().waitFor();
        const shown = await rows(page).count();
        all = await adminApi<Page_<Listing>>('/api/marketplace/admin/listings/?page_size=100');
        if (shown === all.results.length) return true;
        await page.reload();
        return false;
      })
      .toBe(true);
    const funded = all.results.find((l) => l.funded_amount !== '0.00');
    if (!funded) throw new Error('no listing with bids in the demo data');
    const bar = page.getByRole('progressbar', { name: `Listing ${funded.id} funded`, exact: true });
    const percent = Math.round(
      (Number(funded.funded_amount.replace('.00', '')) / Number(funded.amount.replace('.00', ''))) * 100,
    );
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(Math.min(100, percent));
    await rows(page)
      .filter({ has: bar })
      .getByText(`${shillings(funded.funded_amount)} of ${shillings(funded.amount)}`)
      .waitFor();
    await page.getByText(/^Showing \d+ of \d+ entries$/).waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('filters by status through the URL and offers List again on expired listings only', async () => {
    const { page, problems, close } = await openAdminPage(browser, '/dashboard/marketplace');
    await rows(page).first().waitFor();
    // Other suites share the demo server and may move a listing on (an admin disbursing the offered
    // application withdraws it), so the filters are tried on the statuses that have listings now.
    const candidates = [
      ['OFFERED', 'Offered'],
      ['DISBURSED', 'Disbursed'],
      ['EXPIRED', 'Expired'],
    ] as const;
    const present: (typeof candidates)[number][] = [];
    for (const candidate of candidates) {
      const page_ = await adminApi<Page_<Listing>>(`/api/marketplace/admin/listings/?status=${candidate[0]}`);
      if (page_.count > 0) present.push(candidate);
    }
    expect(present.map(([status]) => status)).toContain('EXPIRED');
    expect(present.length).toBeGreaterThanOrEqual(2);
    for (const [status, label] of present) {
      await page.getByLabel('Status').selectOption(status);
      await page.waitForURL((url) => url.searchParams.get('status') === status);
      await page.waitForFunction((text) => {
        const cells = [...document.querySelectorAll('table tbody td:nth-child(9)')];
        return cells.length > 0 && cells.every((cell) => cell.textContent === text);
      }, label);
      const relistButtons = table(page).getByRole('button', { name: /^List again/ });
      expect(await relistButtons.count()).toBe(status === 'EXPIRED' ? await rows(page).count() : 0);
    }
    // Back returns to the filter chosen before the last one.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('status') === present.at(-2)?.[0]);
    expect(problems).toEqual([]);
    await close();
  });

  it('lists an expired listing again after confirmation and says so', async () => {
    const expired = await adminApi<Page_<Listing>>('/api/marketplace/admin/listings/?status=EXPIRED');
    const listing = expired.results[0];
    if (!listing) throw new Error('no EXPIRED listing in the demo data');
    const { page, problems, close } = await openAdminPage(
      browser,
      '/dashboard/marketplace?status=EXPIRED&page_size=100',
    );
    const button = table(page).getByRole('button', { name: `List again Listing ${listing.id}`, exact: true });
    await button.click();
    const dialog = page.getByRole('alertdialog', { name: 'List again' });
    await dialog.getByText('Are you sure you want to list this application again?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await button.click();
    await dialog.getByRole('button', { name: 'List again' }).click();
    await page.getByRole('status').getByText(`Listing ${listing.id} is open for bids again until`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // The EXPIRED filter no longer shows it; the listing is OPEN again.
    await button.waitFor({ state: 'detached' });
    const after = await adminApi<Page_<Listing>>(
      '/api/marketplace/admin/listings/?status=OPEN&page_size=100',
    );
    expect(after.results.map((l) => l.id)).toContain(listing.id);
    expect(searchParam(page, 'status')).toBe('EXPIRED');
    expect(problems).toEqual([]);
    await close();
  });

  it("shows the server's refusal in the dialog when the listing is no longer expired", async () => {
    const expired = await adminApi<Page_<Listing>>('/api/marketplace/admin/listings/?status=EXPIRED');
    const listing = expired.results[0];
    if (!listing) throw new Error('no EXPIRED listing left in the demo data');
    const { page, problems, close } = await openAdminPage(
      browser,
      '/dashboard/marketplace?status=EXPIRED&page_size=100',
    );
    await table(page)
      .getByRole('button', { name: `List again Listing ${listing.id}`, exact: true })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'List again' });
    await dialog.waitFor();
    // Another admin lists it again first.
    await adminApi(`/api/marketplace/admin/listings/${listing.id}/relist/`, { method: 'POST' });
    await dialog.getByRole('button', { name: 'List again' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('Failed to list the application again').waitFor();
    await alert.getByText('Only expired listings can be listed again (this one is OPEN)').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await close();
  });
});
