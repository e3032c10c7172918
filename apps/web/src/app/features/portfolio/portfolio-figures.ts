import type { Portfolio } from '@sente/contract';
import { ugxOrZero } from '@sente/contract/money';
import type { z } from 'zod';

export type PortfolioDto = z.infer<typeof Portfolio>;

/** What the lender's shares earned once the platform's fee is taken: interest paid less fees. */
export function interestAfterFees(portfolio: Pick<PortfolioDto, 'interest_earned' | 'fees_paid'>): number {
  return ugxOrZero(portfolio.interest_earned) - ugxOrZero(portfolio.fees_paid);
}

/** "2 active, 1 overdue, 0 in default, 3 fully paid". */
export function describeLoans(loans: PortfolioDto['loans']): string {
  return `${loans.active} active, ${loans.overdue} overdue, ${loans.default} in default, ${loans.fully_paid} fully paid`;
}

export function totalLoans(loans: PortfolioDto['loans']): number {
  return loans.active + loans.overdue + loans.default + loans.fully_paid;
}
