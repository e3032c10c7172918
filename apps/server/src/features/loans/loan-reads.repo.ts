import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  arrearsCounts,
  loanInstallments,
  loanRepayments,
  loanStatusTotals,
  loans,
  loanTypes,
  users,
} from '../../db/schema/index.ts';
import type { LoanRow } from './loans.repo.ts';

export interface LoanView {
  readonly loan: LoanRow;
  readonly userName: string;
  readonly loanTypeName: string;
}

function selectLoanViews(db: DbOrTx) {
  return db
    .select({ loan: loans, userName: users.name, loanTypeName: loanTypes.name })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId));
}

export async function findLoanView(db: DbOrTx, id: number): Promise<LoanView | undefined> {
  const [row] = await selectLoanViews(db).where(eq(loans.id, id));
  return row;
}

export async function listLoanViews(
  db: DbOrTx,
  filter: {
    status?: LoanRow['status'] | undefined;
    userId?: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ count: number; rows: LoanView[] }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(loans.status, filter.status));
  if (filter.userId !== undefined) conditions.push(eq(loans.userId, filter.userId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // Without a borrower filter the running totals answer (docs/scale.md): no scan of the loans.
  const [total] =
    filter.userId === undefined
      ? await db
          .select({ n: sql<number>`coalesce(sum(${loanStatusTotals.count}), 0)::int` })
          .from(loanStatusTotals)
          .where(filter.status ? eq(loanStatusTotals.status, filter.status) : undefined)
      : await db.select({ n: count() }).from(loans).where(where);
  const rows = await selectLoanViews(db)
    .where(where)
    .orderBy(desc(loans.openingDate), desc(loans.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

export type RepaymentView = Awaited<ReturnType<typeof listRepaymentViews>>['rows'][number];

export async function listRepaymentViews(
  db: DbOrTx,
  filter: { loanId?: number | undefined; limit: number; offset: number },
) {
  const where = filter.loanId === undefined ? undefined : eq(loanRepayments.loanId, filter.loanId);
  // Every repayment: the running totals per loan status (four rows) instead of counting them all.
  const [total] =
    filter.loanId === undefined
      ? await db
          .select({ n: sql<number>`coalesce(sum(${loanStatusTotals.repaymentCount}), 0)::int` })
          .from(loanStatusTotals)
      : await db.select({ n: count() }).from(loanRepayments).where(where);
  const rows = await db
    .select({
      repayment: loanRepayments,
      loanRef: loans.loanRef,
      userId: loans.userId,
      userName: users.name,
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .innerJoin(users, eq(users.id, loans.userId))
    .where(where)
    .orderBy(desc(loanRepayments.paidAt), desc(loanRepayments.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

const unpaidAmount =
  sql<number>`coalesce(sum(${loanInstallments.principalDue} - ${loanInstallments.principalPaid} + ${loanInstallments.interestDue} - ${loanInstallments.interestPaid}), 0)::bigint`.mapWith(
    Number,
  );
const isUnpaid = sql`(${loanInstallments.principalPaid} < ${loanInstallments.principalDue} or ${loanInstallments.interestPaid} < ${loanInstallments.interestDue})`;

export interface OverdueRow {
  readonly loan: LoanRow;
  readonly userName: string;
  readonly phoneNumber: string | null;
  readonly loanTypeName: string;
  readonly overdueInstallments: number;
  readonly amountOverdue: number;
}

/** Loans with an installment unpaid past its due date, oldest arrears first. */
export async function listOverdueLoans(
  db: DbOrTx,
  today: string,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: OverdueRow[] }> {
  const where = and(sql`${loans.status} <> 'FULLY_PAID'`, lt(loans.oldestUnpaidDueDate, today));
  // Counted from the running counts per oldest unpaid due date (migration 0016), one row per day.
  const [total] = await db
    .select({ n: sql<number>`coalesce(sum(${arrearsCounts.count}), 0)::int` })
    .from(arrearsCounts)
    .where(lt(arrearsCounts.oldestUnpaidDueDate, today));
  const views = await db
    .select({
      loan: loans,
      userName: users.name,
      phoneNumber: users.phoneNumber,
      loanTypeName: loanTypes.name,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(loanTypes, eq(loanTypes.id, loans.loanTypeId))
    .where(where)
    .orderBy(asc(loans.oldestUnpaidDueDate), asc(loans.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = views.map((v) => v.loan.id);
  const sums =
    ids.length === 0
      ? []
      : await db
          .select({ loanId: loanInstallments.loanId, n: count(), amount: unpaidAmount })
          .from(loanInstallments)
          .where(and(inArray(loanInstallments.loanId, ids), lt(loanInstallments.dueDate, today), isUnpaid))
          .groupBy(loanInstallments.loanId);
  const byLoan = new Map(sums.map((s) => [s.loanId, s]));
  return {
    count: total?.n ?? 0,
    rows: views.map((v) => ({
      ...v,
      overdueInstallments: byLoan.get(v.loan.id)?.n ?? 0,
      amountOverdue: byLoan.get(v.loan.id)?.amount ?? 0,
    })),
  };
}
