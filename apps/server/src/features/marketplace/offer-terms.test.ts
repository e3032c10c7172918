import { buildSchedule } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { type OfferTermsInput, offerTerms } from './offer-terms.ts';

describe('offerTerms against hand-worked offers', () => {
  it.each([
    {
      // 22 weeks (round(5 × 52 / 12 = 21.67)); interest 2,000,000 × 0.026 × 5 = 260,000;
      // weekly round(2,260,000 / 22 = 102,727.27) = 102,727.
      name: 'FLAT 2,000,000 at 2.60% for 5 months',
      input: { amount: 2_000_000, rateBp: 260, months: 5, interestType: 'FLAT' },
      terms: { termWeeks: 22, weeklyRepayment: 102_727, totalInterest: 260_000, totalPayable: 2_260_000 },
    },
    {
      // Interest 1,500,000 × 0.024 × 5 = 180,000; weekly round(1,680,000 / 22 = 76,363.64) = 76,364.
      name: 'FLAT 1,500,000 at 2.40% for 5 months',
      input: { amount: 1_500_000, rateBp: 240, months: 5, interestType: 'FLAT' },
      terms: { termWeeks: 22, weeklyRepayment: 76_364, totalInterest: 180_000, totalPayable: 1_680_000 },
    },
    {
      // The reducing-balance case worked in schedule.test.ts: 4 weeks at 0.6% a week.
      name: 'COMPOUND 1,000,000 at 2.60% for 1 month',
      input: { amount: 1_000_000, rateBp: 260, months: 1, interestType: 'COMPOUND' },
      terms: { termWeeks: 4, weeklyRepayment: 253_761, totalInterest: 15_044, totalPayable: 1_015_044 },
    },
  ] satisfies { name: string; input: OfferTermsInput; terms: object }[])('$name', ({ input, terms }) => {
    expect(offerTerms(input)).toEqual(terms);
  });
});

describe('offerTerms', () => {
  it('shows the figures of the loan the offer would become', () => {
    for (const interestType of ['FLAT', 'COMPOUND'] as const)
      for (const amount of [500_000, 1_234_000, 5_000_000])
        for (const rateBp of [100, 245, 280])
          for (const months of [1, 6, 13, 24]) {
            const schedule = buildSchedule({
              principal: amount,
              monthlyRateBasisPoints: rateBp,
              months,
              interestType,
            });
            expect(offerTerms({ amount, rateBp, months, interestType })).toEqual({
              termWeeks: schedule.weeks,
              weeklyRepayment: schedule.weeklyRepayment,
              totalInterest: schedule.totalInterest,
              totalPayable: schedule.totalPayable,
            });
          }
  });

  it('charges less at the lower rate for the same term', () => {
    const at = (rateBp: number) => offerTerms({ amount: 1_500_000, rateBp, months: 5, interestType: 'FLAT' });
    expect(at(240).totalInterest).toBeLessThan(at(260).totalInterest);
  });

  it.each([
    ['an amount of 0', { amount: 0, rateBp: 260, months: 5, interestType: 'FLAT' }],
    ['a rate of 0', { amount: 1_000_000, rateBp: 0, months: 5, interestType: 'FLAT' }],
    ['a term of 0 months', { amount: 1_000_000, rateBp: 260, months: 0, interestType: 'FLAT' }],
  ] satisfies [string, OfferTermsInput][])('refuses %s', (_, input) => {
    expect(() => offerTerms(input)).toThrow(RangeError);
  });
});
