import type { MessageCategory } from './message-templates.ts';

/** Kampala is UTC+3 all year (no daylight saving). */
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 7;

/**
 * When an SMS may go out: at once, or at 07:00 Kampala when `now` falls in the quiet hours
 * (21:00–07:00). Security codes are never held: the person is waiting for them.
 */
export function smsReleaseTime(now: Date, category: MessageCategory): Date {
  if (category === 'security') return now;
  const local = new Date(now.getTime() + KAMPALA_OFFSET_MS);
  const hour = local.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  const release = new Date(local);
  release.setUTCHours(QUIET_UNTIL_HOUR, 0, 0, 0);
  if (hour >= QUIET_FROM_HOUR) release.setUTCDate(release.getUTCDate() + 1);
  return new Date(release.getTime() - KAMPALA_OFFSET_MS);
}
