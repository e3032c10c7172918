import { type Column, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** The walk that finds a named page's ids: its table, id column, condition and order. */
export interface NamedPageWalk {
  readonly from: PgTable;
  readonly id: PgColumn;
  readonly where: SQL | undefined;
  readonly orderBy: readonly (SQL | PgColumn)[];
}

/**
 * The condition "this row is on the page", for a named statement (prepared-read.ts) that reads a
 * page in two steps: its ids first (a walk of the ordering's index that stops at the page,
 * index-only where the index holds the filter), then those rows and their joins, which the caller
 * orders again. The walk's LIMIT and OFFSET are the placeholders `limit` and `offset`, unknown to
 * every plan (below). The ids are an array, not an IN: the generic plan of a named statement knows
 * no LIMIT, and for an IN it guessed a tenth of the table and joined it by hash; for
 * `= any(array(…))` it looks the page's ids up by primary key.
 */
export function amongNamedPage(db: DbOrTx, walk: NamedPageWalk): SQL {
  const pageIds = db
    .select({ id: walk.id })
    .from(walk.from)
    .where(walk.where)
    .orderBy(...walk.orderBy)
    .limit(namedPageLimit())
    .offset(namedPageOffset());
  return sql`${walk.id} = any(array(${pageIds}))`;
}

/**
 * Where a list's condition runs. In a named page's walk (`inNamedPage`) the values whose
 * selectivity the planner reads (a status, today) are unknown to the plan (`unplannedValue`);
 * elsewhere (counts, exports, statements planned per request) they are plain placeholders.
 */
export interface ConditionPlacement {
  readonly inNamedPage?: boolean;
}

/** The placeholder `name`, unknown to the plan where the condition is in a named page's walk. */
export function pageValue(name: string, type: string, placement: ConditionPlacement): SQL | Placeholder {
  return placement.inNamedPage ? unplannedValue(name, type) : sql.placeholder(name);
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

/** `column = :name`, its value unknown to the plan where the condition is in a named page's walk. */
export function pageEq(column: Column, name: string, placement: ConditionPlacement): SQL {
  return sql`${column} = ${pageValue(name, column.getSQLType(), placement)}`;
}

// drizzle types `.limit()` and `.offset()` as a number or a placeholder; it writes any SQL there.
export const namedPageLimit = (): Placeholder => unplannedValue('limit', 'bigint') as unknown as Placeholder;
export const namedPageOffset = (): Placeholder =>
  unplannedValue('offset', 'bigint') as unknown as Placeholder;
