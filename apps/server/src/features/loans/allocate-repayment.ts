import { kampalaDate, type Ugx, ugx } from '@sente/contract';
import type { Tx } from '../../db/client.ts';
import { allocateAcrossInstallments, oldestUnpaid } from './allocation.ts';
import { daysInArrears, type LoanStatus, loanStatusFor, statusChangeReason } from './loan-status.ts';
import {
  type AllocationWrites,
  type EarlierRepayment,
  findUnpaidInstallmentsOfLoans,
  type InstallmentRow,
  type LoanRow,
  lockLoansForRepayments,
  type RepaidLoanValues,
  writeAllocations,
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
  const [result] = await allocateRepayments(tx, [input]);
  if (!result) throw new Error('an allocation answered nothing');
  return result;
}

/** Where a loan stands while the repayments of one unit of work are applied to it, one after another. */
interface LoanState {
  readonly loan: LoanRow;
  readonly borrower: RepaidLoan['borrower'];
  /** Its installments not yet fully paid when the unit of work began, in order. */
  readonly installments: InstallmentRow[];
  /** Ids of the installments the repayments reached. */
  readonly touched: Set<number>;
  totalPayments: number;
  principalPaid: number;
  interestPaid: number;
  repaymentCount: number;
  oldestUnpaidDueDate: string | null;
  status: LoanStatus;
  updatedAt: Date;
}

/**
 * allocateRepayment for several repayments in one unit of work (a group of settlements, ADR 015):
 * the same rules, each repayment applied in the order given, a second one for a loan on the schedule
 * the first left. The loans are locked, and every read and write done, in a fixed number of
 * statements however many repayments there are. Answers one result per input, in order.
 */
