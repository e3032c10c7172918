/** CSV as both the back-office's exports and the server's statements write it (RFC 4180). */
export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => string | number | null | undefined;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break. Text that a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR) gets a leading apostrophe; plain numbers such as -1500 stay numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text with a header line, lines ended by CRLF (RFC 4180). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
