import { kampalaDate } from '@sente/contract';
import type { Tx } from '../../db/client.ts';
import { tellLendersOfDefaults } from '../messages/loan-default-alerts.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { daysInArrears, type LoanStatus, loanStatusFor, statusChangeReason } from './loan-status.ts';
import { insertStatusHistoryRows, lockLoansDueForStatusCheck, setLoanStatuses } from './loans.repo.ts';

export interface LoanStatusChange {
  readonly loanId: number;
  readonly from: LoanStatus;
  readonly to: LoanStatus;
}

/**
 * Brings every loan's status in line with its arrears as of `now` (Kampala date) and writes each
 * change to the loan's history. Only loans whose status may change are read, through an index.
 * The lenders of a loan that goes into DEFAULT are told in the same transaction.
 */
export async function updateLoanStatuses(
  tx: Tx,
  now: Date,
  messages: Pick<MessagesService, 'send'>,
): Promise<LoanStatusChange[]> {
  const today = kampalaDate(now);
  const candidates = await lockLoansDueForStatusCheck(tx, today);
  const changes: (LoanStatusChange & { days: number })[] = [];
  for (const loan of candidates) {
    const days = daysInArrears(loan.oldestUnpaidDueDate, today);
    const to = loanStatusFor(loan.totalPayable - loan.totalPayments, days);
    if (to !== loan.status) changes.push({ loanId: loan.id, from: loan.status, to, days });
  }
  for (const status of ['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID'] as const) {
    const ids = changes.filter((c) => c.to === status).map((c) => c.loanId);
    await setLoanStatuses(tx, ids, status, now);
  }
  await insertStatusHistoryRows(
    tx,
    changes.map((c) => ({
      loanId: c.loanId,
      fromStatus: c.from,
      toStatus: c.to,
      daysInArrears: c.days,
      reason: statusChangeReason(c.to, c.days),
      changedAt: now,
    })),
  );
  await tellLendersOfDefaults(
    tx,
    messages,
    changes.filter((c) => c.to === 'DEFAULT').map((c) => c.loanId),
  );
  return changes.map(({ loanId, from, to }) => ({ loanId, from, to }));
}
