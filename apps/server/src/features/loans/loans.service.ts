import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { allocateRepayment } from './allocate-repayment.ts';
import { createLoanFromApplication } from './create-loan.ts';

/**
 * Loans: creation from an approved application and repayment allocation (both in the caller's
 * transaction, for the money feature's disburse and repay flows), reads and statistics.
 */
export function createLoansService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    db,
    clock,
    createLoanFromApplication,
    allocateRepayment,
  };
}
export type LoansService = ReturnType<typeof createLoansService>;
