import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bid, lenderCount, type Offer, rankBids, runAuction } from './auction.ts';

/** A bid placed at `time` (HH:MM) on one day; lender = bid id unless given. */
function bid(id: number, amount: number, rateBp: number, time: string, lenderId = id): Bid {
  return { id, lenderId, amount, rateBp, placedAt: new Date(`2025-03-10T${time}:00+03:00`) };
}

/** Fills written as [bidId, amount]; the lender is the bid id in these examples. */
type ExpectedOffer = [kind: Offer['kind'], amount: number, rateBp: number, fills: [number, number][]];

interface Example {
  readonly name: string;
  readonly amount: number;
  readonly minimumAmount: number;
  readonly bids: Bid[];
  readonly offers: ExpectedOffer[];
}

const examples: Example[] = [
  {
    // Both at 2.50%; #2 came an hour earlier, so it fills the whole 500,000 and #1 gets nothing.
    name: 'breaks a tie on rate by the time the bid was placed',
    amount: 500_000,
    minimumAmount: 100_000,
    bids: [bid(1, 500_000, 250, '10:00'), bid(2, 500_000, 250, '09:00')],
    offers: [['full', 500_000, 250, [[2, 500_000]]]],
  },
  {
    // Same rate, same minute: the lower id ranks first.
    name: 'breaks a tie on rate and time by bid id',
    amount: 300_000,
    minimumAmount: 100_000,
    bids: [bid(7, 300_000, 250, '09:00'), bid(3, 300_000, 250, '09:00')],
    offers: [['full', 300_000, 250, [[3, 300_000]]]],
  },
  {
    // Cumulative 400,000 at 2.00%, 800,000 at 2.20%; #3 (2.50%) closes the gap with 200,000 of its
    // 500,000, so all three earn 2.50%. Cheaper than 2.50%: #1 + #2 = 800,000 ≥ 500,000 at 2.20%.
    name: 'fills the marginal bid in part and prices everyone at its rate',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [bid(1, 400_000, 200, '09:00'), bid(2, 400_000, 220, '09:05'), bid(3, 500_000, 250, '09:10')],
    offers: [
      [
        'full',
        1_000_000,
        250,
        [
          [1, 400_000],
          [2, 400_000],
          [3, 200_000],
        ],
      ],
      [
        'lower-rate',
        800_000,
        220,
        [
          [1, 400_000],
          [2, 400_000],
        ],
      ],
    ],
  },
  {
    // Ranked: #1 (2.20%) 600,000; #3 (2.40%, 08:45) 400,000 → 1,000,000; #2 (2.40%, 09:30) 500,000 →
    // 1,500,000; #4 (2.60%) needs 500,000 of 800,000 → full at 2.60%. Below 2.60%: #1 + #3 + #2 =
    // 1,500,000 ≥ 500,000 at 2.40%. #5 (2.80%) is in neither. (docs/marketplace.md's example.)
    name: 'offers the largest amount fundable at a strictly lower rate as the second offer',
    amount: 2_000_000,
    minimumAmount: 500_000,
    bids: [
      bid(1, 600_000, 220, '09:00'),
      bid(2, 500_000, 240, '09:30'),
      bid(3, 400_000, 240, '08:45'),
      bid(4, 800_000, 260, '10:00'),
      bid(5, 300_000, 280, '11:00'),
    ],
    offers: [
      [
        'full',
        2_000_000,
        260,
        [
          [1, 600_000],
          [3, 400_000],
          [2, 500_000],
          [4, 500_000],
        ],
      ],
      [
        'lower-rate',
        1_500_000,
        240,
        [
          [1, 600_000],
          [3, 400_000],
          [2, 500_000],
        ],
      ],
    ],
  },
  {
    // Full: #1 300,000 + 700,000 of #2 at 2.50%. Below 2.50% there is only 300,000 < 500,000.
    name: 'makes no second offer when the lower rates do not reach the minimum amount',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [bid(1, 300_000, 200, '09:00'), bid(2, 900_000, 250, '09:00')],
    offers: [
      [
        'full',
        1_000_000,
        250,
        [
          [1, 300_000],
          [2, 700_000],
        ],
      ],
    ],
  },
  {
    // Below 2.50%: #1 = 500,000, exactly the minimum: enough.
    name: 'makes the second offer when the lower rates reach the minimum exactly',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [bid(1, 500_000, 200, '09:00'), bid(2, 900_000, 250, '09:00')],
    offers: [
      [
        'full',
        1_000_000,
        250,
        [
          [1, 500_000],
          [2, 500_000],
        ],
      ],
      ['lower-rate', 500_000, 200, [[1, 500_000]]],
    ],
  },
  {
    // Full: #1 500,000, #2 300,000, #3 200,000 of 400,000 at 2.50%. #2 is at 2.50% too, not strictly
    // lower, so the second offer is #1 alone.
    name: 'leaves bids at the full rate out of the lower-rate offer',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [bid(1, 500_000, 200, '09:00'), bid(2, 300_000, 250, '09:00'), bid(3, 400_000, 250, '09:30')],
    offers: [
      [
        'full',
        1_000_000,
        250,
        [
          [1, 500_000],
          [2, 300_000],
          [3, 200_000],
        ],
      ],
      ['lower-rate', 500_000, 200, [[1, 500_000]]],
    ],
  },
  {
    // 400,000 + 600,000 = 1,000,000 exactly: the marginal bid is filled whole.
    name: 'fills the marginal bid whole when the bids cover the amount exactly',
    amount: 1_000_000,
    minimumAmount: 1_000_000,
    bids: [bid(1, 400_000, 200, '09:00'), bid(2, 600_000, 230, '09:00')],
    offers: [
      [
        'full',
        1_000_000,
        230,
        [
          [1, 400_000],
          [2, 600_000],
        ],
      ],
    ],
  },
  {
    // 300,000 + 400,000 = 700,000 < 1,000,000: no full offer; 700,000 ≥ 500,000, so one partial
    // offer of every bid at the highest rate among them, 2.50%.
    name: 'makes a single partial offer when the bids fall short but reach the minimum amount',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [bid(1, 300_000, 200, '09:00'), bid(2, 400_000, 250, '09:00')],
    offers: [
      [
        'partial',
        700_000,
        250,
        [
          [1, 300_000],
          [2, 400_000],
        ],
      ],
    ],
  },
  {
    name: 'makes no offer when the bids fall short of the minimum amount',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [bid(1, 300_000, 200, '09:00'), bid(2, 100_000, 250, '09:00')],
    offers: [],
  },
  {
    name: 'makes no offer without bids',
    amount: 1_000_000,
    minimumAmount: 500_000,
    bids: [],
    offers: [],
  },
  {
    // All at 2.80%: #2 (08:00) 600,000, then #1 (09:00) 400,000 of 600,000; #3 (10:00) is not
    // needed. Nothing is strictly cheaper than 2.80%, so there is no second offer.
    name: 'fills by time alone when all bids are at one rate, with no second offer',
    amount: 1_000_000,
    minimumAmount: 100_000,
    bids: [bid(1, 600_000, 280, '09:00'), bid(2, 600_000, 280, '08:00'), bid(3, 600_000, 280, '10:00')],
    offers: [
      [
        'full',
        1_000_000,
        280,
        [
          [2, 600_000],
          [1, 400_000],
        ],
      ],
    ],
  },
  {
    // One bid of 2,000,000 at 2.30% for a 1,000,000 listing: it alone funds it, filled in part.
    name: 'lets a single bid that covers everything fund the whole listing',
    amount: 1_000_000,
    minimumAmount: 100_000,
    bids: [bid(1, 2_000_000, 230, '09:00')],
    offers: [['full', 1_000_000, 230, [[1, 1_000_000]]]],
  },
];

