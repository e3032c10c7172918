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
  it('funds the platform, credits lenders and leaves withdrawals in every status, all balanced', async () => {
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
    const deposits = (
      await t.app.inject({
        method: 'GET',
        url: '/api/wallet/admin/all-transactions/?type=DEPOSIT&status=COMPLETED&page_size=100',
        headers: bearer(token),
      })
    ).json();
    const deposited = deposits.transactions.reduce(
      (sum: number, x: { amount: string }) => sum + Number.parseInt(x.amount, 10),
      0,
    );
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/wallet/admin/financial-stats/', headers: bearer(token) })
    ).json();
    // Capital plus deposits, less the one withdrawal that was paid out (1,500,000).
    expect(stats.platform_wallet_balance).toBe(`${money.capital + deposited - 1_500_000}.00`);
  });
});