export async function allocateRepayments(
  tx: Tx,
  inputs: readonly AllocateRepaymentInput[],
): Promise<AllocationResult[]> {
  const isValid = (input: AllocateRepaymentInput) => Number.isSafeInteger(input.amount) && input.amount > 0;
  const valid = inputs.filter(isValid);
  const paymentIds = [
    ...new Set(
      valid.flatMap((input) => (input.platformTransactionId === null ? [] : [input.platformTransactionId])),
    ),
  ];
  if (paymentIds.length !== valid.filter((input) => input.platformTransactionId !== null).length) {
    throw new Error('a payment is allocated at most once in a unit of work');
  }
  const loanIds = [...new Set(valid.map((input) => input.loanId))];
  // One round trip: the loans locked, their borrowers, and these payments' earlier repayments.
  const locked = valid.length > 0 ? await lockLoansForRepayments(tx, loanIds, paymentIds) : null;
  const earlierOf = new Map<number, EarlierRepayment>(
    (locked?.earlier ?? []).map((repayment) => [repayment.platformTransactionId, repayment]),
  );
  // What is left of the schedules of the loans something will be applied to.
  const owing = (locked?.loans ?? []).filter(({ loan }) => loan.totalPayable > loan.totalPayments);
  const installments = await findUnpaidInstallmentsOfLoans(
    tx,
    owing.map(({ loan }) => loan.id),
  );
  const states = new Map<number, LoanState>();
  for (const { loan, borrower } of locked?.loans ?? []) {
    states.set(loan.id, {
      loan,
      borrower,
      installments: installments.filter((row) => row.loanId === loan.id),
      touched: new Set(),
      totalPayments: loan.totalPayments,
      principalPaid: loan.principalPaid,
      interestPaid: loan.interestPaid,
      repaymentCount: loan.repaymentCount,
      oldestUnpaidDueDate: loan.oldestUnpaidDueDate,
      status: loan.status,
      updatedAt: loan.updatedAt,
    });
  }

  const results: (AllocationResult | undefined)[] = [];
  const repayments: { index: number; values: AllocationWrites['repayments'][number] }[] = [];
  const history: AllocationWrites['history'][number][] = [];
  inputs.forEach((input, index) => {
    if (!isValid(input)) {
      results[index] = { kind: 'refused', code: 'INVALID_AMOUNT', reason: `Invalid amount ${input.amount}` };
      return;
    }
    const state = states.get(input.loanId);
    // A loan that does not exist may still be named by a mistake: where did this payment go?
    const earlier =
      input.platformTransactionId === null ? undefined : earlierOf.get(input.platformTransactionId);
    if (earlier && earlier.loanId !== input.loanId) {
      results[index] = {
        kind: 'refused',
        code: 'PAYMENT_ALLOCATED_ELSEWHERE',
        reason: `This payment was already allocated to loan ${earlier.loanId}`,
      };
      return;
    }
    if (!state) {
      results[index] = {
        kind: 'refused',
        code: 'LOAN_NOT_FOUND',
        reason: `Loan ${input.loanId} does not exist`,
      };
      return;
    }
    const loan = { loanRef: state.loan.loanRef, borrower: state.borrower };
    if (earlier) {
      results[index] = {
        kind: 'allocated',
        loan,
        repaymentId: earlier.id,
        principal: ugx(earlier.principal),
        interest: ugx(earlier.interest),
        remainingBalance: ugx(earlier.remainingBalanceAfter),
        overpayment: ugx(input.amount - earlier.amount),
      };
      return;
    }
    const balance = state.loan.totalPayable - state.totalPayments;
    if (balance <= 0) {
      results[index] = { kind: 'nothing-owed' };
      return;
    }
    const applied = Math.min(input.amount, balance);
    const { principal, interest, touched } = allocateAcrossInstallments(state.installments, applied);
    for (const at of touched) state.touched.add((state.installments[at] as InstallmentRow).id);
    const paidDay = kampalaDate(input.paidAt);
    const daysLate = daysInArrears(state.oldestUnpaidDueDate, paidDay);
    const remainingBalance = balance - applied;
    const oldestUnpaidDueDate =
      remainingBalance > 0 ? (oldestUnpaid(state.installments)?.dueDate ?? null) : null;
    const arrearsAfter = daysInArrears(oldestUnpaidDueDate, paidDay);
    const status = loanStatusFor(remainingBalance, arrearsAfter);
    if (status !== state.status) {
      history.push({
        loanId: state.loan.id,
        fromStatus: state.status,
        toStatus: status,
        daysInArrears: arrearsAfter,
        reason: `Repayment received. ${statusChangeReason(status, arrearsAfter)}`,
        changedAt: input.paidAt,
      });
    }
    Object.assign(state, {
      totalPayments: state.totalPayments + applied,
      principalPaid: state.principalPaid + principal,
      interestPaid: state.interestPaid + interest,
      repaymentCount: state.repaymentCount + 1,
      oldestUnpaidDueDate,
      status,
      updatedAt: input.paidAt,
    });
    repayments.push({
      index,
      values: {
        loanId: state.loan.id,
        amount: applied,
        principal,
        interest,
        paidAt: input.paidAt,
        paymentMode: input.paymentMode ?? 'Mobile Money',
        platformTransactionId: input.platformTransactionId,
        remainingBalanceAfter: remainingBalance,
        daysLateAtPayment: daysLate,
        createdAt: input.paidAt,
      },
    });
    results[index] = {
      kind: 'allocated',
      loan,
      repaymentId: 0, // the id comes with the insert below
      principal: ugx(principal),
      interest: ugx(interest),
      remainingBalance: ugx(remainingBalance),
      overpayment: ugx(input.amount - applied),
    };
  });

  const changed = [...states.values()].filter((state) => state.repaymentCount !== state.loan.repaymentCount);
  const ids = await writeAllocations(tx, {
    installments: changed.flatMap((state) =>
      state.installments
        .filter((row) => state.touched.has(row.id))
        .map((row) => ({ id: row.id, principalPaid: row.principalPaid, interestPaid: row.interestPaid })),
    ),
    loans: changed.map(
      (state): RepaidLoanValues => ({
        id: state.loan.id,
        totalPayments: state.totalPayments,
        principalPaid: state.principalPaid,
        interestPaid: state.interestPaid,
        repaymentCount: state.repaymentCount,
        oldestUnpaidDueDate: state.oldestUnpaidDueDate,
        status: state.status,
        updatedAt: state.updatedAt,
      }),
    ),
    history,
    repayments: repayments.map((repayment) => repayment.values),
  });
  repayments.forEach((repayment, at) => {
    const result = results[repayment.index];
    if (result?.kind === 'allocated') results[repayment.index] = { ...result, repaymentId: ids[at] ?? 0 };
  });
  return inputs.map((_, index) => {
    const result = results[index];
    if (!result) throw new Error(`repayment ${index} was not allocated`);
    return result;
  });
}
