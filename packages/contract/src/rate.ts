/**
 * Interest rates are percent per month (decisions.md, Lending rules). On the wire and in the
 * database they are "2.80"; in the code they are basis points of a percent (2.80% → 280), so the
 * maths stays in integers; on a screen they read as the spec writes them, "2.8% per month". Every
 * conversion between the three lives here; this module imports nothing.
 */

/** The wire's rate: "2.80", two places. */
export const RATE_STRING_PATTERN = /^\d{1,3}\.\d{2}$/;

/**
 * Basis points from a rate as a form or the wire gives it: 2.8, "2.8" or "2.80" (at most two
 * decimals, at most 999). Null for anything else; whether 0 is allowed is the caller's rule.
 */
export function parseRate(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points of a rate already known to be good (a database column, checked config). */
export function rateToBasisPoints(rate: string): number {
  const basisPoints = parseRate(rate);
  if (basisPoints === null) throw new RangeError(`Not a rate: ${rate}`);
  return basisPoints;
}

function checkedBasisPoints(basisPoints: number): number {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`Not a rate in basis points: ${basisPoints}`);
  }
  return basisPoints;
}

/** The wire's "2.80" from 280. */
export function toRateString(basisPoints: number): string {
  const bp = checkedBasisPoints(basisPoints);
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/**
 * A rate for people to read, as the spec writes it: "2.8% per month" (280), "2.75% per month",
 * "3% per month": no trailing zeros, the period always said.
 */
export function formatRate(basisPoints: number): string {
  const bp = checkedBasisPoints(basisPoints);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(bp / 100)}${fraction ? `.${fraction}` : ''}% per month`;
}
