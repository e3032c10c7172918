import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { idempotencyKey, lenderWithBalance } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { PLATFORM_WALLET, userWallet } from '../ledger/ledger-accounts.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

describe('a loan the platform funds itself', () => {
  it('is paid only from the platform’s own money, never from what lenders deposited', async () => {
    const lender = await lenderWithBalance(t, 2_000_000);
    const borrower = await t.services.users.createUser({
      email: `own-money-${Date.now()}@test.sente.ug`,
      password: TEST_PASSWORD,
      name: 'Okello Borrower',
      role: 'borrower',
      phoneNumber: '0772123456',
    });
    const type = await insertLoanType(t.db.database.db, { minAmount: 100_000, maxAmount: 5_000_000 });
    const application = await insertApplication(t.db.database.db, {
      userId: borrower.id,
      loanTypeId: type.id,
      amountRequested: 500_000,
    });
    const disburse = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/loans/applications/${application.id}/disburse/`,
        headers: { ...bearer(adminToken), 'idempotency-key': idempotencyKey('disburse') },
      });
    // The float holds the lender's 2,000,000, none of it the platform's.
    expect(await t.services.ledger.balanceOf(t.db.database.db, PLATFORM_WALLET)).toBe(2_000_000);
    const refused = await disburse();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('PLATFORM_FUNDS_SHORT');
    await t.services.capital.payIn({
      amount: 300_000,
      reference: 'short',
      idempotencyKey: idempotencyKey('c'),
      adminId: null,
    });
    expect((await disburse()).json().code).toBe('PLATFORM_FUNDS_SHORT');
    await t.services.capital.payIn({
      amount: 200_000,
      reference: 'enough',
      idempotencyKey: idempotencyKey('c'),
      adminId: null,
    });
    const paid = await disburse();
    expect(paid.statusCode, paid.body).toBe(201);
    // The lender's money is all still there.
    expect(0 - (await t.services.ledger.balanceOf(t.db.database.db, userWallet(lender.user.id)))).toBe(
      2_000_000,
    );
    expect(await t.services.ledger.balanceOf(t.db.database.db, PLATFORM_WALLET)).toBe(2_000_000);
  });
});
