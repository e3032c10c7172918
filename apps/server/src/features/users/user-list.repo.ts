import { and, desc, eq, isNull, like, notLike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  countMatches,
  countMatchesUnlessCommon,
  exactCount,
  FILTER_COUNT_LIMIT,
  type FilterCount,
  filterCount,
  pageWithin,
} from '../../db/filter-count.ts';
import { namedPageLimit, namedPageOffset } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { userStatusCounts, users } from '../../db/schema/index.ts';
import type { UserSearchPatterns } from './user-search.ts';
import type { UserRow } from './users.repo.ts';

export interface UserListFilter {
  /** LIKE patterns, already escaped. */
  readonly search?: UserSearchPatterns;
  readonly status?: 'Active' | 'Inactive';
}

/**
 * Which parts the WHERE clause has: a status, and a search by text, by digits anywhere in the
 * number, by a number's start. Each shape is its own prepared statement; the values are placeholders.
 */
type FilterShape = `${'any' | 'status'}:${'all' | 'text' | 'digits'}:${'' | 'prefix'}`;

function shapeOf({ status, search }: UserListFilter): FilterShape {
  const text = !search ? 'all' : search.phoneDigits === null ? 'text' : 'digits';
  return `${status ? 'status' : 'any'}:${text}:${search?.phonePrefix ? 'prefix' : ''}`;
}

function valuesOf({ status, search }: UserListFilter) {
  return { status, text: search?.text, phonePrefix: search?.phonePrefix, phoneDigits: search?.phoneDigits };
}

function openWithStatus(shape: FilterShape): SQL[] {
  return [
    isNull(users.deletedAt),
    ...(shape.startsWith('status') ? [eq(users.status, sql.placeholder('status'))] : []),
  ];
}

/** The text's pattern, lower-cased as search_text is. */
const textPattern = sql`lower(${sql.placeholder('text')})`;

/** The search through the trigram index on search_text (migration 0012). */
function textMatch(shape: FilterShape): SQL | undefined {
  return or(
    like(users.searchText, textPattern),
    shape.includes(':digits:') ? like(users.searchText, sql.placeholder('phoneDigits')) : undefined,
  );
}

const byPhonePrefix = like(users.phoneNumber, sql.placeholder('phonePrefix'));

function whereOpen(shape: FilterShape): SQL | undefined {
  if (shape.includes(':all:')) return and(...openWithStatus(shape));
  const phone = shape.endsWith('prefix') ? byPhonePrefix : undefined;
  return and(...openWithStatus(shape), or(textMatch(shape), phone));
}

// A search is planned with its pattern (prepared-read.ts): which index serves it depends on the text.
const isSearch = (shape: FilterShape) => !shape.includes(':all:');

/**
 * What the list shows of an account, and nothing more: a page of accounts does not carry their
 * password hashes or search texts out of the database.
 */
const listedColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  phoneNumber: users.phoneNumber,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
};
export type ListedUser = Pick<UserRow, keyof typeof listedColumns>;

const openUsersPage = preparedRead(
  'users.open_page',
  (db, shape: FilterShape) =>
    db
      .select(listedColumns)
      .from(users)
      .where(whereOpen(shape))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(isSearch(shape) ? sql.placeholder('limit') : namedPageLimit())
      .offset(isSearch(shape) ? sql.placeholder('offset') : namedPageOffset()),
  { planPerRequest: isSearch },
);

/** One page of open accounts, newest first. */
async function findOpenUsersPage(
  db: DbOrTx,
  filter: UserListFilter,
  page: { limit: number; offset: number },
): Promise<ListedUser[]> {
  return openUsersPage(db, shapeOf(filter)).execute({ ...valuesOf(filter), ...page });
}

/**
 * The matches of a shape, at most `cap` of them, counted: a search counts up to FILTER_COUNT_CAP
 * (db/filter-count.ts) and pages through no more, since an admin looking for one person refines
 * "nakato" long before page 100. Counting every match cost one heap read per match (a trigram
 * match is always rechecked), so a common surname's search grew with the table: 1,337 matches at
 * 100,000 users, ten times as many at a million, and p99 585 ms there (docs/scale.md).
 */
