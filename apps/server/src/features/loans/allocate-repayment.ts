import { kampalaDate, type Ugx, ugx } from '@sente/contract';
import type { Tx } from '../../db/client.ts';
import { allocateAcrossInstallments, oldestUnpaid } from './allocation.ts';
import { daysInArrears, loanStatusFor, statusChangeReason } from './loan-status.ts';
import {
  findInstallments,
  findRepaymentByPlatformTransaction,
  type InstallmentRow,
  insertRepayment,
  insertStatusHistory,
  lockLoanForRepayment,
  recordInstallmentPayment,
  updateLoan,
} from './loans.repo.ts';

export interface AllocateRepaymentInput {
  readonly loanId: number;
  readonly amount: number;
  readonly paidAt: Date;
  /** The collection that brought the money; allocating the same one again returns the first split. */
  readonly platformTransactionId: number | null;
  /** How the money came: "MTN Mobile Money", "Airtel Money", "Cash"… shown as Mode of Payment. */
  readonly paymentMode?: string;
}

/**
 * Where a repayment went. Only `allocated` and `nothing-owed` are answers about the loan itself;
 * `refused` says the money cannot be matched to this loan, and the caller parks it in suspense.
 */
export type AllocationResult =
  | {
      readonly kind: 'allocated';
      /** The loan as the allocation read it under its lock: what the borrower's receipt names. */
      readonly loan: RepaidLoan;
      readonly repaymentId: number;
      readonly principal: Ugx;
      readonly interest: Ugx;
      readonly remainingBalance: Ugx;
      /** What came in beyond the balance: the loan is fully paid and this much is the borrower's. */
      readonly overpayment: Ugx;
    }
  /** The loan was already fully paid before this money arrived. */
  | { readonly kind: 'nothing-owed' }
  | { readonly kind: 'refused'; readonly code: AllocationRefusal; readonly reason: string };

/** A repaid loan's reference and its borrower's contact (isDeleted: the account is closed). */
export interface RepaidLoan {
  readonly loanRef: string;
  readonly borrower: {
    readonly id: number;
    readonly name: string;
    readonly email: string;
    readonly phoneNumber: string | null;
    readonly isDeleted: boolean;
  };
}

export type AllocationRefusal = 'INVALID_AMOUNT' | 'LOAN_NOT_FOUND' | 'PAYMENT_ALLOCATED_ELSEWHERE';

/**
 * Applies a repayment to the schedule (decisions.md, Lending rules): the oldest installment first,
 * interest before principal; the split is kept on the repayment. Paying early or partly is fine and
 * costs no penalty; what comes in beyond the balance pays the loan off and is reported as an
 * overpayment. When nothing is left the loan becomes FULLY_PAID, and when the arrears are cleared
 * it goes back to ACTIVE. Runs in the caller's transaction, with the loan row locked so concurrent
 * repayments take turns. Never throws for a fact about the loan: every outcome is a result.
 */
export async function allocateRepayment(tx: Tx, input: AllocateRepaymentInput): Promise<AllocationResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    return { kind: 'refused', code: 'INVALID_AMOUNT', reason: `Invalid amount ${input.amount}` };
  }
  // One round trip: the loan locked, its borrower, and this payment's earlier repayment if any.
  const locked = await lockLoanForRepayment(tx, input.loanId, input.platformTransactionId);
  // A loan that does not exist may still be named by a mistake: where did this payment go?
  const earlier = locked
    ? locked.earlier
    : input.platformTransactionId === null
      ? null
      : ((await findRepaymentByPlatformTransaction(tx, input.platformTransactionId)) ?? null);
  if (earlier && earlier.loanId !== input.loanId) {
    return {
      kind: 'refused',
      code: 'PAYMENT_ALLOCATED_ELSEWHERE',
      reason: `This payment was already allocated to loan ${earlier.loanId}`,
    };
  }
  if (!locked)
    return { kind: 'refused', code: 'LOAN_NOT_FOUND', reason: `Loan ${input.loanId} does not exist` };
  if (earlier) {
    return {
      kind: 'allocated',
      loan: { loanRef: locked.loan.loanRef, borrower: locked.borrower },
      repaymentId: earlier.id,
      principal: ugx(earlier.principal),
      interest: ugx(earlier.interest),
      remainingBalance: ugx(earlier.remainingBalanceAfter),
      overpayment: ugx(input.amount - earlier.amount),
    };
  }
  const { loan } = locked;
  const balance = loan.totalPayable - loan.totalPayments;
  if (balance <= 0) return { kind: 'nothing-owed' };
  const applied = Math.min(input.amount, balance);
  const overpayment = input.amount - applied;

  const installments = await findInstallments(tx, loan.id);
  const { principal, interest } = await payInstallments(tx, installments, applied);
  const paidDay = kampalaDate(input.paidAt);
  const daysLate = daysInArrears(loan.oldestUnpaidDueDate, paidDay);
  const oldestUnpaidRow = oldestUnpaid(installments);
  const remainingBalance = balance - applied;
  const oldestUnpaidDueDate = remainingBalance > 0 ? (oldestUnpaidRow?.dueDate ?? null) : null;
  const arrearsAfter = daysInArrears(oldestUnpaidDueDate, paidDay);
  const status = loanStatusFor(remainingBalance, arrearsAfter);

  await updateLoan(tx, loan.id, {
    totalPayments: loan.totalPayments + applied,
    principalPaid: loan.principalPaid + principal,
    interestPaid: loan.interestPaid + interest,
    repaymentCount: loan.repaymentCount + 1,
    oldestUnpaidDueDate,
    status,
    updatedAt: input.paidAt,
  });
  if (status !== loan.status) {
    await insertStatusHistory(tx, {
      loanId: loan.id,
      fromStatus: loan.status,
      toStatus: status,
      daysInArrears: arrearsAfter,
      reason: `Repayment received. ${statusChangeReason(status, arrearsAfter)}`,
      changedAt: input.paidAt,
    });
  }
  const repayment = await insertRepayment(tx, {
    loanId: loan.id,
    amount: applied,
    principal,
    interest,
    paidAt: input.paidAt,
    paymentMode: input.paymentMode ?? 'Mobile Money',
    platformTransactionId: input.platformTransactionId,
    remainingBalanceAfter: remainingBalance,
    daysLateAtPayment: daysLate,
    createdAt: input.paidAt,
  });
  return {
    kind: 'allocated',
    loan: { loanRef: loan.loanRef, borrower: locked.borrower },
    repaymentId: repayment.id,
    principal: ugx(principal),
    interest: ugx(interest),
    remainingBalance: ugx(remainingBalance),
    overpayment: ugx(overpayment),
  };
}

/** Oldest installment first, interest before principal. Mutates the rows to their new paid amounts. */
async function payInstallments(tx: Tx, installments: InstallmentRow[], amount: number) {
  const { principal, interest, touched } = allocateAcrossInstallments(installments, amount);
  for (const index of touched) {
    const row = installments[index] as InstallmentRow;
    await recordInstallmentPayment(tx, row.id, row.principalPaid, row.interestPaid);
  }
  return { principal, interest };
}
