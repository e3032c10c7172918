import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CashFlow, xirr } from './xirr.ts';

const on = (date: string, amount: number): CashFlow => ({ amount, at: new Date(`${date}T00:00:00+03:00`) });
/** A twelfth of a 365-day year after 1 January 2025: 365 × 86,400,000 / 12 ms exactly. */
const month = (n: number, amount: number): CashFlow => ({
  amount,
  at: new Date(Date.UTC(2025, 0, 1) + n * 2_628_000_000),
});

function presentValue(flows: CashFlow[], rate: number): number {
  const start = Math.min(...flows.map((f) => f.at.getTime()));
  return flows.reduce(
    (sum, f) => sum + f.amount * (1 + rate) ** -((f.at.getTime() - start) / (365 * 86_400_000)),
    0,
  );
}

describe('xirr against hand-checked cases', () => {
  it.each([
    // 1,100,000 / 1,000,000 − 1 over 365 days.
    [
      'earns 10% when 1,000,000 comes back as 1,100,000 a year later',
      [on('2023-01-01', -1_000_000), on('2024-01-01', 1_100_000)],
      0.1,
    ],
    // 730 days (2021, 2022) = 2 years; 1.1² = 1.21.
    [
      'earns 10% a year when 1,000,000 comes back as 1,210,000 two years later',
      [on('2021-01-01', -1_000_000), on('2023-01-01', 1_210_000)],
      0.1,
    ],
    // 55 / 1.1 + 60.5 / 1.21 = 50 + 50 = 100.
    [
      'earns 10% on 100 repaid as 55 and 60.5 over two years',
      [on('2021-01-01', -100), on('2022-01-01', 55), on('2023-01-01', 60.5)],
      0.1,
    ],
    // 900,000 / 1,000,000 − 1.
    [
      'loses 10% when only 900,000 of 1,000,000 comes back after a year',
      [on('2023-01-01', -1_000_000), on('2024-01-01', 900_000)],
      -0.1,
    ],
    [
      'loses 50% when half comes back after a year',
      [on('2023-01-01', -1_000_000), on('2024-01-01', 500_000)],
      -0.5,
    ],
    // 1.1^(365 / 30) − 1: a short loan annualises steeply.
    ['annualises 10% over 30 days', [on('2025-01-01', -100), on('2025-01-31', 110)], 1.1 ** (365 / 30) - 1],
  ])('%s', (_, flows, rate) => {
    expect(xirr(flows)).toBeCloseTo(rate, 10);
  });

  it('annualises 1% a month paid monthly as 1.01^12 − 1 = 12.6825%', () => {
    // Interest of 10,000 a month on 1,000,000 and the principal back with the last: 1% per period.
    const flows = [month(0, -1_000_000), ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => month(n, 10_000))];
    flows.push(month(12, 1_010_000));
    expect(xirr(flows)).toBeCloseTo(1.01 ** 12 - 1, 10);
  });

  it('gives about 12.7% for the same flows on calendar month ends, where months differ in length', () => {
    const dates = [
      '02-01',
      '03-01',
      '04-01',
      '05-01',
      '06-01',
      '07-01',
      '08-01',
      '09-01',
      '10-01',
      '11-01',
      '12-01',
    ];
    const flows = [
      on('2023-01-01', -1_000_000),
      ...dates.map((d) => on(`2023-${d}`, 10_000)),
      on('2024-01-01', 1_010_000),
    ];
    const rate = xirr(flows) ?? Number.NaN;
    expect(Math.abs(rate - 0.126825)).toBeLessThan(0.001);
    expect(Math.abs(presentValue(flows, rate))).toBeLessThan(1e-6);
  });

  it('measures a loan that defaults after twelve weekly repayments as a heavy loss', () => {
    // 1,000,000 lent; twelve weekly repayments of 45,000 (540,000), then nothing.
    const weeks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const flows = [
      { amount: -1_000_000, at: new Date(Date.UTC(2025, 0, 1)) },
      ...weeks.map((n) => ({ amount: 45_000, at: new Date(Date.UTC(2025, 0, 1 + 7 * n)) })),
    ];
    const rate = xirr(flows) ?? Number.NaN;
    // 54% back over about twelve weeks annualises to −98.97% (read off the result; the present
    // value of 0 at that rate is the check).
    expect(rate).toBeCloseTo(-0.9897, 4);
    expect(Math.abs(presentValue(flows, rate))).toBeLessThan(1e-3);
  });

  it('finds a near-total loss by bisection when Newton overshoots below −100%', () => {
    // (1 + r) = 1 / 1,000,000 after one year.
    expect(xirr([on('2023-01-01', -1_000_000), on('2024-01-01', 1)])).toBeCloseTo(-0.999_999, 12);
  });

  it('gives the same rate whatever order the flows are listed in', () => {
    const flows = [on('2021-01-01', -100), on('2022-01-01', 55), on('2023-01-01', 60.5)];
    expect(xirr([...flows].reverse())).toBeCloseTo(0.1, 10);
  });

  it('ignores flows of 0', () => {
    expect(
      xirr([on('2023-01-01', -1_000_000), on('2023-06-01', 0), on('2024-01-01', 1_100_000)]),
    ).toBeCloseTo(0.1, 10);
  });
});

