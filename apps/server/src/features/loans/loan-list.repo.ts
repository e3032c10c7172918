import { addDays, daysBetween, kampalaDate, type LoanOrdering } from '@sente/contract';
import { and, asc, desc, eq, gte, like, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  countMatches,
  countMatchesUnlessCommon,
  exactCount,
  FILTER_COUNT_LIMIT,
  type FilterCount,
  filterCount,
  pageWithin,
  walksForPage,
} from '../../db/filter-count.ts';
import { byKey } from '../../db/key-lookup.ts';
import { beforeKeyset, exactTime, type TimeKeyset } from '../../db/keyset.ts';
import {
  amongNamedPage,
  type ConditionPlacement,
  namedPageLimit,
  namedPageOffset,
  pageEq,
  unplannedValue,
} from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { loanSearchTexts, loans, loanTypes, users } from '../../db/schema/index.ts';
import { escapeLikePattern } from '../users/user-search.ts';
import { borrowerNameByKey, type LoanView, runningLoanCount, shownLoanColumns } from './loan-reads.repo.ts';
import type { LoanRow } from './loans.repo.ts';

/** The loans worklist's filters, resolved to column ranges by the service. */
export interface LoanListFilter {
  readonly status?: LoanRow['status'] | undefined;
  readonly userId?: number | undefined;
  /** A loan reference (or its start, to four digits of the number), or the borrower's name, email or phone. */
  readonly search?: string | undefined;
  /** Next (oldest unpaid) due date from / to: the arrears bucket and the next-due filter, intersected. */
  readonly dueFrom?: string | undefined;
  readonly dueTo?: string | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  readonly ordering: LoanOrdering;
  readonly limit: number;
  readonly offset: number;
}

/**
 * A reference typed whole (SL-2026-000041) or from its start down to at least four digits of its
 * number (sl-2026-0000: at most a hundred loans). A shorter start would match most loans, which an
 * index cannot narrow (test/query-plans.test.ts), so it is searched as a name instead.
 */
const REFERENCE_START = /^sl-\d{4}-\d{4,}$/i;

/** A borrower's search text holding the term (its trigram index, migration 0040). */
const matchesSearch = like(loanSearchTexts.searchText, sql.placeholder('anywhere'));

/** The loans whose borrower's name, email or phone holds the term: one trigram lookup. */
const byBorrowerSearch = sql`${loans.id} in (select ${loanSearchTexts.loanId} from ${loanSearchTexts} where ${matchesSearch})`;

/**
 * The same loans, told by the copy of the borrower's text on each loan row (migration 0041), which no
 * index holds: for a walk of the ordering's index that reads each loan it passes anyway. The term is
 * unknown to the plan (db/page-ids.ts), so PostgreSQL walks as chosen below rather than costing the
 * pattern against the column's statistics, which for a name it found rare led it to read every loan.
 */
const byBorrowerCopy = sql`${loans.borrowerSearchText} like ${unplannedValue('anywhere', 'text')}`;

/**
 * The shape of a list's statements, one letter per condition in this order (statement names must fit
 * PostgreSQL's 63 bytes): s status, u user, f due from, t due to, m amount min, x amount max, and a
 * search: r a reference, or the borrower's name, email or phone, either b read from the loans' search
 * texts (loan_search_texts, migration 0040) through their trigram index, or w from the copy on each
 * loan (a page's walk only, see walksForPage). In a named page's walk the status is unknown to the
 * plan (db/page-ids.ts), so that the page settles on its generic plan.
 */
