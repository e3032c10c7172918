import type { LoanRow } from './loans.repo.ts';

/** Share of the total payable already paid, percent with two decimals. */
export function paymentPercentage(loan: Pick<LoanRow, 'totalPayments' | 'totalPayable'>): number {
  return loan.totalPayable > 0 ? Math.round((loan.totalPayments * 10_000) / loan.totalPayable) / 100 : 0;
}
