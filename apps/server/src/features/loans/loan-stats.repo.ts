import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  loanStatusTotals,
  loans,
  repaymentDailyCounts,
  unpaidInstallmentCounts,
} from '../../db/schema/index.ts';
import type { LoanStatus } from './loan-status.ts';

/** Sums of bigint money columns come back as strings; whole shillings fit a JS number. */
const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

export interface StatusTotals {
  readonly count: number;
  /** Principal lent. */
  readonly amount: number;
  readonly payable: number;
  readonly payments: number;
  /** Still owed: payable − payments. */
  readonly outstanding: number;
}

const portfolioTotals = preparedRead('loans.status_totals', (db) =>
  db
    .select({
      status: loanStatusTotals.status,
      count: sql<number>`sum(${loanStatusTotals.count})::int`,
      amount: sql<number>`sum(${loanStatusTotals.amount})::bigint`.mapWith(Number),
      payable: sql<number>`sum(${loanStatusTotals.totalPayable})::bigint`.mapWith(Number),
      payments: sql<number>`sum(${loanStatusTotals.totalPayments})::bigint`.mapWith(Number),
    })
    .from(loanStatusTotals)
    .groupBy(loanStatusTotals.status),
);

const userTotals = preparedRead('loans.user_status_totals', (db) =>
  db
    .select({
      status: loans.status,
      count: count(),
      amount: money(sql`sum(${loans.amount})`),
      payable: money(sql`sum(${loans.totalPayable})`),
      payments: money(sql`sum(${loans.totalPayments})`),
    })
    .from(loans)
    .where(eq(loans.userId, sql.placeholder('userId')))
    .groupBy(loans.status),
);

/** One grouped scan of loans (optionally one user's): count, principal, payable, paid, owed per status. */
export async function loanTotalsByStatus(
  db: DbOrTx,
  userId?: number,
): Promise<Record<LoanStatus, StatusTotals>> {
  // The whole portfolio reads the running totals (four rows, docs/scale.md); one borrower's loans by index.
  const rows =
    userId === undefined ? await portfolioTotals(db).execute() : await userTotals(db).execute({ userId });
  const empty = { count: 0, amount: 0, payable: 0, payments: 0, outstanding: 0 };
  const totals: Record<LoanStatus, StatusTotals> = {
    ACTIVE: empty,
    OVERDUE: empty,
    DEFAULT: empty,
    FULLY_PAID: empty,
  };
  for (const row of rows) totals[row.status] = { ...row, outstanding: row.payable - row.payments };
  return totals;
}

const userMaxDaysInArrears = preparedRead('loans.user_max_days_in_arrears', (db) =>
  db
    .select({
      days: sql<number>`coalesce(max(greatest(0, ${sql.placeholder('today')}::date - ${loans.oldestUnpaidDueDate})), 0)::int`,
    })
    .from(loans)
    .where(and(eq(loans.userId, sql.placeholder('userId')), sql`${loans.status} <> 'FULLY_PAID'`)),
);

/** The most days any of the user's loans is in arrears. */
export async function maxDaysInArrears(db: DbOrTx, userId: number, today: string): Promise<number> {
  const [row] = await userMaxDaysInArrears(db).execute({ userId, today });
  return row?.days ?? 0;
}

export interface RepaymentTotals {
  readonly total: number;
  readonly count: number;
  readonly onTime: number;
  readonly late: number;
}

const allRepayments = preparedRead('loans.repayment_totals', (db) =>
  db
    .select({
      total: money(sql`sum(${loanStatusTotals.totalPayments})`),
      count: sql<number>`coalesce(sum(${loanStatusTotals.repaymentCount}), 0)::int`,
    })
    .from(loanStatusTotals),
);

const repaymentsSinceDay = preparedRead('loans.repayments_since_day', (db) =>
  db
    .select({
      onTime: sql<number>`coalesce(sum(${repaymentDailyCounts.onTime}), 0)::int`,
      late: sql<number>`coalesce(sum(${repaymentDailyCounts.late}), 0)::int`,
    })
    .from(repaymentDailyCounts)
    .where(gte(repaymentDailyCounts.day, sql.placeholder('firstDay'))),
);

/**
 * All repayments (from the loans' running totals: one row per loan, not per repayment), and those
 * paid on Kampala days from `firstDay` on, split by whether the loan was in arrears when they came
 * (from the daily counts: a month is 30 rows, however many repayments it holds).
 */
export async function repaymentTotals(db: DbOrTx, firstDay: string): Promise<RepaymentTotals> {
  const [[all], [days]] = await Promise.all([
    allRepayments(db).execute(),
    repaymentsSinceDay(db).execute({ firstDay }),
  ]);
  return {
    total: all?.total ?? 0,
    count: all?.count ?? 0,
    onTime: days?.onTime ?? 0,
    late: days?.late ?? 0,
  };
}

const missedInstallments = preparedRead('loans.missed_installments', (db) =>
  db
    .select({ n: sql<number>`coalesce(sum(${unpaidInstallmentCounts.count}), 0)::int` })
    .from(unpaidInstallmentCounts)
    .where(
      and(
        gte(unpaidInstallmentCounts.dueDate, sql.placeholder('from')),
        lt(unpaidInstallmentCounts.dueDate, sql.placeholder('today')),
      ),
    ),
);

/**
 * Installments that fell due in [from, today) and are still not fully paid: a sum over the per-day
 * counts of migration 0014 (at most one row per day), not a read of the installments.
 */
export async function countMissedInstallments(db: DbOrTx, from: string, today: string): Promise<number> {
  const [row] = await missedInstallments(db).execute({ from, today });
  return row?.n ?? 0;
}
