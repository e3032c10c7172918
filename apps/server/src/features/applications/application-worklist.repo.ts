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
import { beforeKeyset, exactTime } from '../../db/keyset.ts';
import { applications } from '../../db/schema/index.ts';
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
  /** A whole NIN, upper-cased: the search when it is one, matched exactly. */
  readonly nin?: string | undefined;
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
    filter.nin !== undefined ||
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
 * The business name and NIN (search_text) and the applicant's name, e-mail and phone (their copy,
 * borrower_search_text, migration 0035) as one string, the expression of the trigram index
 * applications_search_trgm_idx: one lookup a search. A common surname once cost three lookups and
 * a probe per person through the users table, then two ORed lookups (docs/scale.md).
 */
function searchMatch(pattern: string): SQL {
  return sql`(${applications.searchText} || chr(31) || ${applications.borrowerSearchText}) like ${pattern}`;
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
    filter.nin !== undefined ? eq(applications.nin, filter.nin) : undefined,
  );
}

async function countUpTo(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(applications)
    .where(where)
    .limit(FILTER_COUNT_LIMIT)
    .as('matches');
  const [row] = await countMatches(db, matching);
  return row?.count ?? 0;
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
  const where = whereWorklist(filter);
  const total = filterCount(await countUpTo(db, where));
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
