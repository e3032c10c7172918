import type { ApplicationOrdering } from '@sente/contract';
import { and, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  countMatches,
  FILTER_COUNT_LIMIT,
  type FilterCount,
  filterCount,
  pageWithin,
} from '../../db/filter-count.ts';
import { byKey } from '../../db/key-lookup.ts';
import { beforeKeyset, exactTime } from '../../db/keyset.ts';
import { applications, users } from '../../db/schema/index.ts';
import {
  type ApplicationStatus,
  type ApplicationView,
  applicationOrder,
  findApplicationViewsInOrder,
  selectApplicationViewsByKey,
} from './applications.repo.ts';

/** The worklist's filters beyond status and borrower (docs/back-office.md, Applications). */
export interface WorklistFilter {
  readonly status?: ApplicationStatus | undefined;
  readonly userId?: number | undefined;
  /** A LIKE pattern, already escaped and lower-cased: `%term%`. */
  readonly searchPattern?: string | undefined;
  readonly submittedFrom?: Date | undefined;
  /** Exclusive: the start of the day after the last one asked for. */
  readonly submittedBefore?: Date | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  readonly scoreMin?: number | undefined;
  readonly scoreMax?: number | undefined;
  readonly isAwaitingDisbursement?: boolean | undefined;
}

export function hasWorklistFilter(filter: WorklistFilter): boolean {
  return (
    filter.searchPattern !== undefined ||
    filter.submittedFrom !== undefined ||
    filter.submittedBefore !== undefined ||
    filter.amountMin !== undefined ||
    filter.amountMax !== undefined ||
    filter.scoreMin !== undefined ||
    filter.scoreMax !== undefined ||
    filter.isAwaitingDisbursement === true
  );
}

/**
 * Both arms are index lookups, so PostgreSQL ORs them as bitmaps: the business name and NIN through
 * the trigram index on applications.search_text, the applicant through users.search_text (name,
 * e-mail, phone; migration 0012), whose matching ids the user index then finds.
 */
function searchMatch(pattern: string): SQL {
  return sql`(${applications.searchText} like ${pattern} or ${applications.userId} = any(array(select ${users.id} from ${users} where ${users.searchText} like ${pattern})))`;
}

/** Every condition of the filter but the search. */
function whereFilters(filter: WorklistFilter): SQL | undefined {
  return and(
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.userId !== undefined ? eq(applications.userId, filter.userId) : undefined,
    filter.submittedFrom ? gte(applications.createdAt, filter.submittedFrom) : undefined,
    filter.submittedBefore ? lt(applications.createdAt, filter.submittedBefore) : undefined,
    filter.amountMin !== undefined ? gte(applications.amountRequested, filter.amountMin) : undefined,
    filter.amountMax !== undefined ? lte(applications.amountRequested, filter.amountMax) : undefined,
    filter.scoreMin !== undefined ? gte(applications.creditScore, filter.scoreMin) : undefined,
    filter.scoreMax !== undefined ? lte(applications.creditScore, filter.scoreMax) : undefined,
    // The same condition as the partial index applications_awaiting_payout_idx.
    filter.isAwaitingDisbursement
      ? and(eq(applications.status, 'APPROVED'), isNull(applications.approvedLoanId))
      : undefined,
  );
}

function whereWorklist(filter: WorklistFilter): SQL | undefined {
  return and(
    whereFilters(filter),
    filter.searchPattern !== undefined ? searchMatch(filter.searchPattern) : undefined,
  );
}

// Above this many matching people, a search checks each application's applicant instead of listing them.
const MAX_LISTED_PEOPLE = 500;

async function countUpTo(db: DbOrTx, where: SQL | undefined, limit = FILTER_COUNT_LIMIT): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(applications).where(where).limit(limit).as('matches');
  const [row] = await countMatches(db, matching);
  return row?.count ?? 0;
}

/**
 * A search's condition for the page and its count, sized to how many people it names. A few (a
 * name, a phone number): their ids, found through the user index. Many (a common surname: 13,000
 * people at a million users): the page checks each application's applicant by key while it walks
 * the ordering's index and stops at the page, and the count adds to the business name or NIN
 * matches the applications matched by applicant alone (the users' trigram index, then each
 * person's applications), each count stopping at the cap. The business names are counted first: a
 * search they already take past the cap needs neither the people nor another count.
 */
