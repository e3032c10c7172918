import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { beforeKeyset, exactTime, type TimeKeyset } from '../../db/keyset.ts';
import { amongNamedPage } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  loans,
  platformTransactionTotals,
  platformTransactions as pt,
  users,
} from '../../db/schema/index.ts';
import type {
  ShownTransaction,
  TransactionStatus,
  TransactionType,
} from '../payments/platform-transaction.ts';
import { escapeLikePattern } from '../users/user-search.ts';

export interface TransactionFilter {
  readonly status?: TransactionStatus | undefined;
  readonly type?: TransactionType | undefined;
  readonly userId?: number | undefined;
  readonly loanId?: number | undefined;
  /**
   * Matches user name, email or phone (anywhere), a reference (its start or end), a provider
   * reference, a type, or a loan's reference (SL-2026-000041: that loan's transactions).
   */
  readonly search?: string | undefined;
}

export type TransactionOrdering =
  | 'created_at'
  | '-created_at'
  | 'amount'
  | '-amount'
  | 'completed_at'
  | '-completed_at';

const TYPES: readonly TransactionType[] = ['DISBURSEMENT', 'WITHDRAWAL', 'REPAYMENT', 'DEPOSIT'];

/** A whole loan reference, as every screen shows it: SL-2026-000041 (any case). */
const LOAN_REFERENCE = /^sl-\d{4}-\d{6,}$/i;

// Above this many matching people, the search joins the user table instead of listing their ids.
const MAX_LISTED_USERS = 500;

/**
 * A filter's conditions as its statements' shape, one letter each in this order (statement names must
 * fit PostgreSQL's 63 bytes): s status, t type, u user, l loan, q search; a search's arms add i (its
 * people listed by id) or j (its people joined), k (a transaction type it names) and n (the loan whose
 * reference it is).
 */
function whereOf(shape: string): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  return and(
    has('s') ? eq(pt.status, sql.placeholder('status')) : undefined,
    has('t') ? eq(pt.type, sql.placeholder('type')) : undefined,
    has('u') ? eq(pt.userId, sql.placeholder('userId')) : undefined,
    has('l') ? eq(pt.loanId, sql.placeholder('loanId')) : undefined,
    has('q') ? searchCondition(has) : undefined,
  );
}

/**
 * Every arm is an index lookup, so PostgreSQL can OR them as bitmaps instead of scanning the table:
 * people are matched first (users.search_text, a few thousand rows) and listed by id.
 */
function searchCondition(has: (letter: string) => boolean): SQL {
  const matches: SQL[] = [
    sql`${pt.referenceId} like ${sql.placeholder('referencePrefix')}`,
    sql`reverse(${pt.referenceId}) like ${sql.placeholder('referenceSuffix')}`,
    sql`${pt.providerReference} = ${sql.placeholder('search')}`,
  ];
  if (has('j')) {
    matches.push(
      sql`${pt.userId} in (select ${users.id} from ${users} where ${users.searchText} like ${sql.placeholder('anywhere')})`,
    );
  } else if (has('i')) {
    matches.push(sql`${pt.userId} = any(${sql.placeholder('userIds')})`);
  }
  if (has('k')) matches.push(sql`${pt.type} = ${sql.placeholder('searchType')}`);
  if (has('n')) matches.push(sql`${pt.loanId} = ${sql.placeholder('searchLoanId')}`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

type Values = Record<string, unknown>;

// A search is planned with its patterns (prepared-read.ts): its generic plan reads every transaction.
const isSearch = (shape: string) => shape.includes('q');

async function resolveSearch(db: DbOrTx, search: string): Promise<{ shape: string; values: Values }> {
  const text = search.toLowerCase();
  const anywhere = `%${escapeLikePattern(text)}%`;
  // Not a preparedRead: a named statement gets a generic plan after five runs, and for an unknown
  // pattern under this limit PostgreSQL estimates reading all users cheaper than the trigram index.
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.searchText, anywhere))
    .limit(MAX_LISTED_USERS + 1);
  const type = TYPES.find((candidate) => text.length >= 3 && candidate.toLowerCase().startsWith(text));
  const isJoined = people.length > MAX_LISTED_USERS;
  const isListed = !isJoined && people.length > 0;
  const [loan] = LOAN_REFERENCE.test(search.trim())
    ? await db.select({ id: loans.id }).from(loans).where(eq(loans.loanRef, search.trim().toUpperCase()))
    : [];
  return {
    shape: `q${isJoined ? 'j' : ''}${isListed ? 'i' : ''}${type ? 'k' : ''}${loan ? 'n' : ''}`,
    values: {
      referencePrefix: `${escapeLikePattern(text)}%`,
      referenceSuffix: `${escapeLikePattern([...text].reverse().join(''))}%`,
      search,
      anywhere,
      userIds: people.map((person) => person.id),
      searchType: type,
      searchLoanId: loan?.id,
    },
  };
}

