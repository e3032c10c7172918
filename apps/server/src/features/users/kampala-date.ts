const KAMPALA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Kampala',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) in Kampala at `instant` (decisions.md: days are Kampala days). */
export function kampalaDate(instant: Date): string {
  return KAMPALA_DAY.format(instant);
}
