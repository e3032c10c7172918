const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "24 Nov 14:00", Kampala time, in plain GSM-7 characters: Intl's formats may hold narrow no-break
 * spaces, which would turn an SMS into UCS-2 and halve its length.
 */
export function kampalaSmsTime(at: Date): string {
  const local = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** "24 Nov" from a Kampala date "2026-11-24". */
export function smsDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]}`;
}