/** A filter with its search resolved once, for both the page and its summary: its where's shape and values. */
export interface ResolvedFilter {
  readonly filter: TransactionFilter;
  readonly shape: string;
  readonly values: Values;
}

export async function resolveFilter(db: DbOrTx, filter: TransactionFilter): Promise<ResolvedFilter> {
  const search = filter.search ? await resolveSearch(db, filter.search) : undefined;
  const shape = [
    filter.status ? 's' : '',
    filter.type ? 't' : '',
    filter.userId !== undefined ? 'u' : '',
    filter.loanId !== undefined ? 'l' : '',
    search?.shape ?? '',
  ].join('');
  const values = {
    status: filter.status,
    type: filter.type,
    userId: filter.userId,
    loanId: filter.loanId,
    ...search?.values,
  };
  return { filter, shape, values };
}

function orderOf(ordering: TransactionOrdering): SQL[] {
  const isDescending = ordering.startsWith('-');
  const direction = isDescending ? desc : asc;
  switch (ordering.replace(/^-/, '')) {
    case 'amount':
      return [direction(pt.amount), direction(pt.id)];
    case 'completed_at':
      // Open payments (no completion yet) come last either way; the descending order reads its index.
      return isDescending
        ? [sql`${pt.completedAt} desc nulls last`, sql`${pt.id} desc nulls last`]
        : [sql`${pt.completedAt} asc nulls last`, asc(pt.id)];
    default:
      return [direction(pt.createdAt), direction(pt.id)];
  }
}

const shownColumns = {
  id: pt.id,
  referenceId: pt.referenceId,
  userId: pt.userId,
  userName: users.name,
  userEmail: users.email,
  type: pt.type,
  direction: pt.direction,
  amount: pt.amount,
  status: pt.status,
  loanId: pt.loanId,
  loanRef: loans.loanRef,
  provider: pt.provider,
  providerReference: pt.providerReference,
  phoneNumber: pt.phoneNumber,
  failureReason: pt.failureReason,
  createdAt: pt.createdAt,
  completedAt: pt.completedAt,
  description: pt.description,
  category: pt.category,
};

const transactionsPage = preparedRead(
  'money_reports.transactions_page',
  (db, shape: `${string}/${TransactionOrdering}`) => {
    const [where = '', ordering] = shape.split('/');
    const order = orderOf(ordering as TransactionOrdering);
    const rows = db
      .select(shownColumns)
      .from(pt)
      .innerJoin(users, eq(users.id, pt.userId))
      .leftJoin(loans, eq(loans.id, pt.loanId));
    if (isSearch(where)) {
      return rows
        .where(whereOf(where))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    }
    // The page's ids first, then their people and loans (db/page-ids.ts): one statement joined and
    // sorted took 2.6 ms to plan, on every request, for a page that runs in a fraction of that.
    return rows
      .where(amongNamedPage(db, { from: pt, id: pt.id, where: whereOf(where), orderBy: order }))
      .orderBy(...order);
  },
  { planPerRequest: (shape) => isSearch(shape.split('/')[0] ?? '') },
);

export async function findTransactions(
  db: DbOrTx,
  { shape, values }: ResolvedFilter,
  page: { ordering: TransactionOrdering; limit: number; offset: number },
): Promise<ShownTransaction[]> {
  return transactionsPage(db, `${shape}/${page.ordering}`).execute({
    ...values,
    limit: page.limit,
    offset: page.offset,
  });
}

export interface TransactionSummary {
  readonly total: number;
  readonly completed: number;
  readonly pending: number;
  readonly processing: number;
  readonly failed: number;
  /** Sum of the amounts of the transactions that did not fail. */
  readonly amount: number;
}

const summaryTotals = preparedRead('money_reports.transactions_summary_totals', (db, shape: string) =>
  db
    .select({
      status: platformTransactionTotals.status,
      count: sql<number>`sum(${platformTransactionTotals.count})::bigint`.mapWith(Number),
      amount: sql<number>`sum(${platformTransactionTotals.amount})::bigint`.mapWith(Number),
    })
    .from(platformTransactionTotals)
    .where(
      and(
        shape.includes('s') ? eq(platformTransactionTotals.status, sql.placeholder('status')) : undefined,
        shape.includes('t') ? eq(platformTransactionTotals.type, sql.placeholder('type')) : undefined,
      ),
    )
    .groupBy(platformTransactionTotals.status),
);