const cappedCount = (db: DbOrTx, where: SQL | undefined) =>
  countMatches(
    db,
    db.select({ one: sql`1` }).from(users).where(where).limit(sql.placeholder('cap')).as('matches'),
  );

const openCount = preparedRead(
  'users.open_count',
  (db, shape: FilterShape) => {
    if (!shape.startsWith('any:')) return cappedCount(db, whereOpen(shape));
    // Every open account is in the word counts, whatever its status: a common word settles it.
    const matches = db.select({ one: sql`1` }).from(users).where(whereOpen(shape));
    return countMatchesUnlessCommon(
      db,
      matches.limit(sql.placeholder('cap')).as('matches'),
      'users',
      textPattern,
    );
  },
  { planPerRequest: true },
);

const openCountFromCounters = preparedRead('users.open_count_from_counters', (db, shape: 'any' | 'status') =>
  db
    .select({ count: sql<number>`coalesce(sum(${userStatusCounts.openCount}), 0)::int` })
    .from(userStatusCounts)
    .where(shape === 'status' ? eq(userStatusCounts.status, sql.placeholder('status')) : undefined),
);

const openCountByPhonePrefix = preparedRead(
  'users.open_count_by_phone_prefix',
  (db, shape: FilterShape) => cappedCount(db, and(...openWithStatus(shape), byPhonePrefix)),
  { planPerRequest: true },
);

const openCountByTextOnly = preparedRead(
  'users.open_count_by_text_only',
  (db, shape: FilterShape) =>
    cappedCount(
      db,
      and(
        ...openWithStatus(shape),
        textMatch(shape),
        or(isNull(users.phoneNumber), notLike(users.phoneNumber, sql.placeholder('phonePrefix'))),
      ),
    ),
  { planPerRequest: true },
);

/** How many open accounts match: exact without a search, and for a search up to one past the cap. */
async function countOpenUsers(db: DbOrTx, filter: UserListFilter): Promise<number> {
  const shape = shapeOf(filter);
  const values = { ...valuesOf(filter), cap: FILTER_COUNT_LIMIT };
  if (!filter.search) {
    // Without a search the running counts answer (docs/scale.md): no scan of the users.
    const [row] = await openCountFromCounters(db, filter.status ? 'status' : 'any').execute(values);
    return row?.count ?? 0;
  }
  if (filter.search.phonePrefix === null) {
    const [row] = await openCount(db, shape).execute(values);
    return row?.count ?? 0;
  }
  // A number typed from its start matches thousands of people ("0772"): counted from the phone
  // index alone (users_open_phone_idx), plus the few text matches whose number does not start so.
  // Those are counted only up to the cap: past it the sum says no more, and a common prefix's
  // count skips them (their trigram candidates grow with the table: docs/scale.md).
  const byPhone = (await openCountByPhonePrefix(db, shape).execute(values))[0]?.count ?? 0;
  if (byPhone >= FILTER_COUNT_LIMIT) return byPhone;
  const [byTextOnly] = await openCountByTextOnly(db, shape).execute({
    ...values,
    cap: FILTER_COUNT_LIMIT - byPhone,
  });
  return byPhone + (byTextOnly?.count ?? 0);
}

export interface OpenUsersPage extends FilterCount {
  readonly rows: ListedUser[];
}

/**
 * One page of open accounts, newest first, and how many there are. A search's page reads matches
 * newest first and stops at the page (the planner, with the pattern, chooses between walking the
 * creation-time index and collecting the trigram index's matches); its count stops past the cap.
 * Both cost the same at a million users as at a hundred thousand.
 */
export async function listOpenUsers(
  db: DbOrTx,
  filter: UserListFilter,
  page: { limit: number; offset: number },
): Promise<OpenUsersPage> {
  if (!filter.search) {
    // Counted exactly from the running counts: the page need not wait for it.
    const [count, rows] = await Promise.all([
      countOpenUsers(db, filter),
      findOpenUsersPage(db, filter, page),
    ]);
    return { ...exactCount(count), rows };
  }
  const total = filterCount(await countOpenUsers(db, filter));
  const within = pageWithin(total, page);
  return { ...total, rows: within ? await findOpenUsersPage(db, filter, within) : [] };
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
