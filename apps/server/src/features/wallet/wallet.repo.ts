import { and, asc, desc, eq, gte, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  ledgerDailyTotals,
  ledgerKindTotals,
  platformTransactionTotals,
  platformTransactions as pt,
  users,
} from '../../db/schema/index.ts';
import type { TransactionStatus, TransactionType, TransactionWithUser } from '../payments/payments.repo.ts';

export interface TransactionFilter {
  readonly status?: TransactionStatus | undefined;
  readonly type?: TransactionType | undefined;
  readonly userId?: number | undefined;
  readonly loanId?: number | undefined;
  /** Matches user name, email or phone (anywhere), a reference (its start or end), a provider reference, a type. */
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Above this many matching people, the search joins the user table instead of listing their ids.
const MAX_LISTED_USERS = 500;

/**
 * Every arm is an index lookup, so PostgreSQL can OR them as bitmaps instead of scanning the table:
 * people are matched first (users.search_text, a few thousand rows) and listed by id.
 */
async function searchCondition(db: DbOrTx, search: string): Promise<SQL> {
  const text = search.toLowerCase();
  const anywhere = `%${escapeLike(text)}%`;
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.searchText, anywhere))
    .limit(MAX_LISTED_USERS + 1);
  const matches: SQL[] = [
    sql`${pt.referenceId} like ${`${escapeLike(text)}%`}`,
    sql`reverse(${pt.referenceId}) like ${`${escapeLike([...text].reverse().join(''))}%`}`,
    sql`${pt.providerReference} = ${search}`,
  ];
  if (people.length > MAX_LISTED_USERS) {
    matches.push(
      sql`${pt.userId} in (select ${users.id} from ${users} where ${users.searchText} like ${anywhere})`,
    );
  } else if (people.length > 0) {
    matches.push(
      inArray(
        pt.userId,
        people.map((person) => person.id),
      ),
    );
  }
  const type = TYPES.find((candidate) => text.length >= 3 && candidate.toLowerCase().startsWith(text));
  if (type) matches.push(sql`${pt.type} = ${type}`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

/** A filter with its search resolved to conditions once, for both the page and its summary. */
export interface ResolvedFilter {
  readonly filter: TransactionFilter;
  readonly where: SQL | undefined;
}

export async function resolveFilter(db: DbOrTx, filter: TransactionFilter): Promise<ResolvedFilter> {
  return { filter, where: await whereOf(db, filter) };
}

async function whereOf(db: DbOrTx, filter: TransactionFilter): Promise<SQL | undefined> {
  return and(
    filter.status ? eq(pt.status, filter.status) : undefined,
    filter.type ? eq(pt.type, filter.type) : undefined,
    filter.userId !== undefined ? eq(pt.userId, filter.userId) : undefined,
    filter.loanId !== undefined ? eq(pt.loanId, filter.loanId) : undefined,
    filter.search ? await searchCondition(db, filter.search) : undefined,
  );
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

export async function findTransactions(
  db: DbOrTx,
  { where }: ResolvedFilter,
  page: { ordering: TransactionOrdering; limit: number; offset: number },
): Promise<TransactionWithUser[]> {
  const rows = await db
    .select({ transaction: pt, userName: users.name, userEmail: users.email })
    .from(pt)
    .innerJoin(users, eq(users.id, pt.userId))
    .where(where)
    .orderBy(...orderOf(page.ordering))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row.transaction, userName: row.userName, userEmail: row.userEmail }));
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

/**
 * Counts by status of the transactions a filter matches. Filters on status and type alone read the
 * per-(type, status) totals kept beside the table (16 rows, whatever its size); a search, a user or a
 * loan counts the rows it narrows to through their indexes.
 */