const summaryCounts = preparedRead(
  'money_reports.transactions_summary',
  (db, shape: string) =>
    db
      .select({
        status: pt.status,
        count: sql<number>`count(*)::bigint`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${pt.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(pt)
      .where(whereOf(shape))
      .groupBy(pt.status),
  { planPerRequest: isSearch },
);

/**
 * Counts by status of the transactions a filter matches. Filters on status and type alone read the
 * per-(type, status) totals kept beside the table (16 rows, whatever its size); a search, a user or a
 * loan counts the rows it narrows to through their indexes.
 */
export async function summarizeTransactions(
  db: DbOrTx,
  { filter, shape, values }: ResolvedFilter,
): Promise<TransactionSummary> {
  const isTotalsOnly = !filter.search && filter.userId === undefined && filter.loanId === undefined;
  const rows = isTotalsOnly
    ? await summaryTotals(db, shape).execute(values)
    : await summaryCounts(db, shape).execute(values);
  const by = (status: TransactionStatus) =>
    rows
      .filter((r) => r.status === status)
      .reduce((sum, r) => ({ count: sum.count + r.count, amount: sum.amount + r.amount }), {
        count: 0,
        amount: 0,
      });
  const completed = by('COMPLETED');
  const pending = by('PENDING');
  const processing = by('PROCESSING');
  const failed = by('FAILED');
  return {
    total: completed.count + pending.count + processing.count + failed.count,
    completed: completed.count,
    pending: pending.count,
    processing: processing.count,
    failed: failed.count,
    amount: completed.amount + pending.amount + processing.amount,
  };
}

/** A transaction as the export writes it, with its keyset cursor. */
export type ExportedTransaction = ShownTransaction & { readonly cursorAt: string };

export interface ExportPage {
  readonly from?: Date | undefined;
  readonly until?: Date | undefined;
  readonly after: TimeKeyset | null;
  readonly limit: number;
}

/**
 * The export's person and loan columns as one primary-key lookup per row. A join let PostgreSQL hash
 * the whole users and loans tables for a searched page (it expects a search to match many rows), a
 * whole-table read per 500-row page at scale; a scalar subquery is never turned into a join, so each
 * row reads its person and loan through their primary keys, whatever the estimate. The foreign key
 * on user_id means every transaction finds its person.
 */
const exportedPersonAndLoan = {
  userName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${pt.userId})`,
  userEmail: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${pt.userId})`,
  loanRef: sql<string | null>`(select ${loans.loanRef} from ${loans} where ${loans.id} = ${pt.loanId})`,
};

/**
 * One keyset page of the export, newest first: the filter's rows (its where's shape) within the date
 * range, after the cursor. Each page walks the (…, created_at, id) index the filter already uses.
 */
const transactionsExportPage = preparedRead(
  'money_reports.transactions_export',
  (db, shape: string) => {
    const [where = '', extra = ''] = shape.split('/');
    return db
      .select({ ...shownColumns, ...exportedPersonAndLoan, cursorAt: exactTime(pt.createdAt) })
      .from(pt)
      .where(
        and(
          whereOf(where),
          extra.includes('f') ? sql`${pt.createdAt} >= ${sql.placeholder('from')}::timestamptz` : undefined,
          extra.includes('e') ? sql`${pt.createdAt} < ${sql.placeholder('until')}::timestamptz` : undefined,
          extra.includes('c')
            ? beforeKeyset(pt.createdAt, pt.id, sql.placeholder('afterAt'), sql.placeholder('afterId'))
            : undefined,
        ),
      )
      .orderBy(desc(pt.createdAt), desc(pt.id))
      .limit(sql.placeholder('limit'));
  },
  { planPerRequest: (shape) => isSearch(shape.split('/')[0] ?? '') },
);

export async function findTransactionsForExport(
  db: DbOrTx,
  { shape, values }: ResolvedFilter,
  page: ExportPage,
): Promise<ExportedTransaction[]> {
  const extra = `${page.from ? 'f' : ''}${page.until ? 'e' : ''}${page.after ? 'c' : ''}`;
  return transactionsExportPage(db, `${shape}/${extra}`).execute({
    ...values,
    from: page.from?.toISOString(),
    until: page.until?.toISOString(),
    afterAt: page.after?.at,
    afterId: page.after?.id,
    limit: page.limit,
  });
}
