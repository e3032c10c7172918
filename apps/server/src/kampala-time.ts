/**
 * Africa/Kampala calendar arithmetic. Uganda keeps East Africa Time, UTC+3, all year (no daylight
 * saving), so a fixed offset is exact. "Today", "this week" (from Monday) and "this month" are
 * Kampala's (decisions.md, API conventions).
 */
const OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function shifted(instant: Date): Date {
  return new Date(instant.getTime() + OFFSET_MS);
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

/** The instant a Kampala date ("2026-11-22") begins. */
export function startOfKampalaDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - OFFSET_MS);
}

/** Adds whole days to a Kampala date string. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
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
