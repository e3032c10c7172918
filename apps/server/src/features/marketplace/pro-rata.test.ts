import { buildSchedule } from '@sente/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitProRata, splitProRataCapped, splitRepayment } from './pro-rata.ts';

const amounts = (parts: { amount: number }[]) => parts.map((part) => part.amount);
const weighted = (...weights: number[]) => weights.map((weight, index) => ({ id: index + 1, weight }));

describe('splitProRata', () => {
  it.each([
    // 7 × (2, 3, 5) / 10 = 1.4, 2.1, 3.5 → floors 1, 2, 3 (6); the shilling left goes to .5.
    ['gives the leftover shilling to the largest remainder', 7, [2, 3, 5], [1, 2, 4]],
    // 100 / 3 = 33.33 each; one shilling left, equal remainders: the first share in order gets it.
    ['breaks equal remainders by the order given', 100, [1, 1, 1], [34, 33, 33]],
    ['gives two leftover shillings to the first two of three equal remainders', 2, [1, 1, 1], [1, 1, 0]],
    // 76,923 × (0.3, 0.2, 0.25, 0.25) = 23,076.9, 15,384.6, 19,230.75, 19,230.75 → floors 76,920;
    // 3 left: .9, .75, .75.
    [
      'splits a weekly principal among four lenders',
      76_923,
      [600_000, 400_000, 500_000, 500_000],
      [23_077, 15_384, 19_231, 19_231],
    ],
    ['splits exactly when the weights divide the total', 1_000, [1, 3], [250, 750]],
    ['gives everything to a single participant', 12_345, [7], [12_345]],
    ['gives nothing to a share of weight 0', 11, [0, 1, 1], [0, 6, 5]],
    ['gives everyone 0 of a total of 0', 0, [5, 0, 3], [0, 0, 0]],
    ['gives everyone 0 of a total of 0 even when all weights are 0', 0, [0, 0], [0, 0]],
    // (2^53 − 1) / 3 = 3,002,399,751,580,330 rem 1; × 2 → …660 rem 2: the second gets the shilling.
    // total × weight passes 2^53, so only whole-number (bigint) arithmetic gets this right.
    [
      'stays exact when total × weight passes 2^53',
      Number.MAX_SAFE_INTEGER,
      [1, 2],
      [3_002_399_751_580_330, 6_004_799_503_160_661],
    ],
  ])('%s', (_, total, weights, expected) => {
    expect(amounts(splitProRata(total, weighted(...weights)))).toEqual(expected);
  });

  it('keeps the ids, in the order given', () => {
    const shares = [
      { id: 'c', weight: 1 },
      { id: 'a', weight: 1 },
      { id: 'b', weight: 1 },
    ];
    expect(splitProRata(2, shares)).toEqual([
      { id: 'c', amount: 1 },
      { id: 'a', amount: 1 },
      { id: 'b', amount: 0 },
    ]);
  });

  it('returns nothing for no shares and a total of 0', () => {
    expect(splitProRata(0, [])).toEqual([]);
  });

  it.each([
    ['a negative total', -1, weighted(1)],
    ['a fractional total', 1.5, weighted(1)],
    ['a negative weight', 10, weighted(1, -1)],
    ['a fractional weight', 10, weighted(1, 0.5)],
    ['money among weights that are all 0', 10, weighted(0, 0)],
    ['money among no shares', 10, []],
  ])('refuses %s', (_, total, shares) => {
    expect(() => splitProRata(total, shares)).toThrow(RangeError);
  });

  it('adds up exactly and stays within a shilling of each exact quota (random cases)', () => {
    const input = fc.record({
      total: fc.integer({ min: 0, max: 50_000_000 }),
      weights: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 })), {
        minLength: 1,
        maxLength: 30,
      }),
    });
    fc.assert(
      fc.property(input, ({ total, weights }) => {
        const weightSum = weights.reduce((sum, w) => sum + w, 0);
        fc.pre(weightSum > 0 || total === 0);
        const parts = amounts(splitProRata(total, weighted(...weights)));
        expect(parts.reduce((sum, a) => sum + a, 0)).toBe(total);
        parts.forEach((amount, index) => {
          const weight = weights[index] ?? 0;
          expect(amount).toBeGreaterThanOrEqual(0);
          if (weight === 0) expect(amount).toBe(0);
          else {
            const floor = (BigInt(total) * BigInt(weight)) / BigInt(weightSum);
            expect(BigInt(amount) - floor).toBeGreaterThanOrEqual(0n);
            expect(BigInt(amount) - floor).toBeLessThanOrEqual(1n);
          }
        });
      }),
      { seed: 1_003, numRuns: 3_000 },
    );
  });
});

