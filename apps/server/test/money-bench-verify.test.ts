import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, verifySettlements } from '../bench/money/verify.ts';
import { participations } from '../src/db/schema/index.ts';
import { PLATFORM_WALLET, SUSPENSE } from '../src/features/ledger/ledger-accounts.ts';
import { lenderFundedLoan, verifiedLender } from './marketplace-helpers.ts';
import { completedRepayment } from './money-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let loanId: number;
let paymentIds: number[];
const db = () => t.db.database.db;

/** A loan funded by two lenders on the marketplace, paid out, and repaid twice by mobile money. */
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.userWithToken('admin');
  const first = await verifiedLender(t, admin.token, 2_000_000);
  const second = await verifiedLender(t, admin.token, 2_000_000);
  const borrower = await t.userWithToken('borrower');
  const loan = await lenderFundedLoan(t, {
    adminToken: admin.token,
    borrower,
    amount: 1_000_000,
    bids: [
      { lender: first, amount: 600_000 },
      { lender: second, amount: 400_000 },
    ],
  });
  loanId = loan.id;
  const weekly = loan.weeklyRepayment;
  paymentIds = [];
  for (let i = 0; i < 2; i++) {
    const { payment } = await completedRepayment(t, { loanId, userId: borrower.user.id, amount: weekly });
    paymentIds.push(payment.id);
  }
});
afterAll(async () => {
  await t.close();
});

describe("bench:money's verification", () => {
  it('finds nothing wrong after real settlements', async () => {
    const found = await verifySettlements(db(), { paymentIds, loanIds: [loanId] });
    expect(describeProblems(found)).toEqual([]);
  });

  it('catches a payment settled twice, an unknown payment and a participation that drifted', async () => {
    const [first] = paymentIds;
    if (first === undefined) throw new Error('no payment');
    // A second settlement posting of the same payment, as a retry under another key would write it:
    // balanced, so only counting the settlements per payment sees it. (A second repayment row is
    // refused by the database: loan_repayments_platform_transaction_key.)
    await db().transaction(async (tx) => {
      await t.services.ledger.postJournal(tx, {
        idempotencyKey: `payment:${first}:settle-again`,
        kind: 'REPAYMENT',
        memo: 'a second settlement',
        platformTransactionId: first,
        lines: [
          { account: PLATFORM_WALLET, amount: 1_000 },
          { account: SUSPENSE, amount: -1_000 },
        ],
      });
    });
    await db()
      .update(participations)
      .set({ principalRepaid: sql`${participations.principalRepaid} + 1` })
      .where(eq(participations.loanId, loanId));

    const found = await verifySettlements(db(), { paymentIds: [...paymentIds, 999_999], loanIds: [loanId] });
    expect(found.settledOtherThanOnce).toEqual([{ paymentId: first, postings: 2, repayments: 1 }]);
    expect(found.notCompleted).toEqual([999_999]);
    expect(found.loansNotMatchingParticipations).toEqual([loanId]);
    expect(found.investedNotMatching).toHaveLength(2);
    expect(found.ledgerTotal).toBe(0);
    expect(describeProblems(found)).toHaveLength(4);
  });
});
