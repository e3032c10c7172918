import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loanInstallments, loanRepayments, loans } from '../../db/schema/index.ts';
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

/** One grouped scan of loans (optionally one user's): count, principal, payable, paid, owed per status. */
export async function loanTotalsByStatus(
  db: DbOrTx,
  userId?: number,
): Promise<Record<LoanStatus, StatusTotals>> {
  const rows = await db
    .select({
      status: loans.status,
      count: count(),
      amount: money(sql`sum(${loans.amount})`),
      payable: money(sql`sum(${loans.totalPayable})`),
      payments: money(sql`sum(${loans.totalPayments})`),
    })
    .from(loans)
    .where(userId === undefined ? undefined : eq(loans.userId, userId))
    .groupBy(loans.status);
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

/** The most days any of the user's loans is in arrears. */
export async function maxDaysInArrears(db: DbOrTx, userId: number, today: string): Promise<number> {
  const [row] = await db
    .select({
      days: sql<number>`coalesce(max(greatest(0, ${today}::date - ${loans.oldestUnpaidDueDate})), 0)::int`,
    })
    .from(loans)
    .where(and(eq(loans.userId, userId), sql`${loans.status} <> 'FULLY_PAID'`));
  return row?.days ?? 0;
}

export interface RepaymentTotals {
  readonly total: number;
  readonly count: number;
  readonly onTime: number;
  readonly late: number;
}

/**
 * All repayments (from the loans' running totals: one row per loan, not per repayment), and those
 * of the window split by whether the loan was in arrears when they came.
 */
export async function repaymentTotals(db: DbOrTx, windowStart: Date): Promise<RepaymentTotals> {
  const [all] = await db
    .select({
      total: money(sql`sum(${loans.totalPayments})`),
      count: sql<number>`coalesce(sum(${loans.repaymentCount}), 0)::int`,
    })
    .from(loans);
  const [recent] = await db
    .select({
      onTime: sql<number>`count(*) filter (where ${loanRepayments.daysLateAtPayment} = 0)::int`,
      late: sql<number>`count(*) filter (where ${loanRepayments.daysLateAtPayment} > 0)::int`,
    })
    .from(loanRepayments)
    .where(gte(loanRepayments.paidAt, windowStart));
  return {
    total: all?.total ?? 0,
    count: all?.count ?? 0,
    onTime: recent?.onTime ?? 0,
    late: recent?.late ?? 0,
  };
}

/** Installments that fell due in [from, today) and are still not fully paid. */
export async function countMissedInstallments(db: DbOrTx, from: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loanInstallments)
    .where(
      and(
        gte(loanInstallments.dueDate, from),
        lt(loanInstallments.dueDate, today),
        sql`(${loanInstallments.principalPaid} < ${loanInstallments.principalDue} or ${loanInstallments.interestPaid} < ${loanInstallments.interestDue})`,
      ),
    );
  return row?.n ?? 0;
}
