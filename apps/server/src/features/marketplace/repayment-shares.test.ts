/**
 * Lenders credited in runs (ADR 016): a settlement queues its repayment's shares and a credit run
 * right after its commit splits them among the loan's participations and posts them, netted per
 * account, before the payment is answered. A run that fails leaves the repayment queued, posts
 * nothing, and the settlement stands; the next run shares it exactly once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, verifySettlements } from '../../../bench/money/verify.ts';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { lenderFundedLoan, verifiedLender } from '../../../test/marketplace-helpers.ts';
import { completedRepayment } from '../../../test/money-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { participations, platformTransactions, repaymentShares } from '../../db/schema/index.ts';
import { FEE_INCOME, lenderInvested, userWallet } from '../ledger/ledger-accounts.ts';

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

const db = () => t.db.database.db;
const balance = (code: Parameters<typeof t.services.ledger.balanceOf>[1]) =>
  t.services.ledger.balanceOf(db(), code);

/** A UGX 1,000,000 loan two new lenders funded 700,000 and 300,000. */
async function loanOfTwoLenders() {
  const lenders = [
    await verifiedLender(t, adminToken, 700_000),
    await verifiedLender(t, adminToken, 300_000),
  ];
  const borrower = await t.userWithToken('borrower');
  const loan = await lenderFundedLoan(t, {
    adminToken,
    borrower,
    amount: 1_000_000,
    bids: [
      { lender: lenders[0] as { token: string }, amount: 700_000 },
      { lender: lenders[1] as { token: string }, amount: 300_000 },
    ],
  });
  return { loan, borrower, lenderIds: lenders.map((l) => l.user.id) };
}

async function shareOf(paymentId: number) {
  const [row] = await db()
    .select()
    .from(repaymentShares)
    .where(eq(repaymentShares.platformTransactionId, paymentId));
  return row;
}

describe('a repayment of a lender-funded loan', () => {
  it('is shared among the lenders before the payment is answered, to the shilling', async () => {
    const { loan, borrower, lenderIds } = await loanOfTwoLenders();
    const [first, second] = lenderIds as [number, number];
    const feeBefore = await balance(FEE_INCOME);
    const { payment } = await completedRepayment(t, {
      loanId: loan.id,
      userId: borrower.user.id,
      amount: loan.weeklyRepayment,
    });

    const share = await shareOf(payment.id);
    expect(share?.creditedAt).not.toBeNull();
    expect((share?.principal ?? 0) + (share?.interest ?? 0)).toBe(loan.weeklyRepayment);
    const parts = await db().select().from(participations).where(eq(participations.loanId, loan.id));
    // Every shilling of the repayment reached a participation: principal and interest.
    expect(parts.reduce((s, p) => s + p.principalRepaid, 0)).toBe(share?.principal);
    expect(parts.reduce((s, p) => s + p.interestPaid, 0)).toBe(share?.interest);
    const part = (lenderId: number) => parts.find((p) => p.lenderId === lenderId);
    for (const lenderId of [first, second]) {
      const mine = part(lenderId);
      // Its wallet holds what it got, less the fee; its invested account what is still owed to it.
      expect(-(await balance(userWallet(lenderId)))).toBe(
        (mine?.principalRepaid ?? 0) + (mine?.interestPaid ?? 0) - (mine?.feesPaid ?? 0),
      );
      expect(-(await balance(lenderInvested(lenderId)))).toBe(
        (mine?.principalShare ?? 0) - (mine?.principalRepaid ?? 0),
      );
    }
    expect((part(first)?.principalRepaid ?? 0) > (part(second)?.principalRepaid ?? 0)).toBe(true);
    expect(feeBefore - (await balance(FEE_INCOME))).toBe(parts.reduce((s, p) => s + p.feesPaid, 0));
    const problems = await verifySettlements(db(), { paymentIds: [payment.id], loanIds: [loan.id] });
    expect(describeProblems(problems)).toEqual([]);
  });

  it('is held for an admin when no run can credit it, without keeping the repayments behind it waiting', async () => {
    const { loan, borrower, lenderIds } = await loanOfTwoLenders();
    const [first] = lenderIds as [number, number];
    // Participations that claim they were already repaid in full: no split can place the
    // repayment's principal, so every run that takes this repayment fails.
    const claim = (repaidInFull: boolean) =>
      db()
        .update(participations)
        .set({ principalRepaid: repaidInFull ? sql`${participations.principalShare}` : 0 })
        .where(eq(participations.loanId, loan.id));
    await claim(true);
    const walletBefore = await balance(userWallet(first));
    const { payment, changed } = await completedRepayment(t, {
      loanId: loan.id,
      userId: borrower.user.id,
      amount: loan.weeklyRepayment,
    });
    // The settlement stands: the borrower's payment is applied and answered.
    expect(payment.status).toBe('COMPLETED');
    expect(changed).toBe(true);
    const held = await shareOf(payment.id);
    expect(held?.creditedAt).toBeNull();
    expect(held?.heldReason).toMatch(/^The lenders' shares of this repayment could not be credited: /);
    expect(await balance(userWallet(first))).toBe(walletBefore);
    const [flagged] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    expect(flagged?.attentionReason).toBe(held?.heldReason);

    // Another loan's repayment after it is credited at once.
    const other = await loanOfTwoLenders();
    const { payment: next } = await completedRepayment(t, {
      loanId: other.loan.id,
      userId: other.borrower.user.id,
      amount: other.loan.weeklyRepayment,
    });
    expect((await shareOf(next.id))?.creditedAt).not.toBeNull();
    expect(
      describeProblems(await verifySettlements(db(), { paymentIds: [next.id], loanIds: [other.loan.id] })),
    ).toEqual([]);

    // An admin puts the participation right and clears the hold: the next run shares it, once.
    await claim(false);
    await db()
      .update(repaymentShares)
      .set({ heldReason: null })
      .where(eq(repaymentShares.id, held?.id ?? 0));
    expect(await t.services.marketplace.creditRepaymentShares()).toBe(1);
    expect((await shareOf(payment.id))?.creditedAt).not.toBeNull();
    expect(await balance(userWallet(first))).toBeLessThan(walletBefore);
    expect(await t.services.marketplace.creditRepaymentShares()).toBe(0);
    const problems = await verifySettlements(db(), { paymentIds: [payment.id], loanIds: [loan.id] });
    // The payment keeps its flag until an admin resolves it; its money is right.
    expect(describeProblems(problems)).toEqual([`payments in suspense: 1 (${payment.id})`]);
  });
});
