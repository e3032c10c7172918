import { describe, expect, it } from 'vitest';
import { CALCULATOR_LIMITS, CALCULATOR_MONTHLY_RATE, calculateLoan } from './calculate-loan.ts';

// Hand-worked at r = 0.028 a month: payment = P·r·(1+r)^n / ((1+r)^n − 1).
//   n = 1: 1.028¹ → payment = P × 1.028.
//   n = 3: 1.028³ = 1.086373952 → 56,000 × 1.086373952 / 0.086373952 = 704,343.61.
//   n = 6: 1.028⁶ = 1.086373952² = 1.180208363 → 28,000 × 1.180208363 / 0.180208363 = 183,375.70.
describe('calculateLoan', () => {
  it.each([
    { principal: 1_000_000, months: 1, monthly: 1_028_000, total: 1_028_000, interest: 28_000 },
    { principal: 2_000_000, months: 3, monthly: 704_344, total: 2_113_032, interest: 113_032 },
    { principal: 1_000_000, months: 6, monthly: 183_376, total: 1_100_256, interest: 100_256 },
    { principal: 350_000, months: 12, monthly: 34_743, total: 416_916, interest: 66_916 },
    { principal: 5_000_000, months: 24, monthly: 288_913, total: 6_933_912, interest: 1_933_912 },
  ])(
    'repays $principal over $months months at $monthly a month',
    ({ principal, months, monthly, total, interest }) => {
      expect(calculateLoan(principal, months)).toEqual({
        monthlyPayment: monthly,
        totalPayment: total,
        totalInterest: interest,
      });
    },
  );

  it('gives the defaults of the spec: 1,000,000 UGX over 6 months at 2.8% a month', () => {
    expect(CALCULATOR_LIMITS.amount.default).toBe(1_000_000);
    expect(CALCULATOR_LIMITS.months.default).toBe(6);
    expect(CALCULATOR_MONTHLY_RATE).toBe(0.028);
  });

  it('shows 0 rather than NaN for an empty or invalid amount', () => {
    expect(calculateLoan(Number.NaN, 6)).toEqual({ monthlyPayment: 0, totalPayment: 0, totalInterest: 0 });
    expect(calculateLoan(1_000_000, 0).monthlyPayment).toBe(0);
  });

  it('splits evenly with no interest at a zero rate', () => {
    expect(calculateLoan(1_200_000, 12, 0)).toEqual({
      monthlyPayment: 100_000,
      totalPayment: 1_200_000,
      totalInterest: 0,
    });
  });
});