function whereOf(shape: string, placement: ConditionPlacement = {}): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  return and(
    has('s') ? pageEq(loans.status, 'status', placement) : undefined,
    has('u') ? eq(loans.userId, sql.placeholder('userId')) : undefined,
    has('f') ? gte(loans.oldestUnpaidDueDate, sql.placeholder('dueFrom')) : undefined,
    has('t') ? lte(loans.oldestUnpaidDueDate, sql.placeholder('dueTo')) : undefined,
    has('m') ? gte(loans.amount, sql.placeholder('amountMin')) : undefined,
    has('x') ? lte(loans.amount, sql.placeholder('amountMax')) : undefined,
    has('r') ? like(loans.loanRef, sql.placeholder('refPrefix')) : undefined,
    has('b') ? byBorrowerSearch : undefined,
    has('w') ? byBorrowerCopy : undefined,
  );
}

/**
 * Each ordering reads its own index (schema/loans.ts), with and without a status filter. Days in
 * arrears count from the next due date, so most in arrears first is the earliest next due first;
 * fully paid loans (no next due) come last either way.
 */
function orderOf(ordering: LoanOrdering): SQL[] {
  switch (ordering) {
    case 'opening_date':
      return [asc(loans.openingDate), asc(loans.id)];
    case '-amount':
      return [desc(loans.amount), desc(loans.id)];
    case 'amount':
      return [asc(loans.amount), asc(loans.id)];
    case 'next_due':
    case '-days_in_arrears':
      return [sql`${loans.oldestUnpaidDueDate} asc nulls last`, asc(loans.id)];
    case '-next_due':
    case 'days_in_arrears':
      return [sql`${loans.oldestUnpaidDueDate} desc nulls last`, sql`${loans.id} desc nulls last`];
    default:
      return [desc(loans.openingDate), desc(loans.id)];
  }
}

/**
 * Shapes planned with each request's values (prepared-read.ts): a search, whose generic LIKE plan
 * may read every loan, and an amount range. A narrow range is best found through the amount index,
 * a wide one by walking the ordering's index; the generic plan guesses one range for all, and for
 * UGX 1–2 M it read and sorted 38,000 loans for a page of ten at scale 100 (27 ms, where the walk
 * takes 0.05 ms; docs/scale.md).
 */
const plannedPerRequest = (where: string) => /[rbmx]/.test(where);

/** A page's loans with their borrower and loan type, for the rows the caller's condition picks. */
function selectLoanViews(db: DbOrTx) {
  // The borrower by key (db/key-lookup.ts): joined, a reference prefix's hundred loans were
  // planned as a hash of every user.
  return db
    .select({
      loan: shownLoanColumns,
      userName: borrowerNameByKey,
      loanTypeName: loanTypes.name,
    })
    .from(loans)
    .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId));
}

/**
 * A filter's page reads its ids first, then their rows: walking the ordering's index it tests the
 * filter in the index tuple where it can (the next due date is in loans_opening_date_idx, migration
 * 0034), so the loans it skips (the newest, not yet due, for 1–30 days in arrears) are never read
 * from the table, and the join sees ten rows (db/page-ids.ts). A search and an amount range are one
 * statement, planned with the request's values.
 */
const listPage = preparedRead(
  'loans.list_page',
  (db, shape: `${string}/${LoanOrdering}`) => {
    const [where = '', ordering] = shape.split('/');
    const order = orderOf(ordering as LoanOrdering);
    const rows = selectLoanViews(db);
    if (plannedPerRequest(where)) {
      return rows
        .where(whereOf(where))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    }
    const onPage = amongNamedPage(db, {
      from: loans,
      id: loans.id,
      where: whereOf(where, { inNamedPage: true }),
      orderBy: order,
    });
    return rows.where(onPage).orderBy(...order);
  },
  { planPerRequest: (shape) => plannedPerRequest(shape.split('/')[0] ?? '') },
);

/**
 * A filter's count, stopping one past the cap (db/filter-count.ts): a common surname's loans, or
 * every loan 1–30 days in arrears, counted whole, grew with the platform.
 */
