import type { Portfolio } from '@sente/contract';
import { ugxOrZero } from '@sente/contract/money';
import type { z } from 'zod';

type PortfolioDto = z.infer<typeof Portfolio>;

/**
 * A lender's net annual return in words. The server answers null when no rate exists, or while the
 * first money lent is under 30 days old (docs/marketplace.md, "A lender's return"); the cash figures
 * then tell which of the plain answers fits.
 */
export function describeReturn(portfolio: PortfolioDto): string {
  const rate = portfolio.net_annual_return;
  // A rate that rounds to zero from below reads "0.00", never "-0.00".
  if (rate !== null) return `${/^-0(\.0+)?$/.test(rate) ? rate.slice(1) : rate}% a year`;
  const { active, overdue, default: inDefault, fully_paid } = portfolio.loans;
  if (active + overdue + inDefault + fully_paid === 0) return 'No loans yet';
  const hasHadMoneyBack =
    ugxOrZero(portfolio.principal_repaid) > 0 || ugxOrZero(portfolio.interest_earned) > 0;
  // Lenders carry their losses (decisions.md): all still owed is in default and nothing came back.
  if (active + overdue === 0 && inDefault > 0 && !hasHadMoneyBack) return 'Total loss';
  return 'Not yet meaningful';
}
