export interface StatementRange {
  /** Kampala dates, both included: "2026-03-01". */
  readonly from: string;
  readonly to: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** This month so far: the first of the month to today. */
export function monthSoFar(today: string): StatementRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export type RangeCheck =
  | { readonly isValid: true; readonly range: StatementRange }
  | { readonly isValid: false; readonly errors: Readonly<Record<'from' | 'to', string | undefined>> };

/** Two real dates, the first on or before the last, the last no later than today (Kampala). */
export function checkStatementRange(input: StatementRange, today: string): RangeCheck {
  const from = input.from.trim();
  const to = input.to.trim();
  let fromError: string | undefined;
  let toError: string | undefined;
  if (!from) fromError = 'Enter the first day';
  else if (!isDate(from)) fromError = 'Enter the first day as a date, like 2026-03-01';
  if (!to) toError = 'Enter the last day';
  else if (!isDate(to)) toError = 'Enter the last day as a date, like 2026-03-31';
  else if (to > today) toError = 'The last day can be today at the latest';
  if (!fromError && !toError && from > to) fromError = 'The first day must be on or before the last day';
  if (fromError || toError) return { isValid: false, errors: { from: fromError, to: toError } };
  return { isValid: true, range: { from, to } };
}

/** The CSV's file name, as the server names it too: sente-statement-2026-03-01-2026-03-31.csv. */
export function statementFileName(range: StatementRange): string {
  return `sente-statement-${range.from}-${range.to}.csv`;
}
