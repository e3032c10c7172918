import { describe, expect, it } from 'vitest';
import { buildSchedule, type ScheduleInput, termWeeks } from './schedule.ts';

describe('termWeeks', () => {
  it.each([
    [1, 4], // 52 / 12 = 4.33 → 4
    [2, 9], // 104 / 12 = 8.67 → 9
    [3, 13],
    [5, 22], // 260 / 12 = 21.67 → 22
    [6, 26],
    [9, 39],
    [12, 52],
    [24, 104],
  ])('turns %i months into %i weeks', (months, weeks) => {
    expect(termWeeks(months)).toBe(weeks);
  });
});

interface Example {
  readonly name: string;
  readonly input: ScheduleInput;
  readonly weeks: number;
  readonly weeklyRepayment: number;
  readonly totalInterest: number;
  readonly totalPayable: number;
  /** Installments listed by number; the others equal the first. */
  readonly installments: Record<number, [principal: number, interest: number]>;
}

const examples: Example[] = [
  {
    // FLAT 1,000,000 at 2.80% for 6 months.
    // weeks = round(6 × 52 / 12) = 26; interest = 1,000,000 × 0.028 × 6 = 168,000; payable 1,168,000.
    // weekly = round(1,168,000 / 26 = 44,923.08) = 44,923; of which interest round(168,000 / 26 = 6,461.54)
    // = 6,462 and principal 44,923 − 6,462 = 38,461.
    // last: interest 168,000 − 25 × 6,462 = 6,450; principal 1,000,000 − 25 × 38,461 = 38,475; total 44,925.
    name: 'FLAT 1,000,000 at 2.80% for 6 months',
    input: { principal: 1_000_000, monthlyRateBasisPoints: 280, months: 6, interestType: 'FLAT' },
    weeks: 26,
    weeklyRepayment: 44_923,
    totalInterest: 168_000,
    totalPayable: 1_168_000,
    installments: { 1: [38_461, 6_462], 25: [38_461, 6_462], 26: [38_475, 6_450] },
  },
  {
    // FLAT 500,000 at 2.50% for 1 month: 4 weeks; interest 500,000 × 0.025 × 1 = 12,500;
    // 512,500 / 4 = 128,125 exactly (principal 125,000 + interest 3,125), no remainder.
    name: 'FLAT 500,000 at 2.50% for 1 month',
    input: { principal: 500_000, monthlyRateBasisPoints: 250, months: 1, interestType: 'FLAT' },
    weeks: 4,
    weeklyRepayment: 128_125,
    totalInterest: 12_500,
    totalPayable: 512_500,
    installments: { 1: [125_000, 3_125], 4: [125_000, 3_125] },
  },
  {
    // FLAT 750,000 at 2.80% for 2 months: 9 weeks; interest 750,000 × 0.028 × 2 = 42,000; payable 792,000.
    // weekly 792,000 / 9 = 88,000; interest round(42,000 / 9 = 4,666.67) = 4,667; principal 83,333.
    // last: interest 42,000 − 8 × 4,667 = 4,664; principal 750,000 − 8 × 83,333 = 83,336; total 88,000.
    name: 'FLAT 750,000 at 2.80% for 2 months',
    input: { principal: 750_000, monthlyRateBasisPoints: 280, months: 2, interestType: 'FLAT' },
    weeks: 9,
    weeklyRepayment: 88_000,
    totalInterest: 42_000,
    totalPayable: 792_000,
    installments: { 1: [83_333, 4_667], 9: [83_336, 4_664] },
  },
  {
    // COMPOUND 1,000,000 at 2.60% for 1 month: 4 weeks at r = 0.026 × 12 / 52 = 0.006 a week.
    // payment = 1,000,000 × 0.006 / (1 − 1.006^−4); 1.006^4 = 1.0242169, so 6,000 / 0.0236441 = 253,760.9
    // → 253,761.
    // w1: interest 1,000,000 × 0.006 = 6,000; principal 247,761; balance 752,239
    // w2: interest 752,239 × 0.006 = 4,513.43 → 4,513; principal 249,248; balance 502,991
    // w3: interest 502,991 × 0.006 = 3,017.95 → 3,018; principal 250,743; balance 252,248
    // w4 (last): principal = balance 252,248; interest 252,248 × 0.006 = 1,513.49 → 1,513; total 253,761
    // interest 6,000 + 4,513 + 3,018 + 1,513 = 15,044; payable 1,015,044.
    name: 'COMPOUND 1,000,000 at 2.60% for 1 month',
    input: { principal: 1_000_000, monthlyRateBasisPoints: 260, months: 1, interestType: 'COMPOUND' },
    weeks: 4,
    weeklyRepayment: 253_761,
    totalInterest: 15_044,
    totalPayable: 1_015_044,
    installments: { 1: [247_761, 6_000], 2: [249_248, 4_513], 3: [250_743, 3_018], 4: [252_248, 1_513] },
  },
  {
    // COMPOUND 350,000 at 2.80% for 1 month: 4 weeks at r = 0.028 × 12 / 52 = 0.00646154 a week.
    // payment = 350,000 × r / (1 − (1 + r)^−4) = 2,261.54 / 0.0254340 = 88,918.3 → 88,918.
    // w1: interest 350,000 × r = 2,261.54 → 2,262; principal 86,656; balance 263,344
    // w2: interest 263,344 × r = 1,701.61 → 1,702; principal 87,216; balance 176,128
    // w3: interest 176,128 × r = 1,138.06 → 1,138; principal 87,780; balance 88,348
    // w4 (last): principal 88,348; interest 88,348 × r = 570.87 → 571; total 88,919 (the rounding
    // shilling lands in the last installment).
    name: 'COMPOUND 350,000 at 2.80% for 1 month',
    input: { principal: 350_000, monthlyRateBasisPoints: 280, months: 1, interestType: 'COMPOUND' },
    weeks: 4,
    weeklyRepayment: 88_918,
    totalInterest: 5_673,
    totalPayable: 355_673,
    installments: { 1: [86_656, 2_262], 2: [87_216, 1_702], 3: [87_780, 1_138], 4: [88_348, 571] },
  },
];