describe('xirr when there is no rate', () => {
  it.each([
    ['no flows', []],
    ['a single flow', [on('2023-01-01', -1_000_000)]],
    ['money only paid out', [on('2023-01-01', -1_000_000), on('2023-02-01', -500_000)]],
    ['money only received', [on('2023-01-01', 1_000_000), on('2023-02-01', 500_000)]],
    ['a total loss (nothing came back)', [on('2023-01-01', -1_000_000), on('2024-01-01', 0)]],
    ['flows all on one day', [on('2023-01-01', -1_000_000), on('2023-01-01', 1_000_000)]],
    // 1000^365 − 1 is beyond any floating-point number.
    ['a rate too large to represent', [on('2023-01-01', -1), on('2023-01-02', 1_000)]],
    // 160,000 of 1,000,000 back over four weeks: the rate is within 10^-12 of −100%.
    [
      'a loss annualised over a few weeks, closer to −100% than floating point can tell',
      [
        on('2025-01-01', -1_000_000),
        on('2025-01-08', 40_000),
        on('2025-01-15', 40_000),
        on('2025-01-22', 40_000),
        on('2025-01-29', 40_000),
      ],
    ],
  ])('gives null for %s', (_, flows) => {
    expect(xirr(flows)).toBeNull();
  });

  it('gives null for a gain annualised over minutes, which Newton settles on far above 10^9', () => {
    // A browser test's lender: 200,000 lent, a first repayment's share back seconds later, the rest
    // still owed when its portfolio was read ten minutes on. Newton converged on a rate of about
    // 6.8 × 10^196, and the page showed "6.805056547641744e+198% a year".
    const lent = new Date('2026-11-28T09:20:00+03:00').getTime();
    const flows = [
      { amount: -200_000, at: new Date(lent) },
      { amount: 16_464, at: new Date(lent + 5_000) },
      { amount: 184_616, at: new Date(lent + 600_000) },
    ];
    expect(xirr(flows)).toBeNull();
  });

  it('refuses an amount that is not a number', () => {
    expect(() => xirr([on('2023-01-01', Number.NaN), on('2024-01-01', 1)])).toThrow(RangeError);
  });
});

describe('xirr on random loans', () => {
  it('returns a rate at which the flows are worth nothing today, rising with what is repaid', () => {
    const loan = fc.record({
      lent: fc.integer({ min: 50, max: 5_000 }).map((k) => k * 1_000),
      weeks: fc.integer({ min: 4, max: 104 }),
      // What comes back, as a share of what was lent: from a heavy loss to the legal maximum and more.
      backPercent: fc.integer({ min: 30, max: 200 }),
    });
    fc.assert(
      fc.property(loan, ({ lent, weeks, backPercent }) => {
        const flowsFor = (percent: number) => [
          { amount: -lent, at: new Date(Date.UTC(2025, 0, 1)) },
          ...Array.from({ length: weeks }, (_, k) => ({
            amount: Math.round((lent * percent) / 100 / weeks),
            at: new Date(Date.UTC(2025, 0, 8 + 7 * k)),
          })),
        ];
        const flows = flowsFor(backPercent);
        const rate = xirr(flows) ?? Number.NaN;
        expect(rate).toBeGreaterThan(-1);
        expect(Math.abs(presentValue(flows, rate))).toBeLessThan(lent * 1e-6);
        const better = xirr(flowsFor(backPercent + 5));
        expect(better ?? Number.NaN).toBeGreaterThan(rate);
      }),
      { seed: 365, numRuns: 1_000 },
    );
  });
});
