import { type Column, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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

/**
 * A value of a named statement's page that no plan may know: its LIMIT and OFFSET, and the filters
 * whose selectivity the planner reads from the value (a status, a date). With a bare placeholder
 * each custom plan knows the page is ten rows of PENDING applications, while the generic plan
 * guesses a tenth of the table of any status; the generic plan then costs more, and PostgreSQL
 * went on planning the statement on every run: 0.4–2.6 ms of planning for pages that run in
 * 0.1–0.3 ms (docs/scale.md, "Named pages that never settled"). Read through a sub-select, the value
 * is unknown to both, the two estimates agree, and the statement settles on its generic plan after
 * five runs (test/query-plans.test.ts). Only for named statements: a statement planned per request
 * (`planPerRequest`) is planned with its values on purpose.
 *
 * `type` is the value's SQL type: a sub-select of a bare parameter would be text.
 */
export function unplannedValue(name: string, type: string): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/** A filter on a column, its value unknown to the plan (above). */
export function unplannedEq(column: Column, name: string): SQL {
  return sql`${column} = ${unplannedValue(name, column.getSQLType())}`;
}

// drizzle types `.limit()` and `.offset()` as a number or a placeholder; it writes any SQL there.
export const namedPageLimit = (): Placeholder => unplannedValue('limit', 'bigint') as unknown as Placeholder;
export const namedPageOffset = (): Placeholder =>
  unplannedValue('offset', 'bigint') as unknown as Placeholder;