async function searchPlan(
  db: DbOrTx,
  filter: WorklistFilter,
  pattern: string,
): Promise<{ where: SQL | undefined; count: () => Promise<number> }> {
  const filters = whereFilters(filter);
  const byBusiness = sql`${applications.searchText} like ${pattern}`;
  // Per row, by key: as EXISTS or IN under the OR, PostgreSQL hashed every matching person first.
  const byApplicant = sql`${byKey(users.searchText, users.id, applications.userId)} like ${pattern}`;
  const walked = and(filters, sql`(${byBusiness} or ${byApplicant})`);
  const business = await countUpTo(db, and(filters, byBusiness));
  // Past the cap on business names alone (a surname shops are named after): matches are dense
  // enough for the page to walk the ordering's index, and there is nothing more to count.
  if (business >= FILTER_COUNT_LIMIT) return { where: walked, count: async () => business };
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.searchText} like ${pattern}`)
    .limit(MAX_LISTED_PEOPLE + 1);
  if (people.length <= MAX_LISTED_PEOPLE) {
    const byListed = sql`${applications.userId} = any(${sql.param(people.map((person) => person.id))}::int[])`;
    return {
      where: and(filters, sql`(${byBusiness} or ${byListed})`),
      // The listed people's other applications, through the borrower index: no second trigram lookup.
      count: async () =>
        business +
        (await countUpTo(
          db,
          and(filters, byListed, sql`not (${byBusiness})`),
          FILTER_COUNT_LIMIT - business,
        )),
    };
  }
  return {
    where: walked,
    count: async () => {
      const applicantOnly = await countUpTo(
        db,
        and(
          filters,
          sql`not (${byBusiness})`,
          sql`${applications.userId} in (select ${users.id} from ${users} where ${users.searchText} like ${pattern})`,
        ),
        FILTER_COUNT_LIMIT - business,
      );
      return business + applicantOnly;
    },
  };
}

/**
 * One page of a filtered worklist and its count, which stops past the cap (db/filter-count.ts).
 * Not prepared statements: the best plan depends on the values (a search pattern, a wide or a
 * narrow range), so each request is planned with its own.
 */
export async function listWorklist(
  db: DbOrTx,
  filter: WorklistFilter,
  page: { ordering: ApplicationOrdering; limit: number; offset: number },
): Promise<FilterCount & { rows: ApplicationView[] }> {
  let where: SQL | undefined;
  let total: FilterCount;
  if (filter.searchPattern === undefined) {
    where = whereFilters(filter);
    total = filterCount(await countUpTo(db, where));
  } else {
    const plan = await searchPlan(db, filter, filter.searchPattern);
    where = plan.where;
    total = filterCount(await plan.count());
  }
  const within = pageWithin(total, page);
  if (!within) return { ...total, rows: [] };
  // The page's ids first, planned with this request's values, then their names by a named
  // statement: the joins see ten rows, never a guess at how many a search matches (a guess that
  // once made the plan read every user), and are not planned again on every request.
  const pageIds = await db
    .select({ id: applications.id })
    .from(applications)
    .where(where)
    .orderBy(...applicationOrder(page.ordering))
    .limit(within.limit)
    .offset(within.offset);
  const rows = await findApplicationViewsInOrder(
    db,
    pageIds.map((row) => row.id),
  );
  return { ...total, rows };
}

/** An application as the export reads it: its view, and the cursor of the next page. */
export type ExportedApplication = ApplicationView & { readonly cursorAt: string };

/**
 * One keyset page of the export, newest first (http/csv-export.ts): the rows submitted before the
 * cursor, through the (created_at, id) index, whatever filters apply.
 */
export async function findWorklistExportPage(
  db: DbOrTx,
  filter: WorklistFilter,
  page: { after: { at: string; id: number } | null; limit: number },
): Promise<ExportedApplication[]> {
  // The page's keys first through the index, then the names of those rows, each by its key: a join
  // of the page's 500 ids to users was planned as a hash of every user.
  const keys = await db
    .select({ id: applications.id, cursorAt: exactTime(applications.createdAt) })
    .from(applications)
    .where(
      and(
        whereWorklist(filter),
        page.after
          ? beforeKeyset(applications.createdAt, applications.id, page.after.at, page.after.id)
          : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(page.limit);
  if (keys.length === 0) return [];
  const views = new Map(
    (
      await selectApplicationViewsByKey(db).where(
        inArray(
          applications.id,
          keys.map((key) => key.id),
        ),
      )
    ).map((view) => [view.application.id, view]),
  );
  return keys.flatMap((key) => {
    const view = views.get(key.id);
    return view ? [{ ...view, cursorAt: key.cursorAt }] : [];
  });
}