export async function summarizeTransactions(
  db: DbOrTx,
  { filter, where }: ResolvedFilter,
): Promise<TransactionSummary> {
  const isTotalsOnly = !filter.search && filter.userId === undefined && filter.loanId === undefined;
  const rows = isTotalsOnly
    ? await db
        .select({
          status: platformTransactionTotals.status,
          count: platformTransactionTotals.count,
          amount: platformTransactionTotals.amount,
        })
        .from(platformTransactionTotals)
        .where(
          and(
            filter.status ? eq(platformTransactionTotals.status, filter.status) : undefined,
            filter.type ? eq(platformTransactionTotals.type, filter.type) : undefined,
          ),
        )
    : await db
        .select({
          status: pt.status,
          count: sql<number>`count(*)::bigint`.mapWith(Number),
          amount: sql<number>`coalesce(sum(${pt.amount}), 0)::bigint`.mapWith(Number),
        })
        .from(pt)
        .where(where)
        .groupBy(pt.status);
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

/** One user's completed totals and open withdrawals, by type (their rows only, through the user index). */
export async function userTotals(
  db: DbOrTx,
  userId: number,
): Promise<{ completed: Map<TransactionType, number>; openWithdrawals: number; count: number }> {
  const rows = await db
    .select({
      type: pt.type,
      completed:
        sql<number>`coalesce(sum(${pt.amount}) filter (where ${pt.status} = 'COMPLETED'), 0)::bigint`.mapWith(
          Number,
        ),
      open: sql<number>`coalesce(sum(${pt.amount}) filter (where ${pt.status} in ('PENDING', 'PROCESSING')), 0)::bigint`.mapWith(
        Number,
      ),
      count: sql<number>`count(*)::bigint`.mapWith(Number),
    })
    .from(pt)
    .where(eq(pt.userId, userId))
    .groupBy(pt.type);
  return {
    completed: new Map(rows.map((r) => [r.type, r.completed])),
    openWithdrawals: rows.find((r) => r.type === 'WITHDRAWAL')?.open ?? 0,
    count: rows.reduce((sum, r) => sum + r.count, 0),
  };
}

/**
 * Gross posted per ledger kind and Kampala week (weeks start on Monday, as date_trunc's ISO weeks do)
 * from `fromDay` on: one row per kind and week that has any posting.
 */
export async function sumPostedPerWeek(
  db: DbOrTx,
  kinds: readonly string[],
  fromDay: string,
): Promise<Array<{ kind: string; weekStart: string; amount: number }>> {
  const t = ledgerDailyTotals;
  const weekStart = sql<string>`to_char(date_trunc('week', ${t.day}::timestamp), 'YYYY-MM-DD')`;
  return db
    .select({
      kind: t.kind,
      weekStart,
      amount: sql<number>`coalesce(sum(${t.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(t)
    .where(and(inArray(t.kind, [...kinds]), sql`${t.day} >= ${fromDay}`))
    .groupBy(t.kind, weekStart);
}

/**
 * Gross posted per ledger kind: all time (the running totals per kind), and since each of the given
 * Kampala dates (the daily totals of the current month and week only).
 */
export async function sumPostedSince(
  db: DbOrTx,
  kinds: readonly string[],
  since: { today: string; weekStart: string; monthStart: string },
): Promise<Map<string, { total: number; today: number; week: number; month: number }>> {
  const t = ledgerDailyTotals;
  const from = since.weekStart < since.monthStart ? since.weekStart : since.monthStart;
  const sumSince = (day: string) =>
    sql<number>`coalesce(sum(${t.amount}) filter (where ${t.day} >= ${day}), 0)::bigint`.mapWith(Number);
  const [totals, windows] = await Promise.all([
    db
      .select({ kind: ledgerKindTotals.kind, amount: ledgerKindTotals.amount })
      .from(ledgerKindTotals)
      .where(inArray(ledgerKindTotals.kind, [...kinds])),
    db
      .select({
        kind: t.kind,
        today: sumSince(since.today),
        week: sumSince(since.weekStart),
        month: sumSince(since.monthStart),
      })
      .from(t)
      .where(and(inArray(t.kind, [...kinds]), gte(t.day, from)))
      .groupBy(t.kind),
  ]);
  return new Map(
    kinds.map((kind) => {
      const window = windows.find((w) => w.kind === kind);
      return [
        kind,
        {
          total: totals.find((row) => row.kind === kind)?.amount ?? 0,
          today: window?.today ?? 0,
          week: window?.week ?? 0,
          month: window?.month ?? 0,
        },
      ];
    }),
  );
}
