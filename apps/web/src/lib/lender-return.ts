import { type Portfolio, ugxOrZero } from '@sente/contract';
import type { z } from 'zod';

type PortfolioDto = z.infer<typeof Portfolio>;

/**
 * A lender's net annual return in words. The server answers null when no rate exists
 * (docs/marketplace.md, xirr); the cash figures then tell which of the plain answers fits.
 */
export function describeReturn(portfolio: PortfolioDto): string {
  if (portfolio.net_annual_return !== null) return `${portfolio.net_annual_return}% a year`;
  const { active, overdue, default: inDefault, fully_paid } = portfolio.loans;
  if (active + overdue + inDefault + fully_paid === 0) return 'No loans yet';
  const hasHadMoneyBack =
    ugxOrZero(portfolio.principal_repaid) > 0 || ugxOrZero(portfolio.interest_earned) > 0;
  // Lenders carry their losses (decisions.md): all still owed is in default and nothing came back.
  if (active + overdue === 0 && inDefault > 0 && !hasHadMoneyBack) return 'Total loss';
  return 'Not yet meaningful';
}
