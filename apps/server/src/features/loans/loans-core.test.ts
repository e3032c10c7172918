import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applications, loanRepayments, loans } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';
import { findInstallments, findLoanById, findStatusHistory } from './loans.repo.ts';

let t: TestApp;
let borrowerId: number;
beforeAll(async () => {
  t = await createTestApp();
  borrowerId = (await t.userWithToken('borrower')).user.id;
});
afterAll(async () => {
  await t.close();
});

const DISBURSED_AT = new Date('2025-03-03T09:00:00+03:00'); // a Monday in Kampala

async function approvedApplication(
  overrides: Parameters<typeof insertApplication>[1] extends infer V ? Partial<V> : never = {},
) {
  const type = await insertLoanType(t.services.db);
  return insertApplication(t.services.db, { userId: borrowerId, loanTypeId: type.id, ...overrides });
}

async function disburse(applicationId: number, platformTransactionId: number | null = null) {
  return t.services.db.transaction((tx) =>
    t.services.loans.createLoanFromApplication(tx, {
      applicationId,
      disbursedAt: DISBURSED_AT,
      platformTransactionId,
    }),
  );
}

async function repay(
  loanId: number,
  amount: number,
  paidAt: Date,
  platformTransactionId: number | null = null,
) {
  return t.services.db.transaction((tx) =>
    t.services.loans.allocateRepayment(tx, {
      loanId,
      amount,
      paidAt,
      platformTransactionId,
      paymentMode: 'MTN Mobile Money',
    }),
  );
}

/** The code of the domain error the promise rejects with, or 'fulfilled'. */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'fulfilled';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('createLoanFromApplication', () => {
  it('makes the loan with its weekly schedule from the loan type, and sets approved_loan', async () => {
    const application = await approvedApplication();
    const loan = await disburse(application.id, 77);
    expect(loan).toMatchObject({
      userId: borrowerId,
      applicationId: application.id,
      amount: 1_000_000,
      interestRate: '2.80',
      interestType: 'FLAT',
      termMonths: 6,
      termWeeks: 26,
      weeklyRepayment: 44_923,
      totalInterest: 168_000,
      totalPayable: 1_168_000,
      totalPayments: 0,
      status: 'ACTIVE',
      closingDate: '2025-09-01', // 26 weeks after Monday 3 March 2025
      oldestUnpaidDueDate: '2025-03-10',
      disbursementTransactionId: 77,
    });
    expect(loan.loanRef).toMatch(/^SL-2025-\d{6}$/);
    const installments = await findInstallments(t.services.db, loan.id);
    expect(installments).toHaveLength(26);
    expect(installments[0]).toMatchObject({
      number: 1,
      dueDate: '2025-03-10',
      principalDue: 38_461,
      interestDue: 6_462,
    });
    expect(installments.reduce((s, i) => s + i.principalDue + i.interestDue, 0)).toBe(1_168_000);
    const [after] = await t.services.db
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(after?.approvedLoanId).toBe(loan.id);
    const history = await findStatusHistory(t.services.db, loan.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'ACTIVE']]);
  });

  it('refuses a pending or rejected application and one already disbursed, and finds none for an unknown id', async () => {
    const pending = await approvedApplication({ status: 'PENDING' });
    const rejected = await approvedApplication({ status: 'REJECTED' });
    expect(await codeOf(disburse(pending.id))).toBe('APPLICATION_NOT_APPROVED');
    expect(await codeOf(disburse(rejected.id))).toBe('APPLICATION_NOT_APPROVED');
    const approved = await approvedApplication();
    await disburse(approved.id);
    expect(await codeOf(disburse(approved.id))).toBe('APPLICATION_ALREADY_DISBURSED');
    expect(await codeOf(disburse(999_999))).toBe('APPLICATION_NOT_FOUND');
  });

  it('makes exactly one loan when called concurrently for the same application', async () => {
    const application = await approvedApplication();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => disburse(application.id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected')
        expect((o.reason as DomainError).code).toBe('APPLICATION_ALREADY_DISBURSED');
    const made = await t.services.db.select().from(loans).where(eq(loans.applicationId, application.id));
    expect(made).toHaveLength(1);
  });
});