const listCount = preparedRead(
  'loans.list_count',
  (db, shape: string) => {
    // A search alone is counted in the search texts themselves, one row per loan: no loan is read;
    // and not at all when a word common to more than the cap holds the term.
    if (shape === 'b') {
      const matches = db.select({ one: sql`1` }).from(loanSearchTexts).where(matchesSearch);
      return countMatchesUnlessCommon(
        db,
        matches.limit(sql.placeholder('countLimit')).as('matches'),
        'loans',
        sql.placeholder('anywhere'),
      );
    }
    const matches = db.select({ one: sql`1` }).from(loans).where(whereOf(shape));
    return countMatches(db, matches.limit(sql.placeholder('countLimit')).as('matches'));
  },
  { planPerRequest: plannedPerRequest },
);

/**
 * The orderings a page of a due-date range can read day by day: by opening date, either way. Every
 * other ordering walks its own index, where the range's loans are spread evenly enough that a page
 * is found after a few dozen rows.
 */
type DueDayOrdering = Extract<LoanOrdering, '-opening_date' | 'opening_date'>;
const isDueDayOrdering = (ordering: LoanOrdering): ordering is DueDayOrdering =>
  ordering === '-opening_date' || ordering === 'opening_date';

/**
 * The most index entries a page read day by day may read: each day's first offset + limit loans.
 * A 30-day arrears bucket reads 300 for its first page of ten; the walk it replaces passed about
 * 300 loans for each loan on the page at a hundred thousand users, and ten times as many at a
 * million (docs/scale.md, "Arrears by due day").
 */
export const DUE_DAY_READ_BUDGET = 20_000;

/**
 * How many of a range's last days a newest-first page reads first. A loan opens before its next due
 * date (the loans_due_after_opening check, migration 0044), so when the page's loans all opened on
 * or after the first of these days, no loan due earlier can be newer: the rest of the range is not
 * read. The 90+ bucket spans every day since the oldest unpaid installment, 977 days at a million
 * users; its newest loans fall due in its last weeks (docs/scale.md, "The 90+ bucket from its last
 * days").
 */
export const RECENT_DUE_DAYS = 35;

/** The days from `from` to `to` (ISO dates), both counted; 0 when `to` is earlier. */
export function daysInRange(from: string, to: string): number {
  return Math.max(0, daysBetween(from, to) + 1);
}

/**
 * A page of loans whose next due date is in a range, by opening date: for each day of the range its
 * first offset + limit loans, in opening order, through loans_due_day_opening_idx (migration 0043,
 * index-only, the status tested in the index); then the days merged and the page taken. Newest
 * first, the walk of loans_opening_date_idx passed every newer loan not yet due, a number that grows
 * with the platform; this reads at most days × (offset + limit) entries at any size. The shape is
 * `s` with a status or empty, and the ordering.
 */
const listPageByDueDay = preparedRead(
  'loans.list_page_by_due_day',
  (db, shape: `${'' | 's'}/${DueDayOrdering}`) => {
    const [status, ordering] = shape.split('/') as ['' | 's', DueDayOrdering];
    const direction = sql.raw(ordering === 'opening_date' ? 'asc' : 'desc');
    const statusMatches = status ? sql`and ${pageEq(loans.status, 'status', { inNamedPage: true })}` : sql``;
    const dayLimit = unplannedValue('dayLimit', 'bigint');
    const pageIds = sql`select day_loans.id from generate_series(${unplannedValue('dueFrom', 'date')}::timestamp, ${unplannedValue('dueTo', 'date')}::timestamp, interval '1 day') as due(day)
      cross join lateral (
        select ${loans.id}, ${loans.openingDate} from ${loans}
        where ${loans.oldestUnpaidDueDate} = due.day::date ${statusMatches}
        order by ${loans.openingDate} ${direction}, ${loans.id} ${direction}
        limit ${dayLimit}
      ) as day_loans
      order by day_loans.opening_date ${direction}, day_loans.id ${direction}
      limit ${namedPageLimit()} offset ${namedPageOffset()}`;
    return selectLoanViews(db)
      .where(sql`${loans.id} = any(array(${pageIds}))`)
      .orderBy(...orderOf(ordering));
  },
);

