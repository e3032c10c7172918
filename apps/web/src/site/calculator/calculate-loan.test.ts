import { buildSchedule } from '@sente/contract/schedule';
import { describe, expect, it } from 'vitest';
import {
  amountStep,
  CALCULATOR_LIMITS,
  type CalculatorLoanType,
  clampAmount,
  defaultLoanType,
  quoteLoan,
} from './calculate-loan.ts';

const workingCapital: CalculatorLoanType = {
  id: 1,
  name: 'Working Capital Loans',
  minAmount: 350_000,
  maxAmount: 3_000_000,
  rateBasisPoints: 280,
  interestType: 'FLAT',
  appraisalTime: 'Under 24 hours',
};
const equipment: CalculatorLoanType = {
  id: 4,
  name: 'Equipment Financing',
  minAmount: 350_000,
  maxAmount: 3_000_000,
  rateBasisPoints: 260,
  interestType: 'COMPOUND',
  appraisalTime: 'Under 24 hours',
};
const businessTerm: CalculatorLoanType = {
  id: 5,
  name: 'Business Term Loan',
  minAmount: 1_000_000,
  maxAmount: 5_000_000,
  rateBasisPoints: 280,
  interestType: 'COMPOUND',
  appraisalTime: 'Up to 48 hours',
};

describe('quoteLoan prices as a real loan of the type', () => {
  // Hand-worked in packages/contract/src/schedule.test.ts: 26 weeks; interest 1,000,000 × 0.028 × 6
  // = 168,000; weekly round(1,168,000 / 26) = 44,923; the last takes the rounding: 44,925.
  it('charges a FLAT type its flat interest: 1,000,000 over 6 months at 2.8% costs 168,000', () => {
    expect(quoteLoan(workingCapital, 1_000_000, 6)).toEqual({
      amount: 1_000_000,
      notice: null,
      months: 6,
      installments: 26,
      weeklyInstallment: 44_923,
      lastInstallment: 44_925,
      totalInterest: 168_000,
      totalPayment: 1_168_000,
    });
  });

  // Hand-worked there too: 4 weeks at 0.6% a week, payment 253,761, interest 15,044.
  it('charges a COMPOUND type reducing-balance interest: 1,000,000 over 1 month at 2.6% costs 15,044', () => {
    expect(quoteLoan(equipment, 1_000_000, 1)).toEqual({
      amount: 1_000_000,
      notice: null,
      months: 1,
      installments: 4,
      weeklyInstallment: 253_761,
      lastInstallment: 253_761,
      totalInterest: 15_044,
      totalPayment: 1_015_044,
    });
  });

  it.each([
    { type: workingCapital, amount: 350_000 },
    { type: workingCapital, amount: 2_250_000 },
    { type: workingCapital, amount: 3_000_000 },
    { type: equipment, amount: 750_000 },
    { type: businessTerm, amount: 1_000_000 },
    { type: businessTerm, amount: 5_000_000 },
  ])(
    'gives buildSchedule’s figures for $type.name ($type.interestType), $amount, 1–24 months',
    ({ type, amount }) => {
      for (let months = 1; months <= 24; months++) {
        const schedule = buildSchedule({
          principal: amount,
          monthlyRateBasisPoints: type.rateBasisPoints,
          months,
          interestType: type.interestType,
        });
        const quote = quoteLoan(type, amount, months);
        expect(quote.installments).toBe(schedule.weeks);
        expect(quote.installments).toBe(schedule.installments.length);
        expect(quote.weeklyInstallment).toBe(schedule.weeklyRepayment);
        expect(quote.lastInstallment).toBe(schedule.installments.at(-1)?.total);
        expect(quote.totalInterest).toBe(schedule.totalInterest);
        expect(quote.totalPayment).toBe(schedule.totalPayable);
        expect(quote.totalPayment).toBe(amount + quote.totalInterest);
      }
    },
  );

  it('charges a FLAT type more than a reducing balance at the same rate', () => {
    const flat = quoteLoan(workingCapital, 2_000_000, 12);
    const reducing = quoteLoan({ ...businessTerm, rateBasisPoints: 280 }, 2_000_000, 12);
    expect(flat.totalInterest).toBe(672_000); // 2,000,000 × 0.028 × 12
    expect(reducing.totalInterest).toBeLessThan(flat.totalInterest);
  });
});

describe('amounts outside the type’s range', () => {
  it('uses the maximum, and says so, above the range', () => {
    const quote = quoteLoan(workingCapital, 4_500_000, 6);
    expect(quote.amount).toBe(3_000_000);
    expect(quote.notice).toBe(
      'Amounts for Working Capital Loans run from UGX 350,000 to UGX 3,000,000, so this estimate uses UGX 3,000,000.',
    );
    expect(quote.totalPayment).toBe(
      buildSchedule({ principal: 3_000_000, monthlyRateBasisPoints: 280, months: 6, interestType: 'FLAT' })
        .totalPayable,
    );
  });

  it('uses the minimum, and says so, below the range', () => {
    expect(clampAmount(businessTerm, 350_000)).toEqual({
      amount: 1_000_000,
      notice:
        'Amounts for Business Term Loan run from UGX 1,000,000 to UGX 5,000,000, so this estimate uses UGX 1,000,000.',
    });
  });

  it('refuses what is not an amount: empty or invalid input uses the minimum', () => {
    expect(clampAmount(workingCapital, Number.NaN).amount).toBe(350_000);
    expect(clampAmount(workingCapital, Number.NaN).notice).not.toBeNull();
  });

  it('keeps an amount in range as it is, with no notice', () => {
    expect(clampAmount(workingCapital, 350_000)).toEqual({ amount: 350_000, notice: null });
    expect(clampAmount(workingCapital, 3_000_000)).toEqual({ amount: 3_000_000, notice: null });
    expect(clampAmount(workingCapital, 1_000_000)).toEqual({ amount: 1_000_000, notice: null });
  });

  it('moves an amount between the slider’s stops to the nearest stop', () => {
    expect(clampAmount(workingCapital, 1_020_000)).toEqual({ amount: 1_000_000, notice: null });
    const odd = { ...workingCapital, minAmount: 375_000, maxAmount: 2_990_000 };
    expect(amountStep(odd)).toBe(5_000);
    expect(clampAmount(odd, 1_002_600)).toEqual({ amount: 1_005_000, notice: null });
  });

  it('keeps the term to 1–24 whole months', () => {
    expect(quoteLoan(workingCapital, 1_000_000, 0).months).toBe(1);
    expect(quoteLoan(workingCapital, 1_000_000, 36).months).toBe(24);
    expect(quoteLoan(workingCapital, 1_000_000, 24).installments).toBe(104);
  });
});

describe('the defaults of the spec', () => {
  it('starts at 1,000,000 UGX over 6 months in steps of 50,000', () => {
    expect(CALCULATOR_LIMITS.amount).toEqual({ step: 50_000, default: 1_000_000 });
    expect(CALCULATOR_LIMITS.months).toEqual({ min: 1, max: 24, step: 1, default: 6 });
    expect(amountStep(workingCapital)).toBe(50_000);
  });

  it('chooses the business loan type first, else the first type, else none', () => {
    expect(defaultLoanType([workingCapital, equipment, businessTerm])).toBe(businessTerm);
    expect(defaultLoanType([equipment, workingCapital])).toBe(equipment);
    expect(defaultLoanType([])).toBeUndefined();
  });
});
