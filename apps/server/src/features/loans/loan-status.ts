/**
 * Loan status from arrears (decisions.md, Lending rules): OVERDUE once an installment is unpaid past
 * its due date, DEFAULT at 90 days in arrears, back to ACTIVE when the arrears are cleared, FULLY_PAID
 * when nothing is owed. Days in arrears count from the oldest unpaid installment's due date.
 */
import { daysBetween } from '@sente/contract';

export type LoanStatus = 'ACTIVE' | 'OVERDUE' | 'DEFAULT' | 'FULLY_PAID';

export const DEFAULT_AFTER_DAYS_IN_ARREARS = 90;

/** 0 when nothing is unpaid or the oldest unpaid installment is not yet past its due date. */
export function daysInArrears(oldestUnpaidDueDate: string | null, today: string): number {
  if (oldestUnpaidDueDate === null) return 0;
  return Math.max(0, daysBetween(oldestUnpaidDueDate, today));
}

export function loanStatusFor(remainingBalance: number, arrearsDays: number): LoanStatus {
  if (remainingBalance <= 0) return 'FULLY_PAID';
  if (arrearsDays >= DEFAULT_AFTER_DAYS_IN_ARREARS) return 'DEFAULT';
  if (arrearsDays > 0) return 'OVERDUE';
  return 'ACTIVE';
}

export function statusChangeReason(to: LoanStatus, arrearsDays: number): string {
  switch (to) {
    case 'FULLY_PAID':
      return 'Nothing is owed: the loan is fully paid';
    case 'DEFAULT':
      return `${arrearsDays} days in arrears (default at ${DEFAULT_AFTER_DAYS_IN_ARREARS})`;
    case 'OVERDUE':
      return `An installment is unpaid past its due date (${arrearsDays} days in arrears)`;
    case 'ACTIVE':
      return 'No installment is unpaid past its due date';
  }
}