describe('splitProRataCapped', () => {
  it('gives a share over its cap exactly its cap and the rest to the others', () => {
    const parts = splitProRataCapped(100, [
      { id: 1, weight: 1, cap: 10 },
      { id: 2, weight: 1 },
    ]);
    expect(amounts(parts)).toEqual([10, 90]);
  });

  it('caps in rounds until nobody is over', () => {
    // 100 / 4 = 25 each: #1 (cap 5) and #2 (cap 20) are over. The 75 left / 2 = 37.5 → 38, 37:
    // #3 (cap 30) is over. The 45 left all go to #4.
    const parts = splitProRataCapped(100, [
      { id: 1, weight: 1, cap: 5 },
      { id: 2, weight: 1, cap: 20 },
      { id: 3, weight: 1, cap: 30 },
      { id: 4, weight: 1 },
    ]);
    expect(amounts(parts)).toEqual([5, 20, 30, 45]);
  });

  it('pays every share its cap when the total is the sum of the caps', () => {
    const parts = splitProRataCapped(60, [
      { id: 1, weight: 5, cap: 10 },
      { id: 2, weight: 1, cap: 20 },
      { id: 3, weight: 1, cap: 30 },
    ]);
    expect(amounts(parts)).toEqual([10, 20, 30]);
  });

  it('refuses a total above the sum of the caps', () => {
    expect(() =>
      splitProRataCapped(
        61,
        weighted(1, 1).map((s) => ({ ...s, cap: 30 })),
      ),
    ).toThrow(RangeError);
  });
});

/** Four participations as in docs/marketplace.md: shares of a 2,000,000 loan, nothing repaid yet. */
const exampleParticipations = [
  { id: 1, principalShare: 600_000, principalOutstanding: 600_000 },
  { id: 3, principalShare: 400_000, principalOutstanding: 400_000 },
  { id: 2, principalShare: 500_000, principalOutstanding: 500_000 },
  { id: 4, principalShare: 500_000, principalOutstanding: 500_000 },
];

