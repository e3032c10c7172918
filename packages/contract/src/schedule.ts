/**
 * Repayment schedules, pure maths (decisions.md, Lending rules), shared by every loan, offer and the
 * public calculator so all of them quote the same figures:
 * - a term in months is round(months × 52 / 12) weeks, repaid weekly;
 * - FLAT: interest = principal × monthly rate × months, spread evenly over the weeks;
 * - COMPOUND (reducing balance): an annuity at the weekly rate monthly rate × 12 / 52;
 * - installments are whole shillings and rounding goes into the last one, so sums are exact.
 * Rates are basis points of percent per month: "2.80" % → 280, i.e. 0.028 per month.
 * It imports only money.ts (and a type), so the public site can load it (`@sente/contract/schedule`)
 * without zod and the route schemas.
 */
import type { InterestType } from './loan-types.ts';
import { type Ugx, ugx } from './money.ts';

export interface ScheduleInput {
  /** Whole shillings above 0; checked here, like the other inputs. */
  readonly principal: number;
  /** Percent per month in basis points: 2.80% → 280. */
  readonly monthlyRateBasisPoints: number;
  readonly months: number;
  readonly interestType: InterestType;
}

export interface ScheduledInstallment {
  /** 1-based; installment n is due n weeks after disbursement. */
  readonly number: number;
  readonly principal: Ugx;
  readonly interest: Ugx;
  readonly total: Ugx;
}

export interface Schedule {
  readonly weeks: number;
  /** The regular installment (every one but possibly the last). */
  readonly weeklyRepayment: Ugx;
  readonly totalInterest: Ugx;
  readonly totalPayable: Ugx;
  readonly installments: readonly ScheduledInstallment[];
}

/** round(months × 52 / 12), half up: 1 → 4, 2 → 9, 6 → 26, 12 → 52. */
export function termWeeks(months: number): number {
  return Number(roundDiv(BigInt(months) * 52n, 12n));
}

/** Whole-number a / b rounded half up (a, b ≥ 0). The one place money is rounded to the shilling. */
export function roundDiv(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

export function buildSchedule(input: ScheduleInput): Schedule {
  const { principal, monthlyRateBasisPoints: bp, months } = input;
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new RangeError('principal must be > 0');
  if (!Number.isInteger(bp) || bp <= 0) throw new RangeError('rate must be > 0');
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be ≥ 1');
  const weeks = termWeeks(months);
  return input.interestType === 'FLAT'
    ? flatSchedule(principal, bp, months, weeks)
    : compoundSchedule(principal, bp, weeks);
}

function flatSchedule(principal: number, bp: number, months: number, weeks: number): Schedule {
  const p = BigInt(principal);
  const n = BigInt(weeks);
  // interest = principal × (bp / 10 000) × months
  const totalInterest = roundDiv(p * BigInt(bp) * BigInt(months), 10_000n);
  const totalPayable = p + totalInterest;
  const weekly = roundDiv(totalPayable, n);
  const weeklyInterest = roundDiv(totalInterest, n);
  const weeklyPrincipal = weekly - weeklyInterest;
  const installments: ScheduledInstallment[] = [];
  for (let k = 1; k <= weeks; k++) {
    const isLast = k === weeks;
    const interest = isLast ? totalInterest - weeklyInterest * (n - 1n) : weeklyInterest;
    const part = isLast ? p - weeklyPrincipal * (n - 1n) : weeklyPrincipal;
    installments.push(installment(k, part, interest));
  }
  return summarise(weeks, ugx(Number(weekly)), installments);
}

function compoundSchedule(principal: number, bp: number, weeks: number): Schedule {
  // Weekly rate r = (bp / 10 000) × 12 / 52 = bp × 3 / 130 000, kept as an exact fraction for the
  // interest of each week; only the annuity payment itself needs a power, rounded to the shilling.
  const r = (bp * 3) / 130_000;
  const payment = Math.round((principal * r) / (1 - (1 + r) ** -weeks));
  const installments: ScheduledInstallment[] = [];
  let balance = BigInt(principal);
  for (let k = 1; k <= weeks; k++) {
    const interest = roundDiv(balance * BigInt(bp) * 3n, 130_000n);
    const isLast = k === weeks;
    const part = isLast ? balance : BigInt(payment) - interest;
    installments.push(installment(k, part, interest));
    balance -= part;
  }
  return summarise(weeks, ugx(payment), installments);
}

function installment(number: number, principal: bigint, interest: bigint): ScheduledInstallment {
  if (principal < 0n || interest < 0n) throw new RangeError('schedule produced a negative part');
  return {
    number,
    principal: ugx(Number(principal)),
    interest: ugx(Number(interest)),
    total: ugx(Number(principal + interest)),
  };
}

function summarise(weeks: number, weeklyRepayment: Ugx, installments: ScheduledInstallment[]): Schedule {
  const totalInterest = ugx(installments.reduce((sum, i) => sum + i.interest, 0));
  const totalPayable = ugx(installments.reduce((sum, i) => sum + i.total, 0));
  return { weeks, weeklyRepayment, totalInterest, totalPayable, installments };
}