describe('allocateRepayment', () => {
  it('pays the oldest installment first, interest before principal, and keeps the split', async () => {
    const loan = await disburse((await approvedApplication()).id);
    // Week 1 owes 6,462 interest + 38,461 principal. 10,000 pays its interest and 3,538 of its principal.
    const first = await repay(loan.id, 10_000, new Date('2025-03-08T10:00:00+03:00'));
    expect(first).toMatchObject({ interest: 6_462, principal: 3_538, remainingBalance: 1_158_000 });
    // 80,000 more: the rest of week 1 (34,923 principal), then week 2 (6,462 + 38,461), then 154 of week 3's interest.
    const second = await repay(loan.id, 80_000, new Date('2025-03-09T10:00:00+03:00'));
    expect(second).toMatchObject({
      interest: 6_462 + 154,
      principal: 34_923 + 38_461,
      remainingBalance: 1_078_000,
    });
    const rows = await findInstallments(t.services.db, loan.id);
    expect(rows.slice(0, 3).map((r) => [r.interestPaid, r.principalPaid])).toEqual([
      [6_462, 38_461],
      [6_462, 38_461],
      [154, 0],
    ]);
    const after = await findLoanById(t.services.db, loan.id);
    expect(after).toMatchObject({
      totalPayments: 90_000,
      interestPaid: 6_462 * 2 + 154,
      principalPaid: 3_538 + 34_923 + 38_461,
      oldestUnpaidDueDate: '2025-03-24',
      status: 'ACTIVE',
    });
  });

  it('pays the loan off with the balance and reports what came in beyond it as an overpayment', async () => {
    const loan = await disburse((await approvedApplication()).id);
    const paid = await repay(loan.id, 1_168_250, new Date('2025-03-05T10:00:00+03:00'));
    expect(paid).toMatchObject({
      kind: 'allocated',
      principal: 1_000_000,
      interest: 168_000,
      remainingBalance: 0,
      overpayment: 250,
    });
    const after = await findLoanById(t.services.db, loan.id);
    expect(after).toMatchObject({
      status: 'FULLY_PAID',
      oldestUnpaidDueDate: null,
      totalPayments: 1_168_000,
    });
    expect(await repay(loan.id, 1_000, DISBURSED_AT)).toEqual({ kind: 'nothing-owed' });
    const history = await findStatusHistory(t.services.db, loan.id);
    expect(history.map((h) => h.toStatus)).toEqual(['ACTIVE', 'FULLY_PAID']);
  });

  it('refuses, as a result and without touching the loan, a bad amount, an unknown loan and a payment allocated elsewhere', async () => {
    const loan = await disburse((await approvedApplication()).id);
    expect(await repay(loan.id, 0, DISBURSED_AT)).toMatchObject({ kind: 'refused', code: 'INVALID_AMOUNT' });
    expect(await repay(999_999, 1_000, DISBURSED_AT)).toMatchObject({
      kind: 'refused',
      code: 'LOAN_NOT_FOUND',
    });
    const other = await disburse((await approvedApplication()).id);
    await repay(other.id, 5_000, DISBURSED_AT, 9002);
    expect(await repay(loan.id, 5_000, DISBURSED_AT, 9002)).toMatchObject({
      kind: 'refused',
      code: 'PAYMENT_ALLOCATED_ELSEWHERE',
    });
    expect((await findLoanById(t.services.db, loan.id))?.totalPayments).toBe(0);
  });

  it('returns the first split when the same collection is allocated again', async () => {
    const loan = await disburse((await approvedApplication()).id);
    const once = await repay(loan.id, 50_000, DISBURSED_AT, 9001);
    const again = await repay(loan.id, 50_000, DISBURSED_AT, 9001);
    expect(again).toEqual(once);
    const rows = await t.services.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id));
    expect(rows).toHaveLength(1);
    expect((await findLoanById(t.services.db, loan.id))?.totalPayments).toBe(50_000);
  });

  it('keeps the balance exact under concurrent repayments', async () => {
    const loan = await disburse((await approvedApplication()).id);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => repay(loan.id, 25_000, new Date(DISBURSED_AT.getTime() + i))),
    );
    const after = await findLoanById(t.services.db, loan.id);
    expect(after?.totalPayments).toBe(200_000);
    const rows = await t.services.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id));
    expect(rows.map((r) => r.remainingBalanceAfter).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 8 }, (_, i) => 1_168_000 - 25_000 * (i + 1)),
    );
  });

  it('moves an overdue loan back to ACTIVE when the payment clears the arrears', async () => {
    const loan = await disburse((await approvedApplication()).id);
    await t.services.db.update(loans).set({ status: 'OVERDUE' }).where(eq(loans.id, loan.id));
    // Paid on 12 March, two days after week 1 fell due: late, and it clears week 1.
    await repay(loan.id, 44_923, new Date('2025-03-12T10:00:00+03:00'));
    const after = await findLoanById(t.services.db, loan.id);
    expect(after).toMatchObject({ status: 'ACTIVE', oldestUnpaidDueDate: '2025-03-17' });
    const [row] = await t.services.db.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id));
    expect(row?.daysLateAtPayment).toBe(2);
  });
});
