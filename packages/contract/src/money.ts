/**
 * Money is whole Uganda shillings (ADR 001, decisions.md: API conventions). Inside the code it is a
 * `Ugx`; on the wire it is a decimal string with two places ("1500000.00"); on a screen it is
 * "UGX 1,500,000". Every conversion between the three lives here, and this module imports nothing,
 * so the public site can load it (`@sente/contract/money`) without zod and the route schemas.
 */

declare const ugxBrand: unique symbol;

/** Whole shillings: a safe integer, never a fraction. Made by `ugx`, `isUgx` or a parser below. */
export type Ugx = number & { readonly [ugxBrand]: 'Ugx' };

/** True for a whole number of shillings (a balance or a difference may be negative). */
export function isUgx(value: unknown): value is Ugx {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Whole shillings, or a RangeError: a fraction of a shilling here is a bug upstream. */
export function ugx(value: number): Ugx {
  if (!isUgx(value)) throw new RangeError(`Not a whole shilling amount: ${value}`);
  return value;
}

/** The same, refusing amounts below zero: what is paid, lent or owed is never negative. */
export function nonNegativeUgx(value: number): Ugx {
  const amount = ugx(value);
  if (amount < 0) throw new RangeError(`Not an amount of money (below zero): ${value}`);
  return amount;
}

// ---- The wire: "1500000.00" ----

export const UGX_STRING_PATTERN = /^-?\d{1,16}\.00$/;

/**
 * The API's money string (decisions.md): whole shillings with two places, "1500000.00". It takes a
 * plain number, as rows and SQL sums are, and checks it: a fraction of a shilling throws.
 */
export function toUgxString(amount: number): string {
  return `${ugx(amount)}.00`;
}

/**
 * Reads a wire amount ("1500000.00", also "1500000" or "1500000.0") back to whole shillings; null
 * for anything else, including fractions of a shilling and thousands separators.
 */
export function fromUgxString(value: string): Ugx | null {
  const match = /^(-?\d{1,16})(?:\.0{1,2})?$/.exec(value.trim());
  if (!match?.[1]) return null;
  const amount = Number(match[1]);
  return isUgx(amount) ? amount : null;
}

// ---- What a person types: "1,000", "UGX 5,000", " 12 " ----

/**
 * An amount as a person types it: digits, optionally grouped in thousands with commas, optionally
 * with "UGX" before or after, optionally ".00". Null for anything else: fractions of a shilling
 * ("1.5"), negatives, words, nothing at all.
 */
export function parseUgx(text: string): Ugx | null {
  const bare = text
    .trim()
    .replace(/^UGX\s*/i, '')
    .replace(/\s*UGX$/i, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.0{1,2})?$/.exec(bare);
  if (!match?.[1]) return null;
  const amount = Number(match[1].replaceAll(',', ''));
  return isUgx(amount) ? amount : null;
}

// ---- The screen: "UGX 1,500,000" ----

/** Uganda's English grouping (1,500,000), so every screen, message and test shows the same digits. */
const DISPLAY_LOCALE = 'en-UG';
const groupings = new Map<string, Intl.NumberFormat>();

function groupingFor(locale: string): Intl.NumberFormat {
  let grouping = groupings.get(locale);
  if (!grouping) {
    grouping = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    groupings.set(locale, grouping);
  }
  return grouping;
}

/** An amount on its way to a screen: a number, the wire's "1500000.00", or nothing yet. */
export type ShownAmount = number | string | null | undefined;

/**
 * Whole shillings of an amount to show. Spec section 5: "an invalid or empty number displays as 0";
 * a number is rounded to the shilling, a string must be a wire amount ("1,000" is not one).
 */
export function ugxOrZero(value: ShownAmount): Ugx {
  const amount = typeof value === 'string' ? fromUgxString(value) : Math.round(value ?? 0) || 0;
  return isUgx(amount) ? amount : ugx(0);
}

/** A count or plain number grouped in thousands: "12,345"; not finite shows 0. */
export function formatNumber(value: number, locale: string = DISPLAY_LOCALE): string {
  return groupingFor(locale).format(Number.isFinite(value) ? value || 0 : 0);
}

/**
 * Money for people to read, the UGX code first (spec: Amount "prefix UGX"): "UGX 1,500,000", and
 * "UGX -1,500" below zero. Takes a number or a wire string, read by `ugxOrZero`.
 */
export function formatUgx(amount: ShownAmount, locale: string = DISPLAY_LOCALE): string {
  // `|| 0` turns a negative zero into zero: "UGX -0" is never an amount anyone owes.
  return `UGX ${formatNumber(ugxOrZero(amount) || 0, locale)}`;
}

/** "+UGX 1,500" for money in, "−UGX 1,500" for money out (a true minus sign, read as "minus"). */
export function formatSignedUgx(
  amount: ShownAmount,
  direction: 'CREDIT' | 'DEBIT',
  locale: string = DISPLAY_LOCALE,
): string {
  const sign = direction === 'CREDIT' ? '+' : '\u2212';
  return `${sign}UGX ${formatNumber(Math.abs(ugxOrZero(amount)), locale)}`;
}
