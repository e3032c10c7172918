/** Spec sections 5 and 9: the calculator's bounds, steps and defaults. */
export const CALCULATOR_LIMITS = {
  amount: { min: 350_000, max: 5_000_000, step: 50_000, default: 1_000_000 },
  months: { min: 1, max: 24, step: 1, default: 6 },
} as const;

/** decisions.md: 2.8% per month, the advertised rate, in the standard amortised formula. */
export const CALCULATOR_RATE_BASIS_POINTS = 280;
export const CALCULATOR_MONTHLY_RATE = CALCULATOR_RATE_BASIS_POINTS / 10_000;

export type CalculatorLoanType = 'business' | 'equipment' | 'working-capital';

export interface LoanEstimate {
  /** Whole UGX, rounded to the nearest shilling. */
  readonly monthlyPayment: number;
  /** Monthly payment × months (spec section 9). */
  readonly totalPayment: number;
  /** Total payment − principal. */
  readonly totalInterest: number;
}

/**
 * The standard amortised (annuity) payment: P·r / (1 − (1 + r)^−n), at 2.8% per month.
 * Amounts are whole shillings; the monthly payment is rounded once and the totals follow from it.
 */
export function calculateLoan(
  principal: number,
  months: number,
  monthlyRate = CALCULATOR_MONTHLY_RATE,
): LoanEstimate {
  if (!Number.isFinite(principal) || principal <= 0 || !Number.isInteger(months) || months < 1) {
    return { monthlyPayment: 0, totalPayment: 0, totalInterest: 0 };
  }
  const exact =
    monthlyRate === 0 ? principal / months : (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
  const monthlyPayment = Math.round(exact);
  const totalPayment = monthlyPayment * months;
  return { monthlyPayment, totalPayment, totalInterest: totalPayment - principal };
}
