import { and, desc, eq, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userStatusCounts, users } from '../../db/schema/index.ts';
import type { UserRow } from './users.repo.ts';

export interface UserListFilter {
  /** LIKE patterns, already escaped; lower-cased here by the database, like the column it reads. */
  readonly search?: { readonly text: string; readonly phone: string | null };
  readonly status?: 'Active' | 'Inactive';
}

function whereOpen(filter: UserListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (filter.status) conditions.push(eq(users.status, filter.status));
  if (filter.search) {
    const { text, phone } = filter.search;
    conditions.push(
      or(
        like(users.searchText, sql`lower(${text})`),
        phone === null ? undefined : like(users.searchText, phone),
      ),
    );
  }
  return and(...conditions);
}

/** One page of open accounts, newest first. */
export async function findOpenUsersPage(
  db: DbOrTx,
  filter: UserListFilter,
  page: { limit: number; offset: number },
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(whereOpen(filter))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOpenUsers(db: DbOrTx, filter: UserListFilter): Promise<number> {
  if (!filter.search) {
    // Without a search the running counts answer (docs/scale.md): no scan of the users.
    const [row] = await db
      .select({ count: sql<number>`coalesce(sum(${userStatusCounts.openCount}), 0)::int` })
      .from(userStatusCounts)
      .where(filter.status ? eq(userStatusCounts.status, filter.status) : undefined);
    return row?.count ?? 0;
  }
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(whereOpen(filter));
  return row?.count ?? 0;
}

/** From the running counts of open accounts per status (kept by a trigger, docs/scale.md). */
export async function countOpenUsersByStatus(
  db: DbOrTx,
): Promise<{ total: number; active: number; inactive: number }> {
  const rows = await db.select().from(userStatusCounts);
  const active = rows.find((r) => r.status === 'Active')?.openCount ?? 0;
  const inactive = rows.find((r) => r.status === 'Inactive')?.openCount ?? 0;
  return { total: active + inactive, active, inactive };
}
