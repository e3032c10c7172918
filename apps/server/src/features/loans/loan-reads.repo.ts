import type { CollectionOrdering } from '@sente/contract';
import { and, asc, count, desc, eq, getTableColumns, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { byKey } from '../../db/key-lookup.ts';
import {
  amongNamedPage,
  type ConditionPlacement,
  namedPageLimit,
  namedPageOffset,
  pageValue,
  unplannedValue,
} from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  arrearsCounts,
  loanInstallments,
  loanRepayments,
  loanStatusTotals,
  loans,
  loanTypes,
  users,
} from '../../db/schema/index.ts';
import { type StatusUserShape, statusUserShape, whereStatusUser } from '../../db/status-user-filter.ts';
import type { LoanRow } from './loans.repo.ts';

/**
 * A loan's borrower's name as a key lookup per row (db/key-lookup.ts), never a join, which
 * PostgreSQL may plan as a hash of the whole users table. user_id is a non-null foreign key: every
 * loan finds its borrower.
 */
export const borrowerNameByKey = byKey<string>(users.name, users.id, loans.userId);

/**
 * A loan's columns as its views read them: all but the borrower's search text, which only the
 * loans search's conditions read and no screen shows (every page of ten sent and parsed it).
 */
const { borrowerSearchText: _searchCopy, ...shownLoanColumns } = getTableColumns(loans);

export { shownLoanColumns };

/** A loan as its views read it (shownLoanColumns). */
export type ShownLoan = Omit<LoanRow, 'borrowerSearchText'>;

export interface LoanView {
  readonly loan: ShownLoan;
  readonly userName: string;
  readonly loanTypeName: string;
}

function selectLoanViews(db: DbOrTx) {
  return db
    .select({ loan: shownLoanColumns, userName: users.name, loanTypeName: loanTypes.name })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId));
}

export async function findLoanView(db: DbOrTx, id: number): Promise<LoanView | undefined> {
  const [row] = await selectLoanViews(db).where(eq(loans.id, id));
  return row;
}

/** The admin who pressed Disburse, by id (an account closed since keeps its name). */
export async function findDisburser(
  db: DbOrTx,
  adminId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, adminId));
  return row;
}

/** How many loans there are, of one status or in all, from the running totals: no scan of the loans. */
export const runningLoanCount = preparedRead('loans.running_count', (db, shape: 'status' | 'all') =>
  db
    .select({ n: sql<number>`coalesce(sum(${loanStatusTotals.count}), 0)::int` })
    .from(loanStatusTotals)
    .where(shape === 'status' ? eq(loanStatusTotals.status, sql.placeholder('status')) : undefined),
);

const loansCount = preparedRead('loans.count', (db, shape: StatusUserShape) =>
  db.select({ n: count() }).from(loans).where(whereStatusUser(shape, loans)),
);

