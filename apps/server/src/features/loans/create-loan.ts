import { addDays, buildSchedule, kampalaDate, rateToBasisPoints, toRateString } from '@sente/contract';
import type { Tx } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../domain-error.ts';
import {
  insertInstallments,
  insertLoan,
  insertStatusHistory,
  type LoanRow,
  lockApplicationForDisbursement,
  markApplicationDisbursed,
} from './loans.repo.ts';

export interface CreateLoanInput {
  readonly applicationId: number;
  /** When the payout completed: the opening date; installment n falls due n weeks later (Kampala). */
  readonly disbursedAt: Date;
  /** The payout's platform transaction, when a payment provider moved the money. */
  readonly platformTransactionId: number | null;
  /** The admin who pressed Disburse, when one did. */
  readonly disbursedById?: number | null | undefined;
  /**
   * The accepted marketplace offer's amount and rate, when lenders fund the loan; without it the
   * application's amount at its loan type's rate (the platform funds it).
   */
  readonly terms?: { readonly amount: number; readonly rateBp: number } | undefined;
}

/**
 * Creates the loan and its weekly schedule from an APPROVED application that has no loan yet, and
 * sets the application's approved_loan. Runs in the caller's transaction (the disbursement posts
 * the ledger in the same one). The application row is locked first, so of two concurrent calls one
 * makes the loan and the other answers 409.
 */
export async function createLoanFromApplication(tx: Tx, input: CreateLoanInput): Promise<LoanRow> {
  const application = await lockApplicationForDisbursement(tx, input.applicationId);
  if (!application) throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
  if (application.approvedLoanId !== null)
    throw new ConflictError('APPLICATION_ALREADY_DISBURSED', 'Application already disbursed');
  if (application.status !== 'APPROVED') {
    throw new ConflictError(
      'APPLICATION_NOT_APPROVED',
      `Only approved applications can be disbursed (this one is ${application.status})`,
    );
  }
  if (application.userDeletedAt !== null)
    throw new ConflictError('BORROWER_ACCOUNT_CLOSED', "The borrower's account is closed");

  const amount = input.terms?.amount ?? application.amountRequested;
  const interestRate = input.terms ? toRateString(input.terms.rateBp) : application.interestRate;
  const schedule = buildSchedule({
    principal: amount,
    monthlyRateBasisPoints: rateToBasisPoints(interestRate),
    months: application.loanTermMonths,
    interestType: application.interestType,
  });
  const openingDay = kampalaDate(input.disbursedAt);
  const dueDate = (n: number) => addDays(openingDay, 7 * n);
  const loan = await insertLoan(
    tx,
    {
      userId: application.userId,
      applicationId: application.id,
      loanTypeId: application.loanTypeId,
      amount,
      interestRate,
      interestType: application.interestType,
      termMonths: application.loanTermMonths,
      termWeeks: schedule.weeks,
      weeklyRepayment: schedule.weeklyRepayment,
      totalInterest: schedule.totalInterest,
      totalPayable: schedule.totalPayable,
      status: 'ACTIVE',
      openingDate: input.disbursedAt,
      closingDate: dueDate(schedule.weeks),
      oldestUnpaidDueDate: dueDate(1),
      disbursementTransactionId: input.platformTransactionId,
      disbursedById: input.disbursedById ?? null,
      createdAt: input.disbursedAt,
      updatedAt: input.disbursedAt,
    },
    Number(openingDay.slice(0, 4)),
  );
  await insertInstallments(
    tx,
    schedule.installments.map((i) => ({
      loanId: loan.id,
      number: i.number,
      dueDate: dueDate(i.number),
      principalDue: i.principal,
      interestDue: i.interest,
    })),
  );
  await insertStatusHistory(tx, {
    loanId: loan.id,
    fromStatus: null,
    toStatus: 'ACTIVE',
    reason: 'Loan disbursed',
    changedAt: input.disbursedAt,
  });
  await markApplicationDisbursed(tx, application.id, loan.id, input.disbursedAt);
  return loan;
}
