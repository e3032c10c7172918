/**
 * Kampala calendar days as integers (days since 1970-01-01, UTC+3 all year), for speed: the seed
 * works out millions of due dates. Same arithmetic and offset as the contract's kampala-time.ts,
 * which the seed's test checks it against.
 */
import { DAY_MS, KAMPALA_UTC_OFFSET_MS } from '@sente/contract';

const names: string[] = [];

/** The Kampala day of an instant. */
export function dayOf(ms: number): number {
  return Math.floor((ms + KAMPALA_UTC_OFFSET_MS) / DAY_MS);
}

/** "YYYY-MM-DD" of a day number (memoised). */
export function dateOf(day: number): string {
  let name = names[day];
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    names[day] = name;
  }
  return name;
}

const utcDayPrefixes: string[] = [];
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * `new Date(ms).toISOString()` for the seed's instants (1970–9999), the date part memoised per UTC
 * day: the scale seed writes a timestamp for every ledger line, and `toISOString` was an eighth of
 * the generator's time.
 */
export function isoInstant(ms: number): string {
  const t = Math.floor(ms);
  const day = Math.floor(t / DAY_MS);
  let prefix = utcDayPrefixes[day];
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    utcDayPrefixes[day] = prefix;
  }
  let rest = t - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`;
}

/** The instant a Kampala day starts. */
export function startOfDay(day: number): number {
  return day * DAY_MS - KAMPALA_UTC_OFFSET_MS;
}

/** Days in arrears (decisions.md): today − oldest unpaid due day, when positive. */
export function arrearsDays(oldestUnpaidDay: number | null, today: number): number {
  return oldestUnpaidDay === null ? 0 : Math.max(0, today - oldestUnpaidDay);
}
