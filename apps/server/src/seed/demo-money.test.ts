import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../test/ledger-audit.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { selectRows } from '../db/select-rows.ts';
import { FIRST_LENDER_LOAN_DAYS_AGO } from './demo-marketplace-history.ts';
import { seedDemoData } from './demo-seed.ts';

let t: TestApp;
let token: string;
let seeded: Awaited<ReturnType<typeof seedDemoData>>;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWithToken('admin')).token;
  seeded = await seedDemoData(t.services);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo money', () => {
  it('funds the platform, pays out and collects the demo loans, credits lenders and leaves withdrawals in every status, all balanced', async () => {
    const { money } = seeded;
    expect(money.deposits).toBeGreaterThanOrEqual(3);
    await expectLedgerBalanced(t.db.database.db);

    const all = (
      await t.app.inject({
        method: 'GET',
        url: '/api/wallet/admin/all-transactions/?type=WITHDRAWAL&page_size=100',
        headers: bearer(token),
      })
    ).json();
    expect(new Set(all.transactions.map((x: { status: string }) => x.status))).toEqual(
      new Set(['COMPLETED', 'FAILED', 'PROCESSING', 'PENDING']),
    );
    // The ledger's platform wallet equals the capital plus what the platform transactions say came in,
    // less what went out.
    const sumOf = async (type: string) => {
      const page = (
        await t.app.inject({
          method: 'GET',
          url: `/api/wallet/admin/all-transactions/?type=${type}&status=COMPLETED&page_size=1`,
          headers: bearer(token),
        })
      ).json();
      return Number.parseInt(page.summary.total_amount, 10);
    };
    const expected =
      money.capital +
      (await sumOf('DEPOSIT')) +
      (await sumOf('REPAYMENT')) -
      (await sumOf('WITHDRAWAL')) -
      (await sumOf('DISBURSEMENT'));
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/wallet/admin/financial-stats/', headers: bearer(token) })
    ).json();
    expect(stats.platform_wallet_balance).toBe(`${expected}.00`);
    expect(stats.total_disbursements).toBe(`${await sumOf('DISBURSEMENT')}.00`);
    expect(stats.total_repayments).toBe(`${await sumOf('REPAYMENT')}.00`);
    expect(Number.parseInt(stats.total_disbursements, 10)).toBeGreaterThan(0);
  });
});

describe('the demo marketplace', () => {
  it('has a listing in each state an operator meets: open with live bids, offered, declined (expired, bids released), and disbursed to three lenders', async () => {
    expect(seeded.marketplace).toMatchObject({ listings: 4, offered: 1, funded: 1, expired: 1 });
    const rows = await selectRows<{ status: string; live: number; released: number; lenders: number }>(
      t.db.database.db,
      sql`
      select l.status::text as status,
             (select count(*) from bids b where b.listing_id = l.id and b.status = 'LIVE')::int as live,
             (select count(*) from bids b where b.listing_id = l.id and b.status = 'RELEASED')::int as released,
             (select count(*) from participations p join loans n on n.id = p.loan_id
               where n.application_id = l.application_id and p.lender_id is not null)::int as lenders
        from listings l order by l.id`,
    );
    // The demo's lending history came first: its approved applications were listed too, and left
    // the marketplace when the platform paid them out, or are still open, unbid, awaiting payout;
    // and the lenders' first loan, funded by three of them eight weeks ago.
    expect(new Set(rows.slice(0, -4).map((r) => `${r.status} ${r.live + r.released}`))).toEqual(
      new Set(['EXPIRED 0', 'OPEN 0', 'DISBURSED 0']),
    );
    expect(rows.slice(0, -4).filter((r) => r.status === 'DISBURSED')).toEqual([
      { status: 'DISBURSED', live: 0, released: 0, lenders: 3 },
    ]);
    expect(rows.slice(-4)).toEqual([
      { status: 'OPEN', live: 2, released: 0, lenders: 0 },
      { status: 'OFFERED', live: 3, released: 0, lenders: 0 },
      { status: 'DISBURSED', live: 0, released: 0, lenders: 3 },
      { status: 'EXPIRED', live: 0, released: 2, lenders: 0 },
    ]);
    const rules = await selectRows<{ n: number }>(
      t.db.database.db,
      sql`select count(*)::int as n from auto_invest_rules where enabled`,
    );
    expect(rules[0]?.n).toBe(1);
    await expectLedgerBalanced(t.db.database.db);
  });

  it('gives the lenders of the history loan a repayment record and a net annual return, not "Not yet meaningful"', async () => {
    const { marketplaceHistory } = seeded;
    expect(marketplaceHistory).toMatchObject({ lenderLoans: 1 });
    // Paid out eight weeks ago, each weekly installment paid the day before it fell due.
    expect(marketplaceHistory.repayments).toBe(FIRST_LENDER_LOAN_DAYS_AGO / 7);
    const funders = await selectRows<{ lender_id: number }>(
      t.db.database.db,
      sql`select p.lender_id from participations p join loans n on n.id = p.loan_id
          where p.lender_id is not null and n.opening_date < now() - interval '30 days'
          order by p.lender_id`,
    );
    expect(funders).toHaveLength(3);
    for (const { lender_id } of funders) {
      const portfolio = (
        await t.app.inject({
          method: 'GET',
          url: `/api/marketplace/admin/lenders/${lender_id}/portfolio/`,
          headers: bearer(token),
        })
      ).json();
      expect(portfolio.net_annual_return).toMatch(/^\d+\.\d{2}$/);
      expect(Number(portfolio.interest_earned)).toBeGreaterThan(0);
      expect(Number(portfolio.principal_repaid)).toBeGreaterThan(0);
    }
  });
});