/** The earliest next due date of any loan: where a range open at its start ("90+ days") begins. */
const earliestDueDate = preparedRead('loans.earliest_due_date', (db) =>
  db.select({ day: sql<string | null>`min(${loans.oldestUnpaidDueDate})::text` }).from(loans),
);

/**
 * How a page of a due-date range is read day by day (listPageByDueDay), or undefined for a walk: the
 * filter is the range and at most a status, ordered by opening date. Newest first, a range longer
 * than RECENT_DUE_DAYS is tried on its last days first; the whole range is read when the first try
 * does not settle the page. Either read is left out past DUE_DAY_READ_BUDGET; without both, the page
 * walks. A range open at its start (the 90+ bucket) starts at the earliest next due date; newest
 * first, its walk passed every loan opened in the last three months.
 */
async function dueDayReads(
  db: DbOrTx,
  where: string,
  filter: LoanListFilter,
  page: { limit: number; offset: number },
): Promise<
  | { dueTo: string; ordering: DueDayOrdering; recentFrom: string | undefined; wholeFrom: string | undefined }
  | undefined
> {
  const { ordering, dueTo } = filter;
  if (!['ft', 'sft', 't', 'st'].includes(where) || !isDueDayOrdering(ordering) || !dueTo) return undefined;
  const dueFrom = filter.dueFrom ?? (await earliestDueDate(db).execute())[0]?.day;
  if (!dueFrom) return undefined;
  const withinBudget = (from: string) =>
    daysInRange(from, dueTo) * (page.offset + page.limit) <= DUE_DAY_READ_BUDGET;
  const recentFrom = addDays(dueTo, 1 - RECENT_DUE_DAYS);
  const triesRecent = ordering === '-opening_date' && recentFrom > dueFrom && withinBudget(recentFrom);
  return {
    dueTo,
    ordering,
    recentFrom: triesRecent ? recentFrom : undefined,
    wholeFrom: withinBudget(dueFrom) ? dueFrom : undefined,
  };
}

function resolveSearch(search: string): { shape: string; values: object } {
  const text = search.trim();
  if (REFERENCE_START.test(text)) {
    return { shape: 'r', values: { refPrefix: `${escapeLikePattern(text.toUpperCase())}%` } };
  }
  return { shape: 'b', values: { anywhere: `%${escapeLikePattern(text.toLowerCase())}%` } };
}

/** A filter's statement shape and its placeholder values, the search resolved once. */
function resolveLoanFilter(filter: Omit<LoanListFilter, 'ordering' | 'limit' | 'offset'>): {
  where: string;
  values: Record<string, unknown>;
} {
  const search = filter.search ? resolveSearch(filter.search) : undefined;
  const where = [
    filter.status ? 's' : '',
    filter.userId !== undefined ? 'u' : '',
    filter.dueFrom !== undefined ? 'f' : '',
    filter.dueTo !== undefined ? 't' : '',
    filter.amountMin !== undefined ? 'm' : '',
    filter.amountMax !== undefined ? 'x' : '',
    search?.shape ?? '',
  ].join('');
  return { where, values: { ...filter, ...search?.values } };
}

