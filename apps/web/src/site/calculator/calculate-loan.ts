import { formatUgx } from '@sente/contract/money';
import { buildSchedule } from '@sente/contract/schedule';

/**
 * The public calculator's maths. It prices a loan exactly as a loan of the chosen type is priced
 * when it is made: the contract's `buildSchedule` at the type's rate and interest type, weekly
 * installments, rounding in the last one (decisions.md, Lending rules; docs/site.md).
 */

/** A loan type as the calculator uses it: an ACTIVE type of GET /api/public/loan-types/. */
export interface CalculatorLoanType {
  readonly id: number;
  readonly name: string;
  /** Whole shillings. */
  readonly minAmount: number;
  readonly maxAmount: number;
  /** Percent per month in basis points: 2.80% → 280. */
  readonly rateBasisPoints: number;
  readonly interestType: 'FLAT' | 'COMPOUND';
  readonly appraisalTime: string;
}

/** Spec sections 5 and 9: the calculator's steps and defaults; the amount's bounds are the loan type's. */
export const CALCULATOR_LIMITS = {
  amount: { step: 50_000, default: 1_000_000 },
  months: { min: 1, max: 24, step: 1, default: 6 },
} as const;

/** Spec section 5: "loan type defaults to business": the first type named Business…, else the first. */
export function defaultLoanType(types: readonly CalculatorLoanType[]): CalculatorLoanType | undefined {
  return types.find((type) => /^business\b/i.test(type.name)) ?? types[0];
}

/**
 * The slider's step: the spec's 50,000 when the type's range lies on that grid, otherwise the
 * largest round step that reaches both ends (a range input only stops at min + k × step).
 */
export function amountStep(type: CalculatorLoanType): number {
  const steps = [CALCULATOR_LIMITS.amount.step, 10_000, 5_000, 1_000, 100, 1];
  return steps.find((step) => type.minAmount % step === 0 && type.maxAmount % step === 0) ?? 1;
}

export interface ClampedAmount {
  /** Within the type's range, on its slider's grid. */
  readonly amount: number;
  /** Why the amount asked for was not used; null when it was. */
  readonly notice: string | null;
}

function outOfRange(type: CalculatorLoanType, used: number): ClampedAmount {
  const range = `${formatUgx(type.minAmount)} to ${formatUgx(type.maxAmount)}`;
  return {
    amount: used,
    notice: `Amounts for ${type.name} run from ${range}, so this estimate uses ${formatUgx(used)}.`,
  };
}

/** An amount the loan type lends: outside its range it is moved to the nearest end, with a notice. */
export function clampAmount(type: CalculatorLoanType, asked: number): ClampedAmount {
  if (!Number.isFinite(asked) || asked < type.minAmount) return outOfRange(type, type.minAmount);
  if (asked > type.maxAmount) return outOfRange(type, type.maxAmount);
  const step = amountStep(type);
  const onGrid = type.minAmount + Math.round((asked - type.minAmount) / step) * step;
  return { amount: Math.min(onGrid, type.maxAmount), notice: null };
}

/** Whole months from 1 to 24 (spec section 5), like an application's term. */
export function clampMonths(months: number): number {
  const { min, max } = CALCULATOR_LIMITS.months;
  if (!Number.isFinite(months)) return CALCULATOR_LIMITS.months.default;
  return Math.min(max, Math.max(min, Math.round(months)));
}

export interface LoanQuote {
  /** The principal priced: the amount asked for, clamped to the type's range. */
  readonly amount: number;
  readonly notice: string | null;
  readonly months: number;
  /** How many weekly installments: round(months × 52 / 12). */
  readonly installments: number;
  /** The regular weekly installment (every one but possibly the last). */
  readonly weeklyInstallment: number;
  /** The last installment, which takes the rounding; equal to the others or a few shillings off. */
  readonly lastInstallment: number;
  readonly totalInterest: number;
  /** Principal plus interest: what the borrower repays in all. */
  readonly totalPayment: number;
}

/** The figures a loan of this type, amount and term would really have (its `buildSchedule`). */
export function quoteLoan(type: CalculatorLoanType, askedAmount: number, askedMonths: number): LoanQuote {
  const { amount, notice } = clampAmount(type, askedAmount);
  const months = clampMonths(askedMonths);
  const schedule = buildSchedule({
    principal: amount,
    monthlyRateBasisPoints: type.rateBasisPoints,
    months,
    interestType: type.interestType,
  });
  return {
    amount,
    notice,
    months,
    installments: schedule.weeks,
    weeklyInstallment: schedule.weeklyRepayment,
    lastInstallment: schedule.installments.at(-1)?.total ?? schedule.weeklyRepayment,
    totalInterest: schedule.totalInterest,
    totalPayment: schedule.totalPayable,
  };
}
