import { and, desc, eq, isNull, like, notLike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { userStatusCounts, users } from '../../db/schema/index.ts';
import type { UserSearchPatterns } from './user-search.ts';
import type { UserRow } from './users.repo.ts';

export interface UserListFilter {
  /** LIKE patterns, already escaped. */
  readonly search?: UserSearchPatterns;
  readonly status?: 'Active' | 'Inactive';
}

function openWithStatus(filter: UserListFilter): SQL[] {
  return [isNull(users.deletedAt), ...(filter.status ? [eq(users.status, filter.status)] : [])];
}

/** The search through the trigram index on search_text (migration 0012). */
function textMatch({ text, phoneDigits }: UserSearchPatterns): SQL | undefined {
  return or(
    like(users.searchText, sql`lower(${text})`),
    phoneDigits === null ? undefined : like(users.searchText, phoneDigits),
  );
}

function whereOpen(filter: UserListFilter): SQL | undefined {
  const { search } = filter;
  if (!search) return and(...openWithStatus(filter));
  const phone = search.phonePrefix === null ? undefined : like(users.phoneNumber, search.phonePrefix);
  return and(...openWithStatus(filter), or(textMatch(search), phone));
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
  const { search } = filter;
  if (search.phonePrefix === null) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(whereOpen(filter));
    return row?.count ?? 0;
  }
  // A number typed from its start matches thousands of people ("0772"): counted from the phone
  // index alone (users_open_phone_idx), plus the few text matches whose number does not start so.
  const [byPhone, byTextOnly] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...openWithStatus(filter), like(users.phoneNumber, search.phonePrefix))),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          ...openWithStatus(filter),
          textMatch(search),
          or(isNull(users.phoneNumber), notLike(users.phoneNumber, search.phonePrefix)),
        ),
      ),
  ]);
  return (byPhone[0]?.count ?? 0) + (byTextOnly[0]?.count ?? 0);
}

const openCountsByStatus = preparedRead('users.open_counts_by_status', (db) =>
  db.select().from(userStatusCounts),
);

/** From the running counts of open accounts per status (kept by a trigger, docs/scale.md). */
export async function countOpenUsersByStatus(
  db: DbOrTx,
): Promise<{ total: number; active: number; inactive: number }> {
  const rows = await openCountsByStatus(db).execute();
  const active = rows.find((r) => r.status === 'Active')?.openCount ?? 0;
  const inactive = rows.find((r) => r.status === 'Inactive')?.openCount ?? 0;
  return { total: active + inactive, active, inactive };
}
