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

/** `users-2025-05-13.csv` */
export function csvFileName(name: string, today: Date = new Date()): string {
  return `${name}-${today.toISOString().slice(0, 10)}.csv`;
}

/** Saves CSV text as a file; the byte-order mark lets spreadsheet programs read UTF-8 names. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
