import type { Tx } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import { kampalaDate } from './kampala-date.ts';
import { daysInArrears, loanStatusFor, statusChangeReason } from './loan-status.ts';
import {
  findInstallments,
  findRepaymentByPlatformTransaction,
  type InstallmentRow,
  insertRepayment,
  insertStatusHistory,
  lockLoan,
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

export interface Allocation {
  readonly repaymentId: number;
  readonly principal: number;
  readonly interest: number;
  readonly remainingBalance: number;
}

/**
 * Applies a repayment to the schedule (decisions.md, Lending rules): the oldest installment first,
 * interest before principal; the split is kept on the repayment. Paying early or partly is fine and
 * costs no penalty; paying more than the balance is refused. When nothing is left the loan becomes
 * FULLY_PAID, and when the arrears are cleared it goes back to ACTIVE. Runs in the caller's
 * transaction, with the loan row locked so concurrent repayments take turns.
 */
export async function allocateRepayment(tx: Tx, input: AllocateRepaymentInput): Promise<Allocation> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new BadRequestError('Invalid amount', {
      amount: ['Enter a whole number of shillings greater than 0'],
    });
  }
  if (input.platformTransactionId !== null) {
    const earlier = await findRepaymentByPlatformTransaction(tx, input.platformTransactionId);
    if (earlier) {
      if (earlier.loanId !== input.loanId || earlier.amount !== input.amount) {
        throw new ConflictError('This payment was already allocated to a different repayment');
      }
      return {
        repaymentId: earlier.id,
        principal: earlier.principal,
        interest: earlier.interest,
        remainingBalance: earlier.remainingBalanceAfter,
      };
    }
  }
  const loan = await lockLoan(tx, input.loanId);
  if (!loan) throw new NotFoundError('Loan not found');
  const balance = loan.totalPayable - loan.totalPayments;
  if (balance <= 0) throw new ConflictError('This loan is already fully paid');
  if (input.amount > balance) {
    throw new BadRequestError(`The amount is more than the outstanding balance of UGX ${balance}`, {
      amount: [`At most ${balance} UGX is owed on this loan`],
    });
  }

  const installments = await findInstallments(tx, loan.id);
  const { principal, interest } = await payInstallments(tx, installments, input.amount);
  const paidDay = kampalaDate(input.paidAt);
  const daysLate = daysInArrears(loan.oldestUnpaidDueDate, paidDay);
  const oldestUnpaid = installments.find(
    (i) => i.principalPaid < i.principalDue || i.interestPaid < i.interestDue,
  );
  const remainingBalance = balance - input.amount;
  const oldestUnpaidDueDate = remainingBalance > 0 ? (oldestUnpaid?.dueDate ?? null) : null;
  const arrearsAfter = daysInArrears(oldestUnpaidDueDate, paidDay);
  const status = loanStatusFor(remainingBalance, arrearsAfter);

  await updateLoan(tx, loan.id, {
    totalPayments: loan.totalPayments + input.amount,
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
    amount: input.amount,
    principal,
    interest,
    paidAt: input.paidAt,
    paymentMode: input.paymentMode ?? 'Mobile Money',
    platformTransactionId: input.platformTransactionId,
    remainingBalanceAfter: remainingBalance,
    daysLateAtPayment: daysLate,
    createdAt: input.paidAt,
  });
  return { repaymentId: repayment.id, principal, interest, remainingBalance };
}

/** Oldest installment first, interest before principal. Mutates the rows to their new paid amounts. */
async function payInstallments(tx: Tx, installments: InstallmentRow[], amount: number) {
  let left = amount;
  let principal = 0;
  let interest = 0;
  for (const row of installments) {
    if (left === 0) break;
    const interestPart = Math.min(left, row.interestDue - row.interestPaid);
    left -= interestPart;
    const principalPart = Math.min(left, row.principalDue - row.principalPaid);
    left -= principalPart;
    if (interestPart === 0 && principalPart === 0) continue;
    row.interestPaid += interestPart;
    row.principalPaid += principalPart;
    interest += interestPart;
    principal += principalPart;
    await recordInstallmentPayment(tx, row.id, row.principalPaid, row.interestPaid);
  }
  if (left !== 0) throw new Error('schedule and loan balance disagree');
  return { principal, interest };
}
