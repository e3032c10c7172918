import { type LoanTypeDto, parseUgx, rateToBasisPoints, ugxOrZero } from '@sente/contract';
import { buildSchedule, type Schedule } from '@sente/contract/schedule';

/**
 * What the loan would cost at the loan type's rate, priced by the same schedule maths as the loan
 * itself (`buildSchedule`); null until the amount and term are filled in and inside the range.
 * Lenders may offer a lower rate: the offers then show their own figures.
 */
export function quoteFor(
  loanType: LoanTypeDto | undefined,
  amountText: string,
  termText: string,
): Schedule | null {
  if (!loanType) return null;
  const amount = parseUgx(amountText);
  const months = Number(termText);
  if (amount === null || !Number.isInteger(months) || months < 1 || months > 24) return null;
  if (amount < ugxOrZero(loanType.min_amount) || amount > ugxOrZero(loanType.max_amount)) return null;
  return buildSchedule({
    principal: amount,
    monthlyRateBasisPoints: rateToBasisPoints(loanType.interest_rate),
    months,
    interestType: loanType.interest_type,
  });
}