/** One page of the loans worklist and how many loans match (a filter's count stops past the cap). */
export async function listLoans(
  db: DbOrTx,
  filter: LoanListFilter,
): Promise<FilterCount & { rows: LoanView[] }> {
  const { where, values } = resolveLoanFilter(filter);
  // A status alone (or nothing) is counted from the running totals (docs/scale.md): no scan of the loans.
  const fromTotals = where === '' || where === 's';
  const total = fromTotals
    ? exactCount((await runningLoanCount(db, filter.status ? 'status' : 'all').execute(values))[0]?.n ?? 0)
    : filterCount(
        (await listCount(db, where).execute({ ...values, countLimit: FILTER_COUNT_LIMIT }))[0]?.count ?? 0,
      );
  const page = pageWithin(total, { limit: filter.limit, offset: filter.offset });
  if (!page) return { ...total, rows: [] };
  const days = await dueDayReads(db, where, filter, page);
  if (days) {
    const shape = `${filter.status ? 's' : ''}/${days.ordering}` as const;
    const read = (dueFrom: string) =>
      listPageByDueDay(db, shape).execute({
        ...values,
        dueFrom,
        dueTo: days.dueTo,
        ...page,
        dayLimit: page.offset + page.limit,
      });
    if (days.recentFrom) {
      const rows = await read(days.recentFrom);
      const last = rows.at(-1);
      // Full, and its oldest loan opened within the recent days: every loan due before them opened
      // before that, so it would come after this page.
      if (rows.length === page.limit && last && kampalaDate(last.loan.openingDate) >= days.recentFrom) {
        return { ...total, rows };
      }
    }
    if (days.wholeFrom) return { ...total, rows: await read(days.wholeFrom) };
  }
  const countLoans = async () => (await runningLoanCount(db, 'all').execute({}))[0]?.n ?? 0;
  const pageShape =
    where.includes('b') && (await walksForPage(total, page, countLoans)) ? where.replace('b', 'w') : where;
  const rows = await listPage(db, `${pageShape}/${filter.ordering}`).execute({ ...values, ...page });
  return { ...total, rows };
}

export type ExportedLoan = LoanView & { readonly cursorAt: string; readonly disbursedByName: string | null };

/**
 * The export's letters after the filter's: f opened from, e opened before, c after a cursor. Newest
 * first, as the list's default, through the same (opening_date, id) indexes. The borrower and the
 * disbursing admin are key lookups per row (db/key-lookup.ts): joined, PostgreSQL hashed the whole
 * users table for every 500-row page, and the loans table with it for an unfiltered export.
 */
const exportPage = preparedRead(
  'loans.export_page',
  (db, shape: `${string}/${string}`) => {
    const [where = '', extra = ''] = shape.split('/');
    return db
      .select({
        loan: shownLoanColumns,
        userName: borrowerNameByKey,
        loanTypeName: loanTypes.name,
        disbursedByName: byKey<string | null>(users.name, users.id, loans.disbursedById),
        cursorAt: exactTime(loans.openingDate),
      })
      .from(loans)
      .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId))
      .where(
        and(
          whereOf(where),
          extra.includes('f')
            ? sql`${loans.openingDate} >= ${sql.placeholder('from')}::timestamptz`
            : undefined,
          extra.includes('e')
            ? sql`${loans.openingDate} < ${sql.placeholder('until')}::timestamptz`
            : undefined,
          extra.includes('c')
            ? beforeKeyset(
                loans.openingDate,
                loans.id,
                sql.placeholder('afterAt'),
                sql.placeholder('afterId'),
              )
            : undefined,
        ),
      )
      .orderBy(desc(loans.openingDate), desc(loans.id))
      .limit(sql.placeholder('limit'));
  },
  { planPerRequest: (shape) => plannedPerRequest(shape.split('/')[0] ?? '') },
);

/** Up to `limit` loans after the cursor, newest first: one page of the worklist's CSV export. */
export async function findLoansForExport(
  db: DbOrTx,
  filter: Omit<LoanListFilter, 'ordering' | 'limit' | 'offset'>,
  page: {
    readonly from?: Date | undefined;
    readonly until?: Date | undefined;
    readonly after: TimeKeyset | null;
    readonly limit: number;
  },
): Promise<ExportedLoan[]> {
  const { where, values } = resolveLoanFilter(filter);
  const extra = `${page.from ? 'f' : ''}${page.until ? 'e' : ''}${page.after ? 'c' : ''}`;
  return exportPage(db, `${where}/${extra}`).execute({
    ...values,
    from: page.from?.toISOString(),
    until: page.until?.toISOString(),
    afterAt: page.after?.at,
    afterId: page.after?.id,
    limit: page.limit,
  });
}
