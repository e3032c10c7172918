import { Readable } from 'node:stream';
import { type CsvColumn, csvCell, endOfKampalaDate, startOfKampalaDate } from '@sente/contract';
import type { FastifyReply } from 'fastify';

/**
 * Streamed CSV exports: every row a list's filters match, however many, with flat memory.
 *
 * The rows are read in keyset pages (`readPage(after, limit)`: the rows after the last one of the
 * previous page, in the export's order), each page its own short query. Nothing holds a transaction
 * or a connection across the export, so on PGlite's single connection other requests run between two
 * pages, and a slow download never blocks the database: the next page is read only when the client
 * has taken the previous one (the stream's back-pressure).
 *
 * The first page is read before the answer starts, so a failure there is an ordinary error answer; a
 * failure after the 200 has started can only cut the connection (the download then fails visibly in
 * the browser instead of saving a short file that looks complete).
 */
export interface CsvExport<Row> {
  /** The download's name, e.g. `transactions-2026-11-01-2026-11-30.csv`. */
  readonly fileName: string;
  readonly columns: readonly CsvColumn<Row>[];
  /** Up to `limit` rows after `after` (null: from the start), in the export's order. */
  readonly readPage: (after: Row | null, limit: number) => Promise<readonly Row[]>;
  /** Rows per query; 500 keeps a page to a few hundred KB. */
  readonly pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 500;
const BYTE_ORDER_MARK = '\uFEFF';

function lineOf<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return `${columns.map((column) => csvCell(column.value(row))).join(',')}\r\n`;
}

async function* csvChunks<Row>(exported: CsvExport<Row>, first: readonly Row[], size: number) {
  // The byte-order mark lets spreadsheet programs read UTF-8 names such as "Nakâto" correctly.
  yield `${BYTE_ORDER_MARK}${exported.columns.map((column) => csvCell(column.header)).join(',')}\r\n`;
  let page = first;
  for (;;) {
    if (page.length > 0) yield page.map((row) => lineOf(exported.columns, row)).join('');
    const last = page.at(-1);
    if (page.length < size || last === undefined) return;
    page = await exported.readPage(last, size);
  }
}

/** Answers the request with the export, streamed; the handler then returns `REPLY_SENT`. */
export async function sendCsvExport<Row>(reply: FastifyReply, exported: CsvExport<Row>): Promise<void> {
  const size = exported.pageSize ?? DEFAULT_PAGE_SIZE;
  const first = await exported.readPage(null, size);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exported.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(csvChunks(exported, first, size), { objectMode: false, highWaterMark: 64 * 1024 }));
}

/** A Kampala date range (both days included) as instants: `from` inclusive, `until` exclusive. */
export interface InstantRange {
  readonly from?: Date | undefined;
  readonly until?: Date | undefined;
}

export function instantRangeOf(range: { from?: string | undefined; to?: string | undefined }): InstantRange {
  return {
    from: range.from ? startOfKampalaDate(range.from) : undefined,
    until: range.to ? endOfKampalaDate(range.to) : undefined,
  };
}

/** `transactions-2026-11-01-2026-11-30.csv`, `transactions-all.csv`, `audit-log-from-2026-11-01.csv`. */
export function exportFileName(
  name: string,
  range: { from?: string | undefined; to?: string | undefined },
): string {
  if (range.from && range.to) return `${name}-${range.from}-${range.to}.csv`;
  if (range.from) return `${name}-from-${range.from}.csv`;
  if (range.to) return `${name}-until-${range.to}.csv`;
  return `${name}-all.csv`;
}
