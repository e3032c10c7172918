import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A page read in two steps: its ids first (a walk of the ordering's index that stops at the page,
 * index-only where the index holds the filter), then those rows and their joins. The ids are an
 * array, not an IN: the generic plan of a named statement (prepared-read.ts) knows no LIMIT, and
 * for an IN it guessed a tenth of the table and joined it by hash; for `= any(array(…))` it looks
 * the page's ids up by primary key.
 */
export function amongPageIds(id: Column, pageIds: SQLWrapper): SQL {
  return sql`${id} = any(array(${pageIds}))`;
}