describe('runAuction against hand-worked examples', () => {
  it.each(examples)('$name', ({ amount, minimumAmount, bids, offers }) => {
    const expected = offers.map(([kind, offerAmount, rateBp, fills]) => ({
      kind,
      amount: offerAmount,
      rateBp,
      fills: fills.map(([bidId, fill]) => ({ bidId, lenderId: bidId, amount: fill })),
    }));
    expect(runAuction({ amount, minimumAmount, bids })).toEqual(expected);
  });
});

describe('runAuction', () => {
  it('gives the same offers whatever order the bids arrive in', () => {
    const bids = examples[3]?.bids ?? [];
    const once = runAuction({ amount: 2_000_000, minimumAmount: 500_000, bids });
    const reversed = runAuction({ amount: 2_000_000, minimumAmount: 500_000, bids: [...bids].reverse() });
    expect(reversed).toEqual(once);
  });

  it('counts the distinct lenders of an offer', () => {
    const bids = [
      bid(1, 400_000, 200, '09:00', 10),
      bid(2, 400_000, 220, '09:00', 11),
      bid(3, 500_000, 250, '09:00', 12),
    ];
    const [full, lower] = runAuction({ amount: 1_000_000, minimumAmount: 500_000, bids });
    expect(full && lenderCount(full)).toBe(3);
    expect(lower && lenderCount(lower)).toBe(2);
  });

  it.each([
    ['a listing amount of 0', { amount: 0, minimumAmount: 1, bids: [] }],
    ['a fractional listing amount', { amount: 1_000.5, minimumAmount: 1, bids: [] }],
    ['a minimum amount of 0', { amount: 1_000, minimumAmount: 0, bids: [] }],
    ['a bid of 0', { amount: 1_000, minimumAmount: 1, bids: [bid(1, 0, 200, '09:00')] }],
    ['a fractional rate', { amount: 1_000, minimumAmount: 1, bids: [bid(1, 500, 200.5, '09:00')] }],
    [
      'the same bid twice',
      { amount: 1_000, minimumAmount: 1, bids: [bid(1, 500, 200, '09:00'), bid(1, 500, 210, '09:00')] },
    ],
    [
      'an invalid time',
      {
        amount: 1_000,
        minimumAmount: 1,
        bids: [{ ...bid(1, 500, 200, '09:00'), placedAt: new Date(Number.NaN) }],
      },
    ],
  ])('refuses %s', (_, input) => {
    expect(() => runAuction(input)).toThrow(RangeError);
  });
});

