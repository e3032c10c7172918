/**
 * Africa/Kampala calendar arithmetic. "Today", "this week" (from Monday) and "this month", due dates
 * and days in arrears are Kampala's (decisions.md, API conventions). Uganda has kept East Africa
 * Time, UTC+3, since 1960 with no daylight saving, so a fixed offset is exact for every date the
 * product handles, and it needs no time-zone database: the answer cannot change with the ICU data of
 * the machine or the browser. Calendar dates are ISO strings, "2026-11-22". This module imports nothing.
 */

const HOUR_MS = 60 * 60 * 1000;
/** A calendar day in milliseconds: exact in Kampala, which keeps no daylight saving. */
export const DAY_MS = 24 * HOUR_MS;

/** East Africa Time, UTC+3 all year. */
export const KAMPALA_UTC_OFFSET_MS = 3 * HOUR_MS;

function shifted(instant: Date): Date {
  return new Date(instant.getTime() + KAMPALA_UTC_OFFSET_MS);
}

function midnightUtcOf(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** The Kampala calendar date of an instant: "2026-11-22". */
export function kampalaDate(instant: Date): string {
  return shifted(instant).toISOString().slice(0, 10);
}

/** The Kampala wall-clock time of an instant: "14:05:09". */
export function kampalaTime(instant: Date): string {
  return shifted(instant).toISOString().slice(11, 19);
}

/** Both at once, for a presenter that shows both (one conversion instead of two). */
export function kampalaDateTime(instant: Date): { date: string; time: string } {
  const iso = shifted(instant).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** An instant as ISO 8601 in Kampala time, for exports: "2026-11-22T14:05:09+03:00". */
export function kampalaIsoDateTime(instant: Date): string {
  const { date, time } = kampalaDateTime(instant);
  return `${date}T${time}+03:00`;
}

/** The instant a Kampala date begins: "2026-11-22" → 2026-11-21T21:00:00Z. */
export function startOfKampalaDate(date: string): Date {
  return new Date(midnightUtcOf(date) - KAMPALA_UTC_OFFSET_MS);
}

/** The instant a Kampala date ends, exclusive: the start of the next day. */
export function endOfKampalaDate(date: string): Date {
  return new Date(midnightUtcOf(date) + DAY_MS - KAMPALA_UTC_OFFSET_MS);
}

/** Adds whole days (negative: earlier) to a calendar date. */
export function addDays(date: string, days: number): string {
  return new Date(midnightUtcOf(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((midnightUtcOf(to) - midnightUtcOf(from)) / DAY_MS);
}

export interface KampalaPeriods {
  readonly today: string;
  /** Monday of the current week. */
  readonly weekStart: string;
  readonly monthStart: string;
}

/** The first Kampala date of today, this week (Monday) and this month. */
export function kampalaPeriods(now: Date): KampalaPeriods {
  const today = kampalaDate(now);
  const weekday = shifted(now).getUTCDay(); // 0 = Sunday
  const sinceMonday = (weekday + 6) % 7;
  return { today, weekStart: addDays(today, -sinceMonday), monthStart: `${today.slice(0, 8)}01` };
}

// ---- For people to read: "13 May 2025", "13 May 2025, 14:05" ----

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

// Formatted in UTC after the shift to Kampala time, so the offset above is the only rule.
const displayDate = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const displayDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** Kampala wall-clock as a Date to format in UTC; a bare calendar date is that day as it is. */
function kampalaWallClock(value: string | null | undefined): Date | null {
  if (!value) return null;
  const wallClock = DATE_ONLY.test(value) ? new Date(midnightUtcOf(value)) : shifted(new Date(value));
  return Number.isNaN(wallClock.getTime()) ? null : wallClock;
}

/** "13 May 2025" in Kampala; empty or invalid shows an em dash. */
export function formatKampalaDate(value: string | null | undefined): string {
  const wallClock = kampalaWallClock(value);
  return wallClock ? displayDate.format(wallClock) : '—';
}

/** "13 May 2025, 14:05" in Kampala time; empty or invalid shows an em dash. */
export function formatKampalaDateTime(value: string | null | undefined): string {
  const wallClock = kampalaWallClock(value);
  return wallClock ? displayDateTime.format(wallClock) : '—';
}
