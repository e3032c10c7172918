/**
 * How failed sign-ins slow the next try (SECURITY.md, password guessing). Failures are counted per
 * email *and* client address, so someone hammering an email from elsewhere never slows its owner
 * down at their usual address; the owner is told instead.
 */

/**
 * Failures from one address for one email count this long, unless the right password comes from
 * there first: long enough that the longest wait, once reached, holds (rows are pruned after a day).
 */
export const FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** The owner is told after this many failures in this window, at most once a window. */
export const ALERT_WINDOW_MS = 60 * 60_000;
/** Failures from one address for one email that cost nothing; each one after makes the next wait. */
export const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** Failures for one email in the alert window, from any address, after which its owner is told. */
export const ALERT_AFTER_FAILURES = 5;

/** The wait after `failures` recent failures: 0, 0, 0, then 1 s, 2 s, 4 s … up to 15 minutes. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  const doublings = Math.min(failures - FREE_FAILURES, 30);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, MAX_DELAY_MS);
}

/** Milliseconds until the next try from this address is allowed; 0 when it is allowed now. */
export function waitBeforeNextTry(failures: number, lastFailedAt: Date | null, now: Date): number {
  if (!lastFailedAt) return 0;
  return Math.max(0, lastFailedAt.getTime() + delayAfterFailures(failures) - now.getTime());
}

/** "1 second", "40 seconds", "3 minutes": what the refusal asks the person to wait. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
