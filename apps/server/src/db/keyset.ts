import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging on (a timestamp, id), the way exports read (http/csv-export.ts).
 *
 * The cursor keeps the timestamp as PostgreSQL's own text: a JS Date has milliseconds and the column
 * microseconds, so a cursor made from a Date would skip the rows whose time lies within the same
 * millisecond as the page's last row.
 */
export interface TimeKeyset {
  /** The timestamp exactly as stored, from `exactTime(column)`. */
  readonly at: string;
  readonly id: number;
}

/** Select this beside a row to make its cursor. */
export function exactTime(column: PgColumn): SQL<string> {
  return sql<string>`${column}::text`;
}

/** Rows after the cursor in (at desc, id desc) order; `at` and `id` may be values or placeholders. */
export function beforeKeyset(atColumn: PgColumn, idColumn: PgColumn, at: unknown, id: unknown): SQL {
  return sql`(${atColumn}, ${idColumn}) < (${at}::timestamptz, ${id}::integer)`;
}

/** Rows after the cursor in (at asc, id asc) order. */
export function afterKeyset(atColumn: PgColumn, idColumn: PgColumn, at: unknown, id: unknown): SQL {
  return sql`(${atColumn}, ${idColumn}) > (${at}::timestamptz, ${id}::integer)`;
}
