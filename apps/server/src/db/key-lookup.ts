import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `value` of the row whose `id` is `key`, as a scalar subquery: one primary-key lookup per row of
 * the outer query. An export's page names its borrower, loan or decider this way rather than by a
 * join, because PostgreSQL may answer a join of a 500-row page by hashing the whole users or loans
 * table (it guesses the page large), and a scalar subquery is never turned into a join, whatever the
 * estimate (test/query-plans.test.ts). `T` is the caller's word on nullability: a foreign key that
 * is not null always finds its row.
 */
export function byKey<T>(value: PgColumn, id: PgColumn, key: SQLWrapper): SQL<T> {
  return sql`(select ${value} from ${value.table} where ${id} = ${key})`.mapWith(value) as SQL<T>;
}
