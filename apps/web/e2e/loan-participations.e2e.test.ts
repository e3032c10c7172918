import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, openAdminPage } from './admin-session.ts';
import { launchBrowser } from './harness.ts';

interface Listing {
  readonly application: number;
}
interface Loan {
  readonly id: number;
  readonly loan_id: string;
  readonly application: number;
}
interface Participation {
  readonly lender_name: string;
  readonly principal_share: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shillings = (wire: string) => `UGX ${Number(wire.replace('.00', '')).toLocaleString('en-US')}`;

async function loanOfDisbursedListing(): Promise<Loan> {
  const listings = await adminApi<{ results: Listing[] }>(
    '/api/marketplace/admin/listings/?status=DISBURSED&page_size=1',
  );
  const application = listings.results[0]?.application;
  const loans = await adminApi<{ results: Loan[] }>('/api/loans/loans/?page_size=100');
  const loan = loans.results.find((l) => l.application === application);
  if (!loan) throw new Error('no loan of a DISBURSED listing in the demo data');
  return loan;
}

describe("A loan's participations", () => {
  it('lists the lenders who funded a marketplace loan under its repayments', async () => {
    const loan = await loanOfDisbursedListing();
    const shares = await adminApi<Participation[]>(`/api/marketplace/admin/loans/${loan.id}/participations/`);
    expect(shares.length).toBe(3);
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/loans?tab=repayments&loan=${loan.id}`,
    );
    await page.getByRole('heading', { level: 3, name: 'Participations' }).waitFor();
    const table = page.getByRole('table', { name: 'Participations', exact: true });
    await table.locator('tbody tr:has(td + td)').first().waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Lender',
      'Rate',
      'Principal Share',
      'Principal Repaid',
      'Interest Paid',
      'Fees Paid',
      'Principal Outstanding',
    ]);
    expect(await table.locator('tbody tr').count()).toBe(3);
    for (const share of shares) {
      const row = table.locator('tbody tr', { hasText: share.lender_name });
      await row.getByText(shillings(share.principal_share), { exact: true }).first().waitFor();
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the platform as the only participant of a loan it funded itself', async () => {
    // Other suites fund loans through the marketplace too: pick one whose only share is the platform's.
    const loans = await adminApi<{ results: Loan[] }>('/api/loans/loans/?page_size=100');
    let platformLoan: Loan | undefined;
    for (const loan of loans.results) {
      const shares = await adminApi<{ lender: number | null }[]>(
        `/api/marketplace/admin/loans/${loan.id}/participations/`,
      );
      if (shares.length === 1 && shares[0]?.lender === null) {
        platformLoan = loan;
        break;
      }
    }
    if (!platformLoan) throw new Error('no platform-funded loan in the demo data');
    const { page, problems, close } = await openAdminPage(
      browser,
      `/dashboard/loans?tab=repayments&loan=${platformLoan.id}`,
    );
    const table = page.getByRole('table', { name: 'Participations', exact: true });
    await table.getByText('Sente (platform funds)').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });
});