describe('splitRepayment', () => {
  it('splits the worked example of docs/marketplace.md to the shilling', () => {
    // Installment 1 of 2,000,000 at 2.60% FLAT over 5 months: 102,727 = 90,909 principal + 11,818 interest.
    // Principal × (0.3, 0.2, 0.25, 0.25) = 27,272.7, 18,181.8, 22,727.25, 22,727.25 → 90,907 + 2 (.8, .7).
    // Interest = 3,545.4, 2,363.6, 2,954.5, 2,954.5 → 11,816 + 2 (.6, then .5 of #2, given first).
    // Fee: round(11,818 × 10%) = round(1,181.8) = 1,182, split by interest: 354.56, 236.44, 295.55,
    // 295.45 → 1,180 + 2 (.56, .55).
    const split = splitRepayment({
      principal: 90_909,
      interest: 11_818,
      participations: exampleParticipations,
    });
    expect(split).toEqual({
      feeTotal: 1_182,
      participations: [
        { id: 1, principal: 27_273, interest: 3_545, fee: 355, toLender: 30_463 },
        { id: 3, principal: 18_182, interest: 2_364, fee: 236, toLender: 20_310 },
        { id: 2, principal: 22_727, interest: 2_955, fee: 296, toLender: 25_386 },
        { id: 4, principal: 22_727, interest: 2_954, fee: 295, toLender: 25_386 },
      ],
    });
  });

  it('never pays a participation more principal than it is owed, giving the excess to the others', () => {
    // Earlier rounding left #1 owed 1, #2 and #3 owed 2 each; the last 5 split evenly would be
    // 2, 2, 1. #1 is capped at 1 and the 4 left split 2, 2 between #2 and #3.
    const split = splitRepayment({
      principal: 5,
      interest: 0,
      participations: [
        { id: 1, principalShare: 100_000, principalOutstanding: 1 },
        { id: 2, principalShare: 100_000, principalOutstanding: 2 },
        { id: 3, principalShare: 100_000, principalOutstanding: 2 },
      ],
    });
    expect(split.participations.map((p) => p.principal)).toEqual([1, 2, 2]);
  });

  it('never pays a participation more interest than it is owed, when that is given', () => {
    const split = splitRepayment({
      principal: 0,
      interest: 1_000,
      participations: [
        { id: 1, principalShare: 500_000, principalOutstanding: 500_000, interestOwed: 100 },
        { id: 2, principalShare: 500_000, principalOutstanding: 500_000 },
      ],
    });
    expect(split.participations.map((p) => [p.interest, p.fee])).toEqual([
      [100, 10],
      [900, 90],
    ]);
  });

  it('rounds the fee once, half up, on the whole interest', () => {
    // 10% of 5 = 0.5 → 1. The interest splits 3, 2 (tie to the first); the fee follows the interest.
    const split = splitRepayment({
      principal: 0,
      interest: 5,
      participations: [
        { id: 1, principalShare: 1_000, principalOutstanding: 1_000 },
        { id: 2, principalShare: 1_000, principalOutstanding: 1_000 },
      ],
    });
    expect(split.feeTotal).toBe(1);
    expect(split.participations.map((p) => [p.interest, p.fee, p.toLender])).toEqual([
      [3, 1, 2],
      [2, 0, 2],
    ]);
  });

  it.each([
    [0, 0],
    [12.5, 1_477], // 11,818 × 12.5% = 1,477.25 → 1,477
    [100, 11_818],
  ])('takes a fee of %f% as %i', (feePercent, feeTotal) => {
    const split = splitRepayment({
      principal: 90_909,
      interest: 11_818,
      feePercent,
      participations: exampleParticipations,
    });
    expect(split.feeTotal).toBe(feeTotal);
    expect(split.participations.reduce((sum, p) => sum + p.fee, 0)).toBe(feeTotal);
  });

  it('gives principal only, and no fee, when the repayment has no interest', () => {
    const split = splitRepayment({ principal: 100_000, interest: 0, participations: exampleParticipations });
    expect(split.feeTotal).toBe(0);
    expect(split.participations.map((p) => p.toLender)).toEqual([30_000, 20_000, 25_000, 25_000]);
  });

  it.each([
    ['more principal than is outstanding', { principal: 2_000_001, interest: 0 }],
    ['a fee above 100%', { principal: 0, interest: 100, feePercent: 101 }],
    ['a fee with three decimals', { principal: 0, interest: 100, feePercent: 10.005 }],
    ['a negative interest', { principal: 0, interest: -1 }],
  ])('refuses %s', (_, amounts) => {
    expect(() => splitRepayment({ ...amounts, participations: exampleParticipations })).toThrow(RangeError);
  });

  it.each([
    ['no participations', []],
    ['a principal share of 0', [{ id: 1, principalShare: 0, principalOutstanding: 0 }]],
    ['more outstanding than was lent', [{ id: 1, principalShare: 100, principalOutstanding: 101 }]],
  ])('refuses %s', (_, participations) => {
    expect(() => splitRepayment({ principal: 0, interest: 0, participations })).toThrow(RangeError);
  });
});

const participationsArbitrary = fc.array(
  fc.integer({ min: 1, max: 3_000 }).chain((share) =>
    fc.record({
      principalShare: fc.constant(share * 1_000),
      principalOutstanding: fc.integer({ min: 0, max: share * 1_000 }),
    }),
  ),
  { minLength: 1, maxLength: 12 },
);