describe('buildSchedule against hand-worked examples', () => {
  it.each(examples)('$name', (example) => {
    const schedule = buildSchedule(example.input);
    expect(schedule.weeks).toBe(example.weeks);
    expect(schedule.installments).toHaveLength(example.weeks);
    expect(schedule.weeklyRepayment).toBe(example.weeklyRepayment);
    expect(schedule.totalInterest).toBe(example.totalInterest);
    expect(schedule.totalPayable).toBe(example.totalPayable);
    for (const [number, [principal, interest]] of Object.entries(example.installments)) {
      const row = schedule.installments[Number(number) - 1];
      expect(row, `installment ${number}`).toEqual({
        number: Number(number),
        principal,
        interest,
        total: principal + interest,
      });
    }
  });
});

describe('buildSchedule sums', () => {
  const principals = [350_000, 999_999, 1_000_000, 3_000_000, 5_000_000];
  const rates = [1, 150, 275, 280];
  const terms = [1, 2, 5, 7, 12, 24];
  for (const interestType of ['FLAT', 'COMPOUND'] as const) {
    it(`repays exactly the principal and the stated totals, in whole shillings (${interestType})`, () => {
      for (const principal of principals)
        for (const monthlyRateBasisPoints of rates)
          for (const months of terms) {
            const s = buildSchedule({ principal, monthlyRateBasisPoints, months, interestType });
            const sum = (pick: (i: (typeof s.installments)[number]) => number) =>
              s.installments.reduce((total, i) => total + pick(i), 0);
            expect(sum((i) => i.principal)).toBe(principal);
            expect(sum((i) => i.interest)).toBe(s.totalInterest);
            expect(sum((i) => i.total)).toBe(s.totalPayable);
            expect(s.totalPayable).toBe(principal + s.totalInterest);
            for (const i of s.installments.slice(0, -1)) expect(i.total).toBe(s.weeklyRepayment);
            for (const i of s.installments) {
              expect(Number.isSafeInteger(i.principal) && i.principal >= 0).toBe(true);
              expect(Number.isSafeInteger(i.interest) && i.interest >= 0).toBe(true);
            }
            // The last installment absorbs only rounding: within a few shillings of the others.
            const last = s.installments.at(-1)?.total ?? 0;
            expect(Math.abs(last - s.weeklyRepayment)).toBeLessThanOrEqual(s.weeks);
          }
    });
  }

  it('charges less interest on a reducing balance than flat at the same rate', () => {
    const input = { principal: 2_000_000, monthlyRateBasisPoints: 280, months: 12 };
    const flat = buildSchedule({ ...input, interestType: 'FLAT' });
    const compound = buildSchedule({ ...input, interestType: 'COMPOUND' });
    expect(flat.totalInterest).toBe(672_000); // 2,000,000 × 0.028 × 12
    expect(compound.totalInterest).toBeLessThan(flat.totalInterest);
  });
});
