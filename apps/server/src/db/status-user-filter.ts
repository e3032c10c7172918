import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type ConditionPlacement, pageEq } from './page-ids.ts';

/**
 * Which of a list's two optional filters, a status and an owner, are present: the shape of its
 * prepared reads (db/prepared-read.ts). The applications and loans lists both filter so.
 */
export type StatusUserShape = 'all' | 'status' | 'user' | 'user+status';

export function statusUserShape(filter: { status?: unknown; userId?: number | undefined }): StatusUserShape {
  if (filter.userId === undefined) return filter.status ? 'status' : 'all';
  return filter.status ? 'user+status' : 'user';
}

/**
 * The shape's conditions on the given columns, with the `status` and `userId` placeholders. In a
 * named page's walk the status is unknown to the plan (db/page-ids.ts), so that the page settles
 * on its generic plan.
 */
export function whereStatusUser(
  shape: StatusUserShape,
  columns: { readonly status: PgColumn; readonly userId: PgColumn },
  placement: ConditionPlacement = {},
): SQL | undefined {
  return and(
    shape.endsWith('status') ? pageEq(columns.status, 'status', placement) : undefined,
    shape.startsWith('user') ? eq(columns.userId, sql.placeholder('userId')) : undefined,
  );
}
