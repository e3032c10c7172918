/**
 * Calendar dates in Africa/Kampala (UTC+3 all year, no daylight saving): due dates, "today" and
 * days in arrears are counted in the borrower's own calendar (decisions.md, API conventions).
 */
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Kampala calendar date of an instant, "YYYY-MM-DD". */
export function kampalaDate(instant: Date): string {
  return new Date(instant.getTime() + KAMPALA_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The instant a Kampala date starts. */
export function startOfKampalaDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - KAMPALA_OFFSET_MS);
}