const loansPage = preparedRead('loans.page', (db, shape: StatusUserShape) =>
  selectLoanViews(db)
    .where(whereStatusUser(shape, loans))
    .orderBy(desc(loans.openingDate), desc(loans.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

export async function listLoanViews(
  db: DbOrTx,
  filter: {
    status?: LoanRow['status'] | undefined;
    userId?: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ count: number; rows: LoanView[] }> {
  const shape = statusUserShape(filter);
  // Without a borrower filter the running totals answer (docs/scale.md): no scan of the loans.
  const [total] =
    filter.userId === undefined
      ? await runningLoanCount(db, filter.status ? 'status' : 'all').execute(filter)
      : await loansCount(db, shape).execute(filter);
  const rows = await loansPage(db, shape).execute(filter);
  return { count: total?.n ?? 0, rows };
}

export type RepaymentView = Awaited<ReturnType<typeof listRepaymentViews>>['rows'][number];

const repaymentsRunningCount = preparedRead('loans.repayments_running_count', (db) =>
  db
    .select({ n: sql<number>`coalesce(sum(${loanStatusTotals.repaymentCount}), 0)::int` })
    .from(loanStatusTotals),
);

const repaymentsCount = preparedRead('loans.repayments_count', (db) =>
  db
    .select({ n: count() })
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, sql.placeholder('loanId'))),
);

/**
 * The page's ids first, through the paid-at index, then their loans and people (db/page-ids.ts):
 * joined over the whole table, the plan sized its Memoize caches for 12.7 million repayments at
 * scale 1000, and setting them up cost 4 ms a request for a 10-row page (465 req/s, p99 146 ms;
 * docs/scale.md).
 */
const repaymentsPage = preparedRead('loans.repayments_page', (db, shape: 'loan' | 'all') => {
  const order = [desc(loanRepayments.paidAt), desc(loanRepayments.id)];
  const onPage = amongNamedPage(db, {
    from: loanRepayments,
    id: loanRepayments.id,
    where: shape === 'loan' ? eq(loanRepayments.loanId, sql.placeholder('loanId')) : undefined,
    orderBy: order,
  });
  return db
    .select({
      repayment: loanRepayments,
      loanRef: loans.loanRef,
      userId: loans.userId,
      userName: users.name,
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .innerJoin(users, eq(users.id, loans.userId))
    .where(onPage)
    .orderBy(...order);
});

export async function listRepaymentViews(
  db: DbOrTx,
  filter: { loanId?: number | undefined; limit: number; offset: number },
) {
  // Every repayment: the running totals per loan status (four rows) instead of counting them all.
  const [total] =
    filter.loanId === undefined
      ? await repaymentsRunningCount(db).execute()
      : await repaymentsCount(db).execute(filter);
  const rows = await repaymentsPage(db, filter.loanId === undefined ? 'all' : 'loan').execute(filter);
  return { count: total?.n ?? 0, rows };
}

const unpaidAmount =
  sql<number>`coalesce(sum(${loanInstallments.principalDue} - ${loanInstallments.principalPaid} + ${loanInstallments.interestDue} - ${loanInstallments.interestPaid}), 0)::bigint`.mapWith(
    Number,
  );
const isUnpaid = sql`(${loanInstallments.principalPaid} < ${loanInstallments.principalDue} or ${loanInstallments.interestPaid} < ${loanInstallments.interestDue})`;

export interface OverdueRow {
  readonly loan: ShownLoan;
  readonly userName: string;
  readonly phoneNumber: string | null;
  readonly loanTypeName: string;
  readonly overdueInstallments: number;
  readonly amountOverdue: number;
}

/** Collections' window: loans whose oldest unpaid due date is before today, within a bucket's dates. */
export interface OverdueFilter {
  readonly dueFrom?: string | undefined;
  readonly dueTo?: string | undefined;
  readonly ordering: CollectionOrdering;
  readonly limit: number;
  readonly offset: number;
}

/** The running counts' days before today, within a bucket's dates: f from, t to. */
const whereLateDays = (shape: string) =>
  and(
    lt(arrearsCounts.oldestUnpaidDueDate, sql.placeholder('today')),
    shape.includes('f') ? gte(arrearsCounts.oldestUnpaidDueDate, sql.placeholder('dueFrom')) : undefined,
    shape.includes('t') ? lte(arrearsCounts.oldestUnpaidDueDate, sql.placeholder('dueTo')) : undefined,
  );

const overdueCount = preparedRead('loans.overdue_count', (db, shape: string) =>
  db
    .select({ n: sql<number>`coalesce(sum(${arrearsCounts.count}), 0)::int` })
    .from(arrearsCounts)
    .where(whereLateDays(shape)),
);

/**
 * The list's count, with the first and the last day on which its late loans fell due: the days
 * whose running count is above zero, which hold exactly the loans of the page's indexes (open, with
 * a due date). A page read month by month reads those days' months only, and a bucket open at its
 * start learns where it starts without another statement.
 */
const overdueCountAndDays = preparedRead('loans.overdue_count_and_days', (db, shape: string) => {
  const days = db
    .select({
      day: arrearsCounts.oldestUnpaidDueDate,
      n: sql<number>`sum(${arrearsCounts.count})`.as('n'),
    })
    .from(arrearsCounts)
    .where(whereLateDays(shape))
    .groupBy(arrearsCounts.oldestUnpaidDueDate)
    .having(sql`sum(${arrearsCounts.count}) > 0`)
    .as('late_days');
  return db
    .select({
      n: sql<number>`coalesce(sum(${days.n}), 0)::int`,
      first: sql<string | null>`min(${days.day})::text`,
      last: sql<string | null>`max(${days.day})::text`,
    })
    .from(days);
});

/** Loans in arrears per bucket, from the running counts per oldest unpaid due date (one row per day). */
export async function countOverdueBetween(
  db: DbOrTx,
  today: string,
  range: { readonly from: string | undefined; readonly to: string },
): Promise<number> {
  const shape = `${range.from === undefined ? '' : 'f'}t`;
  const [total] = await overdueCount(db, shape).execute({ today, dueFrom: range.from, dueTo: range.to });
  return total?.n ?? 0;
}

// What is still owed, as the partial index loans_owed_idx holds it.
const owed = sql`(${loans.totalPayable} - ${loans.totalPayments})`;

function overdueOrder(ordering: CollectionOrdering): SQL[] {
  switch (ordering) {
    case 'days_in_arrears':
      return [desc(loans.oldestUnpaidDueDate), desc(loans.id)];
    case '-remaining_balance':
      return [sql`${owed} desc`, desc(loans.id)];
    case 'remaining_balance':
      return [sql`${owed} asc`, asc(loans.id)];
    default:
      return [asc(loans.oldestUnpaidDueDate), asc(loans.id)];
  }
}

/**
 * Late loans (an oldest unpaid due date before today, the partial indexes' condition), within a
 * bucket's dates: f from, t to.
 */
function whereOverdue(shape: string, placement: ConditionPlacement = {}): SQL | undefined {
  return and(
    sql`${loans.status} <> 'FULLY_PAID'`,
    lt(loans.oldestUnpaidDueDate, pageValue('today', 'date', placement)),
    shape.includes('f') ? gte(loans.oldestUnpaidDueDate, sql.placeholder('dueFrom')) : undefined,
    shape.includes('t') ? lte(loans.oldestUnpaidDueDate, sql.placeholder('dueTo')) : undefined,
  );
}

/** A Collections page's rows: the loan, its borrower's name and phone, its loan type. */
function selectOverdueViews(db: DbOrTx) {
  return db
    .select({
      loan: shownLoanColumns,
      userName: users.name,
      phoneNumber: users.phoneNumber,
      loanTypeName: loanTypes.name,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId));
}

/**
 * The page's ids first, then their rows: the walk of the ordering's index (loans_owed_idx for the
 * remaining balance) tests the due date in the index tuple (migration 0034), so the late loans it
 * skips are never read from the table, and the joins see ten rows (db/page-ids.ts).
 */
const overduePage = preparedRead('loans.overdue_page', (db, shape: `${string}/${CollectionOrdering}`) => {
  const [where = '', ordering] = shape.split('/');
  const order = overdueOrder(ordering as CollectionOrdering);
  // Today unknown to the plan, so that the page settles on its generic plan (db/page-ids.ts).
  const onPage = amongNamedPage(db, {
    from: loans,
    id: loans.id,
    where: whereOverdue(where, { inNamedPage: true }),
    orderBy: order,
  });
  return selectOverdueViews(db)
    .where(onPage)
    .orderBy(...order);
});

type BalanceOrdering = Extract<CollectionOrdering, 'remaining_balance' | '-remaining_balance'>;
const isBalanceOrdering = (ordering: CollectionOrdering): ordering is BalanceOrdering =>
  ordering === 'remaining_balance' || ordering === '-remaining_balance';

/**
 * The most index entries a Collections page by balance read month by month may read: each month's
 * first offset + limit loans. The 90+ bucket spans 33 months at a million users: 330 entries for
 * its first page of ten, where the walk of loans_owed_idx passed about 30,000 (docs/scale.md, "The
 * 90+ bucket by balance, month by month").
 */
export const OWED_MONTH_READ_BUDGET = 20_000;

/** The calendar months from `from`'s to `to`'s (ISO dates), both counted; 0 when `to` is earlier. */
export function monthsInRange(from: string, to: string): number {
  const month = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  return Math.max(0, month(to) - month(from) + 1);
}

// The month of the oldest unpaid due date, as loans_owed_by_month_idx holds it (migration 0046).
const dueMonth = sql`date_trunc('month', ${loans.oldestUnpaidDueDate}::timestamp)`;

/**
 * A Collections page by what is still owed, read month by month: for each calendar month of the
 * range its first offset + limit loans by balance, through loans_owed_by_month_idx (index-only, the
 * due date tested in the index), then the months merged and the page taken. The walk of
 * loans_owed_idx passes every loan outside the range with a smaller (or larger) balance, and the
 * smallest balances are loans near their end, rarely 90 days late; this reads at most
 * months × (offset + limit) entries, of which only the range's two end months hold loans outside it.
 */
const overduePageByMonth = preparedRead('loans.overdue_page_by_month', (db, ordering: BalanceOrdering) => {
  const direction = sql.raw(ordering === 'remaining_balance' ? 'asc' : 'desc');
  const dueFrom = unplannedValue('dueFrom', 'date');
  const dueTo = unplannedValue('dueTo', 'date');
  const pageIds = sql`select month_loans.id from generate_series(date_trunc('month', ${dueFrom}::timestamp), date_trunc('month', ${dueTo}::timestamp), interval '1 month') as due(month)
    cross join lateral (
      select ${loans.id} as id, ${owed} as owed from ${loans}
      where ${loans.status} <> 'FULLY_PAID' and ${dueMonth} = due.month
        and ${loans.oldestUnpaidDueDate} >= ${dueFrom} and ${loans.oldestUnpaidDueDate} <= ${dueTo}
      order by ${owed} ${direction}, ${loans.id} ${direction}
      limit ${unplannedValue('monthLimit', 'bigint')}
    ) as month_loans
    order by month_loans.owed ${direction}, month_loans.id ${direction}
    limit ${namedPageLimit()} offset ${namedPageOffset()}`;
  return selectOverdueViews(db)
    .where(sql`${loans.id} = any(array(${pageIds}))`)
    .orderBy(...overdueOrder(ordering));
});

/**
 * The page by balance month by month when that is the cheaper read: a range that ends before this
 * month (every bucket past the first, and the first on a month's first day), so that no month read
 * holds the loans not yet due, which are most open loans; and within the budget. Otherwise
 * undefined: the page walks loans_owed_idx.
 */
async function overduePageMonthByMonth(
  db: DbOrTx,
  today: string,
  filter: OverdueFilter,
  lateDays: { readonly first: string | null; readonly last: string | null },
): Promise<Omit<OverdueRow, 'overdueInstallments' | 'amountOverdue'>[] | undefined> {
  const { ordering, dueTo } = filter;
  const { first, last } = lateDays;
  if (!isBalanceOrdering(ordering) || !dueTo || dueTo.slice(0, 7) >= today.slice(0, 7)) return undefined;
  if (!first || !last) return [];
  const monthLimit = filter.offset + filter.limit;
  if (monthsInRange(first, last) * monthLimit > OWED_MONTH_READ_BUDGET) return undefined;
  return overduePageByMonth(db, ordering).execute({
    dueFrom: first,
    dueTo: last,
    monthLimit,
    limit: filter.limit,
    offset: filter.offset,
  });
}

// The page's loans as one int[] parameter: an IN list would be a different statement per page length.
const overdueInstallments = preparedRead('loans.overdue_installments', (db) =>
  db
    .select({ loanId: loanInstallments.loanId, n: count(), amount: unpaidAmount })
    .from(loanInstallments)
    .where(
      and(
        sql`${loanInstallments.loanId} = any(${sql.placeholder('loanIds')}::int[])`,
        lt(loanInstallments.dueDate, sql.placeholder('today')),
        isUnpaid,
      ),
    )
    .groupBy(loanInstallments.loanId),
);

/**
 * The borrower's name and phone are key lookups per row (db/key-lookup.ts): joined, PostgreSQL hashed
 * the whole users table for every page of late loans.
 */
const overdueExportPage = preparedRead('loans.overdue_export_page', (db, shape: string) =>
  db
    .select({
      loan: shownLoanColumns,
      userName: borrowerNameByKey,
      phoneNumber: byKey<string | null>(users.phoneNumber, users.id, loans.userId),
      loanTypeName: loanTypes.name,
    })
    .from(loans)
    .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId))
    .where(
      and(
        whereOverdue(shape),
        shape.includes('c')
          ? sql`(${loans.oldestUnpaidDueDate}, ${loans.id}) > (${sql.placeholder('afterDue')}::date, ${sql.placeholder('afterId')}::integer)`
          : undefined,
      ),
    )
    .orderBy(asc(loans.oldestUnpaidDueDate), asc(loans.id))
    .limit(sql.placeholder('limit')),
);

async function withArrears(
  db: DbOrTx,
  today: string,
  views: Omit<OverdueRow, 'overdueInstallments' | 'amountOverdue'>[],
): Promise<OverdueRow[]> {
  const loanIds = views.map((v) => v.loan.id);
  const sums = loanIds.length === 0 ? [] : await overdueInstallments(db).execute({ loanIds, today });
  const byLoan = new Map(sums.map((s) => [s.loanId, s]));
  return views.map((v) => ({
    ...v,
    overdueInstallments: byLoan.get(v.loan.id)?.n ?? 0,
    amountOverdue: byLoan.get(v.loan.id)?.amount ?? 0,
  }));
}

/**
 * Up to `limit` late loans after the cursor, most days in arrears first (oldest unpaid due date, then
 * id): one page of the Collections CSV export, through the partial index loans_in_arrears_idx.
 */
export async function findOverdueForExport(
  db: DbOrTx,
  today: string,
  page: {
    readonly dueFrom?: string | undefined;
    readonly dueTo?: string | undefined;
    readonly after: { readonly due: string; readonly id: number } | null;
    readonly limit: number;
  },
): Promise<OverdueRow[]> {
  const shape = `${page.dueFrom === undefined ? '' : 'f'}${page.dueTo === undefined ? '' : 't'}${page.after ? 'c' : ''}`;
  const views = await overdueExportPage(db, shape).execute({
    today,
    dueFrom: page.dueFrom,
    dueTo: page.dueTo,
    afterDue: page.after?.due,
    afterId: page.after?.id,
    limit: page.limit,
  });
  return withArrears(db, today, views);
}

/** Loans with an installment unpaid past its due date (Collections), most days in arrears first unless sorted. */
export async function listOverdueLoans(
  db: DbOrTx,
  today: string,
  filter: OverdueFilter,
): Promise<{ count: number; rows: OverdueRow[] }> {
  const where = `${filter.dueFrom === undefined ? '' : 'f'}${filter.dueTo === undefined ? '' : 't'}`;
  // Counted from the running counts per oldest unpaid due date (migration 0016), one row per day.
  const [total] = await overdueCountAndDays(db, where).execute({ today, ...filter });
  const views =
    (await overduePageMonthByMonth(db, today, filter, {
      first: total?.first ?? null,
      last: total?.last ?? null,
    })) ?? (await overduePage(db, `${where}/${filter.ordering}`).execute({ today, ...filter }));
  return { count: total?.n ?? 0, rows: await withArrears(db, today, views) };
}
