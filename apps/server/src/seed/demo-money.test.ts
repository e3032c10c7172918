import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../test/ledger-audit.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoData } from './demo-seed.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});

describe('the demo money', () => {
  it('funds the platform, pays out and collects the demo loans, credits lenders and leaves withdrawals in every status, all balanced', async () => {
    const { money } = await seedDemoData(t.services);
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
