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

/** The instant a Kampala day starts. */
export function startOfDay(day: number): number {
  return day * DAY_MS - KAMPALA_UTC_OFFSET_MS;
}

/** Days in arrears (decisions.md): today − oldest unpaid due day, when positive. */
export function arrearsDays(oldestUnpaidDay: number | null, today: number): number {
  return oldestUnpaidDay === null ? 0 : Math.max(0, today - oldestUnpaidDay);
}
