import { z } from 'zod';
import { IsoDate } from './common.ts';

/**
 * The query and the answer every streamed CSV export shares (docs/back-office.md, Export): the
 * list's own filters plus a Kampala date range, both ends included, and a text/csv body.
 */

/** A real calendar date: "2026-02-30" is refused, not rolled over into March. */
export const CalendarDate = IsoDate.refine((date) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
}, 'Must be a real date (YYYY-MM-DD)');

export const ExportRange = z.object({
  /** The first Kampala day included. */
  from: CalendarDate.optional(),
  /** The last Kampala day included. */
  to: CalendarDate.optional(),
});

/** An export's query: the list's filters and the date range; a range that ends before it starts is a 400. */
export function exportQuery<T extends z.ZodRawShape>(filters: T) {
  return ExportRange.extend(filters).refine(
    (query) => {
      const { from, to } = query as z.infer<typeof ExportRange>;
      return !from || !to || from <= to;
    },
    { path: ['to'], message: 'The end date must not be before the start date' },
  );
}

/** What an export route answers: a CSV file (UTF-8 with a byte-order mark, CRLF lines). */
export const CsvFile = z
  .string()
  .meta({ id: 'CsvFile', description: 'text/csv; charset=utf-8, streamed; every matching row' });
