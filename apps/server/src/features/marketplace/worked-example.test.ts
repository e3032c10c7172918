import { buildSchedule } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { type Bid, lenderCount, runAuction } from './auction.ts';
import { offerTerms } from './offer-terms.ts';
import { splitRepayment } from './pro-rata.ts';

/** docs/marketplace.md, "Auction and repayment maths": every figure of the worked example. */
describe('the worked example of docs/marketplace.md', () => {
  const at = (time: string) => new Date(`2025-03-10T${time}:00+03:00`);
  const bids: Bid[] = [
    { id: 1, lenderId: 101, amount: 600_000, rateBp: 220, placedAt: at('09:00') },
    { id: 2, lenderId: 102, amount: 500_000, rateBp: 240, placedAt: at('09:30') },
    { id: 3, lenderId: 103, amount: 400_000, rateBp: 240, placedAt: at('08:45') },
    { id: 4, lenderId: 104, amount: 800_000, rateBp: 260, placedAt: at('10:00') },
    { id: 5, lenderId: 105, amount: 300_000, rateBp: 280, placedAt: at('11:00') },
  ];
  const offers = runAuction({ amount: 2_000_000, minimumAmount: 500_000, bids });
  const [full, lower] = offers;

  it('makes a full offer at 2.60% and a lower-rate offer of 1,500,000 at 2.40%', () => {
    expect(offers).toHaveLength(2);
    expect(full).toEqual({
      kind: 'full',
      amount: 2_000_000,
      rateBp: 260,
      fills: [
        { bidId: 1, lenderId: 101, amount: 600_000 },
        { bidId: 3, lenderId: 103, amount: 400_000 },
        { bidId: 2, lenderId: 102, amount: 500_000 },
        { bidId: 4, lenderId: 104, amount: 500_000 },
      ],
    });
    expect(lower).toEqual({
      kind: 'lower-rate',
      amount: 1_500_000,
      rateBp: 240,
      fills: [
        { bidId: 1, lenderId: 101, amount: 600_000 },
        { bidId: 3, lenderId: 103, amount: 400_000 },
        { bidId: 2, lenderId: 102, amount: 500_000 },
      ],
    });
    expect(full && lenderCount(full)).toBe(4);
    expect(lower && lenderCount(lower)).toBe(3);
  });

  it('shows the borrower both offers over 5 months, FLAT', () => {
    const terms = offers.map((o) =>
      offerTerms({ amount: o.amount, rateBp: o.rateBp, months: 5, interestType: 'FLAT' }),
    );
    expect(terms).toEqual([
      { termWeeks: 22, weeklyRepayment: 102_727, totalInterest: 260_000, totalPayable: 2_260_000 },
      { termWeeks: 22, weeklyRepayment: 76_364, totalInterest: 180_000, totalPayable: 1_680_000 },
    ]);
  });

  it('splits the first weekly repayment of the accepted full offer among its four participations', () => {
    const schedule = buildSchedule({
      principal: 2_000_000,
      monthlyRateBasisPoints: 260,
      months: 5,
      interestType: 'FLAT',
    });
    const first = schedule.installments[0];
    expect(first).toEqual({ number: 1, principal: 90_909, interest: 11_818, total: 102_727 });
    expect(schedule.installments.at(-1)).toEqual({
      number: 22,
      principal: 90_911,
      interest: 11_822,
      total: 102_733,
    });
    const split = splitRepayment({
      principal: first?.principal ?? 0,
      interest: first?.interest ?? 0,
      feePercent: 10,
      participations: (full?.fills ?? []).map((fill) => ({
        id: fill.bidId,
        principalShare: fill.amount,
        principalOutstanding: fill.amount,
      })),
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
    // To the lenders 101,545, to fee income 1,182: the borrower's 102,727.
    expect(split.participations.reduce((sum, p) => sum + p.toLender, 0) + split.feeTotal).toBe(102_727);
  });
});