describe('splitRepayment on random repayments', () => {
  it('keeps every sum exact and every part within its bounds', () => {
    const input = participationsArbitrary.chain((rows) => {
      const outstanding = rows.reduce((sum, r) => sum + r.principalOutstanding, 0);
      return fc.record({
        participations: fc.constant(rows.map((r, index) => ({ id: index + 1, ...r }))),
        principal: fc.integer({ min: 0, max: outstanding }),
        interest: fc.integer({ min: 0, max: 2_000_000 }),
        feePercent: fc.oneof(
          fc.constant(10),
          fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
        ),
      });
    });
    fc.assert(
      fc.property(input, ({ participations, principal, interest, feePercent }) => {
        const split = splitRepayment({ principal, interest, feePercent, participations });
        const sum = (pick: (p: (typeof split.participations)[number]) => number) =>
          split.participations.reduce((total, p) => total + pick(p), 0);
        expect(sum((p) => p.principal)).toBe(principal);
        expect(sum((p) => p.interest)).toBe(interest);
        expect(sum((p) => p.fee)).toBe(split.feeTotal);
        expect(split.feeTotal).toBe(Math.round((interest * Math.round(feePercent * 100)) / 10_000));
        split.participations.forEach((p, index) => {
          const owed = participations[index]?.principalOutstanding ?? 0;
          expect(p.principal).toBeGreaterThanOrEqual(0);
          expect(p.principal).toBeLessThanOrEqual(owed);
          expect(p.fee).toBeGreaterThanOrEqual(0);
          expect(p.fee).toBeLessThanOrEqual(p.interest);
          expect(p.toLender).toBe(p.principal + p.interest - p.fee);
          expect(p.toLender).toBeGreaterThanOrEqual(0);
        });
      }),
      { seed: 2_024, numRuns: 3_000 },
    );
  });

  it('repays every participation its principal share exactly over a whole loan', () => {
    const input = fc.record({
      shares: fc.array(
        fc.integer({ min: 50, max: 2_000 }).map((k) => k * 1_000),
        { minLength: 1, maxLength: 8 },
      ),
      rateBp: fc.integer({ min: 100, max: 280 }),
      months: fc.integer({ min: 1, max: 24 }),
      interestType: fc.constantFrom('FLAT' as const, 'COMPOUND' as const),
    });
    fc.assert(
      fc.property(input, ({ shares, rateBp, months, interestType }) => {
        const principal = shares.reduce((sum, s) => sum + s, 0);
        const schedule = buildSchedule({ principal, monthlyRateBasisPoints: rateBp, months, interestType });
        const outstanding = [...shares];
        const received = shares.map(() => ({ interest: 0, fee: 0 }));
        let feeIncome = 0;
        for (const installment of schedule.installments) {
          const split = splitRepayment({
            principal: installment.principal,
            interest: installment.interest,
            participations: shares.map((share, index) => ({
              id: index,
              principalShare: share,
              principalOutstanding: outstanding[index] ?? 0,
            })),
          });
          feeIncome += split.feeTotal;
          split.participations.forEach((p, index) => {
            outstanding[index] = (outstanding[index] ?? 0) - p.principal;
            const sofar = received[index];
            if (sofar) {
              sofar.interest += p.interest;
              sofar.fee += p.fee;
            }
          });
        }
        expect(outstanding.every((left) => left === 0)).toBe(true);
        const interestPaid = received.reduce((sum, r) => sum + r.interest, 0);
        expect(interestPaid).toBe(schedule.totalInterest);
        expect(received.reduce((sum, r) => sum + r.fee, 0)).toBe(feeIncome);
        // Each lender's interest is its share of the loan's, give or take a shilling per installment.
        received.forEach((r, index) => {
          const exact = (schedule.totalInterest * (shares[index] ?? 0)) / principal;
          expect(Math.abs(r.interest - exact)).toBeLessThanOrEqual(schedule.weeks);
        });
      }),
      { seed: 52, numRuns: 300 },
    );
  });
});
