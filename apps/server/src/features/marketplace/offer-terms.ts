/**
 * What the borrower sees of an offer (decisions.md, The marketplace, "offers"): the loan it would
 * be, priced by the same schedule maths as every loan (`buildSchedule`, @sente/contract), so the
 * figures shown are the figures the loan will have once disbursed.
 */
import { buildSchedule, type InterestType } from '@sente/contract';

export interface OfferTermsInput {
  readonly amount: number;
  /** Percent per month in basis points: 2.60% → 260. */
  readonly rateBp: number;
  readonly months: number;
  /** The loan type's. */
  readonly interestType: InterestType;
}

export interface OfferTerms {
  readonly termWeeks: number;
  /** The regular installment; the last may differ by the rounding. */
  readonly weeklyRepayment: number;
  readonly totalInterest: number;
  readonly totalPayable: number;
}

export function offerTerms({ amount, rateBp, months, interestType }: OfferTermsInput): OfferTerms {
  const schedule = buildSchedule({ principal: amount, monthlyRateBasisPoints: rateBp, months, interestType });
  return {
    termWeeks: schedule.weeks,
    weeklyRepayment: schedule.weeklyRepayment,
    totalInterest: schedule.totalInterest,
    totalPayable: schedule.totalPayable,
  };
}
