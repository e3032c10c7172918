import { parseUgx, type Ugx } from '@sente/contract';

/** Grouping follows Uganda's English locale, so every screen and test shows the same digits. */
const DEFAULT_LOCALE = 'en-UG';
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formatters.set(locale, formatter);
  }
  return formatter;
}

export type AmountInput = string | number | null | undefined;

/**
 * Whole shillings from a wire amount ("1500000.00") or a number. An invalid or empty value is 0
 * (spec section 5, Amounts), so a bad figure never renders as NaN.
 */
export function toShillings(value: AmountInput): Ugx {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value) : 0;
  if (typeof value !== 'string' || value.trim() === '') return 0;
  const amount = parseUgx(value);
  return Number.isFinite(amount) ? amount : 0;
}

/** Locale-grouped number without currency: `1,500,000`. */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE): string {
  return formatterFor(locale).format(Number.isFinite(value) ? value : 0);
}

/** `UGX 1,500,000`; invalid or empty shows `UGX 0`. */
export function formatUgx(value: AmountInput, locale: string = DEFAULT_LOCALE): string {
  return `UGX ${formatterFor(locale).format(toShillings(value))}`;
}

/** `+UGX 1,500` for money in, `−UGX 1,500` for money out (true minus sign, read as "minus"). */
export function formatSignedUgx(
  value: AmountInput,
  direction: 'CREDIT' | 'DEBIT',
  locale: string = DEFAULT_LOCALE,
): string {
  const amount = Math.abs(toShillings(value));
  return `${direction === 'CREDIT' ? '+' : '\u2212'}UGX ${formatterFor(locale).format(amount)}`;
}
