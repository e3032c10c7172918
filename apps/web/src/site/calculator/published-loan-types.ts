import type { LoanTypeDto } from '@sente/contract';
import { fromUgxString } from '@sente/contract/money';
import { parseRate } from '@sente/contract/rate';
import type { CalculatorLoanType } from './calculate-loan.ts';

/**
 * The loan types a public page prices with (docs/site.md, "The calculator's loan types"). The build
 * writes GET /api/public/loan-types/'s answer into every prerendered page as a JSON data block with
 * this id; the page reads it back before hydrating, so the calculator needs no request.
 */
export const LOAN_TYPES_ELEMENT_ID = 'sente-loan-types';

/** The endpoint's answer, as the page carries it. */
export interface PublicLoanTypesAnswer {
  readonly results: readonly LoanTypeDto[];
}

/** The data block's text: `<` escaped, so no loan type name can close the script element. */
export function loanTypesJson(answer: PublicLoanTypesAnswer): string {
  return JSON.stringify({ results: answer.results }).replaceAll('<', '\\u003c');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function calculatorLoanTypeFrom(value: unknown): CalculatorLoanType | null {
  if (!isRecord(value) || value.status !== 'ACTIVE') return null;
  const { id, loan_type_name: name, appraisal_time: appraisalTime, interest_type: interestType } = value;
  const minAmount = typeof value.min_amount === 'string' ? fromUgxString(value.min_amount) : null;
  const maxAmount = typeof value.max_amount === 'string' ? fromUgxString(value.max_amount) : null;
  const rateBasisPoints = typeof value.interest_rate === 'string' ? parseRate(value.interest_rate) : null;
  if (
    typeof id !== 'number' ||
    typeof name !== 'string' ||
    typeof appraisalTime !== 'string' ||
    (interestType !== 'FLAT' && interestType !== 'COMPOUND') ||
    minAmount === null ||
    maxAmount === null ||
    rateBasisPoints === null ||
    minAmount <= 0 ||
    minAmount >= maxAmount ||
    rateBasisPoints <= 0
  ) {
    return null;
  }
  return { id, name, minAmount, maxAmount, rateBasisPoints, interestType, appraisalTime };
}

/**
 * The calculator's loan types from the endpoint's `results`: the ACTIVE ones with a range and rate
 * it can price, in the order given. Checked by hand, not with zod, so public pages never load zod.
 */
export function calculatorLoanTypesFrom(results: unknown): CalculatorLoanType[] {
  if (!Array.isArray(results)) return [];
  return results.map(calculatorLoanTypeFrom).filter((type) => type !== null);
}

/** The loan types this document carries; none when it carries none (the calculator then says so). */
export function readPublishedLoanTypes(doc: Document): CalculatorLoanType[] {
  const text = doc.getElementById(LOAN_TYPES_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const answer: unknown = JSON.parse(text);
    return calculatorLoanTypesFrom(isRecord(answer) ? answer.results : undefined);
  } catch {
    // The build wrote and checked this block; if it is unreadable anyway, the page must still hydrate.
    return [];
  }
}
