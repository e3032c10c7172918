import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { ledgerAccounts, loans } from '../../db/schema/index.ts';
import { PLATFORM_CAPITAL, PLATFORM_WALLET } from '../ledger/ledger-accounts.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.db.database.db;

describe('the platform wallet', () => {
  it('pays exactly 5 of 20 concurrent disbursements when it holds 5, and never goes below zero', async () => {
    await t.services.capital.payIn({
      amount: 5_000_000,
      idempotencyKey: 'five',
      reference: 'five loans',
      adminId: null,
    });
    const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
    const applicationIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const user = await t.services.users.createUser({
        email: `wallet${i}-${Date.now()}@test.sente.ug`,
        password: TEST_PASSWORD,
        name: `Borrower ${i}`,
        role: 'borrower',
        phoneNumber: '0772123456',
      });
      const application = await insertApplication(db(), {
        userId: user.id,
        loanTypeId: type.id,
        amountRequested: 1_000_000,
        loanTermMonths: 3,
      });
      applicationIds.push(application.id);
    }
    const answers = await Promise.all(
      applicationIds.map((id) =>
        t.app.inject({
          method: 'POST',
          url: `/api/loans/applications/${id}/disburse/`,
          headers: { ...bearer(adminToken), 'idempotency-key': idempotencyKey('burst') },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await t.services.ledger.balanceOf(db(), PLATFORM_WALLET)).toBe(0);
    const made = await db().select({ id: loans.id }).from(loans);
    expect(made).toHaveLength(5);
    await expectLedgerBalanced(db());
  });

  it('is refused by the database itself when a posting would take it below zero', async () => {
    const balance = await t.services.ledger.balanceOf(db(), PLATFORM_WALLET);
    const attempt = db().transaction((tx) =>
      t.services.ledger.postJournal(tx, {
        idempotencyKey: `overdraw-${Date.now()}`,
        kind: 'CAPITAL',
        memo: 'an owner takes more than there is',
        lines: [
          { account: PLATFORM_WALLET, amount: -(balance + 1) },
          { account: PLATFORM_CAPITAL, amount: balance + 1 },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'ledger_accounts_platform_wallet_not_negative' }),
    });
    const [row] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.code, PLATFORM_WALLET));
    expect(row?.balance).toBe(balance);
    await db().execute(sql`select 1`);
  });
});

describe('POST /api/wallet/admin/capital/', () => {
  function payIn(token: string, body: object, key = idempotencyKey('capital')) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wallet/admin/capital/',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: body,
    });
  }

  it('pays capital into the platform wallet once per Idempotency-Key, with its reference', async () => {
    const before = await t.services.ledger.balanceOf(db(), PLATFORM_WALLET);
    const key = idempotencyKey('capital');
    const first = await payIn(adminToken, { amount: '2500000', reference: 'STANBIC-TT-0042' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      amount: '2500000.00',
      reference: 'STANBIC-TT-0042',
      platform_wallet_balance: `${before + 2_500_000}.00`,
    });
    const again = await payIn(adminToken, { amount: '2500000', reference: 'STANBIC-TT-0042' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().posting_id).toBe(first.json().posting_id);
    expect(await t.services.ledger.balanceOf(db(), PLATFORM_WALLET)).toBe(before + 2_500_000);
    const other = await payIn(adminToken, { amount: '900000', reference: 'STANBIC-TT-0042' }, key);
    expect(other.statusCode).toBe(409);
    await expectLedgerBalanced(db());
  });

  it('answers 400 for a bad amount or no reference, 403 to a borrower, and changes nothing', async () => {
    const before = await t.services.ledger.balanceOf(db(), PLATFORM_WALLET);
    expect((await payIn(adminToken, { amount: '-5', reference: 'X' })).statusCode).toBe(400);
    expect((await payIn(adminToken, { amount: '1000', reference: '  ' })).statusCode).toBe(400);
    const borrower = await t.userWithToken('borrower');
    expect((await payIn(borrower.token, { amount: '1000', reference: 'X' })).statusCode).toBe(403);
    expect(await t.services.ledger.balanceOf(db(), PLATFORM_WALLET)).toBe(before);
  });
});