const bidsArbitrary = fc
  .array(
    fc.record({
      lenderId: fc.integer({ min: 1, max: 20 }),
      thousands: fc.integer({ min: 50, max: 3_000 }),
      rateBp: fc.integer({ min: 100, max: 280 }),
      minute: fc.integer({ min: 0, max: 30 }),
    }),
    { maxLength: 25 },
  )
  .map((rows) =>
    rows.map((row, index) => ({
      id: index + 1,
      lenderId: row.lenderId,
      amount: row.thousands * 1_000,
      // Few distinct rates and minutes, so ties on rate and on time are common.
      rateBp: row.rateBp - (row.rateBp % 20),
      placedAt: new Date(Date.UTC(2025, 2, 10, 9, row.minute)),
    })),
  );

describe('runAuction on random bids', () => {
  it('keeps the auction rules on thousands of random listings', () => {
    const input = fc.record({
      amount: fc.integer({ min: 100, max: 10_000 }).map((k) => k * 1_000),
      minimumAmount: fc.integer({ min: 50, max: 5_000 }).map((k) => k * 1_000),
      bids: bidsArbitrary,
    });
    fc.assert(
      fc.property(input, ({ amount, minimumAmount, bids }) => {
        const offers = runAuction({ amount, minimumAmount, bids });
        const ranked = rankBids(bids);
        const byId = new Map(bids.map((b) => [b.id, b]));
        const covered = bids.reduce((sum, b) => sum + b.amount, 0);
        for (const offer of offers) {
          expect(offer.fills.reduce((sum, f) => sum + f.amount, 0)).toBe(offer.amount);
          for (const fill of offer.fills) {
            const source = byId.get(fill.bidId);
            expect(fill.amount).toBeGreaterThan(0);
            expect(fill.amount).toBeLessThanOrEqual(source?.amount ?? 0);
            expect(fill.lenderId).toBe(source?.lenderId);
            expect(source?.rateBp).toBeLessThanOrEqual(offer.rateBp);
          }
          // Cheapest first: the fills are the first bids of the ranking, in order.
          expect(offer.fills.map((f) => f.bidId)).toEqual(
            ranked.slice(0, offer.fills.length).map((b) => b.id),
          );
          // Only the last fill may take part of its bid.
          for (const fill of offer.fills.slice(0, -1)) expect(fill.amount).toBe(byId.get(fill.bidId)?.amount);
        }
        const [first, second] = offers;
        expect(offers.length).toBeLessThanOrEqual(2);
        if (covered >= amount) {
          expect(first?.kind).toBe('full');
          expect(first?.amount).toBe(amount);
          expect(first?.rateBp).toBe(
            first?.fills.length ? ranked[first.fills.length - 1]?.rateBp : undefined,
          );
          const cheaper = bids.filter((b) => b.rateBp < (first?.rateBp ?? 0));
          const cheaperSum = cheaper.reduce((sum, b) => sum + b.amount, 0);
          if (cheaper.length > 0 && cheaperSum >= minimumAmount) {
            expect(second?.kind).toBe('lower-rate');
            expect(second?.amount).toBe(cheaperSum);
            expect(second?.amount).toBeLessThan(amount);
            expect(second?.rateBp).toBeLessThan(first?.rateBp ?? 0);
          } else {
            expect(second).toBeUndefined();
          }
        } else if (bids.length > 0 && covered >= minimumAmount) {
          expect(offers).toHaveLength(1);
          expect(first?.kind).toBe('partial');
          expect(first?.amount).toBe(covered);
        } else {
          expect(offers).toEqual([]);
        }
      }),
      { seed: 20_250_310, numRuns: 3_000 },
    );
  });
});
