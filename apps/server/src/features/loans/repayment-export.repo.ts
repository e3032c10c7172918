import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { beforeKeyset, exactTime, type TimeKeyset } from '../../db/keyset.ts';
import { loanRepayments, loans, users } from '../../db/schema/index.ts';

export interface RepaymentExportPage {
  readonly loanId?: number | undefined;
  readonly from?: Date | undefined;
  readonly until?: Date | undefined;
  readonly after: TimeKeyset | null;
  readonly limit: number;
}

/**
 * One keyset page of the repayments export, newest first, on the (paid_at, id) or
 * (loan_id, paid_at, id) index the Repayments list already reads. Each row's loan and borrower are
 * one lateral lookup by key, two primary-key reads: joined, the whole loans and users tables were
 * hashed per page. Its LIMIT (one row: a loan by its key) keeps PostgreSQL from pulling the subquery
 * up into an ordinary join, which it could hash again; scalar subqueries (db/key-lookup.ts) would
 * read the loan three times.
 * The foreign keys (loan_id, then user_id) mean every repayment finds both.
 */
export function findRepaymentsForExport(db: DbOrTx, page: RepaymentExportPage) {
  const conditions: (SQL | undefined)[] = [
    page.loanId !== undefined ? eq(loanRepayments.loanId, page.loanId) : undefined,
    page.from ? sql`${loanRepayments.paidAt} >= ${page.from.toISOString()}::timestamptz` : undefined,
    page.until ? sql`${loanRepayments.paidAt} < ${page.until.toISOString()}::timestamptz` : undefined,
    page.after
      ? beforeKeyset(loanRepayments.paidAt, loanRepayments.id, page.after.at, page.after.id)
      : undefined,
  ];
  const loanAndBorrower = db
    .select({ loanRef: loans.loanRef, userId: loans.userId, userName: users.name })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(eq(loans.id, loanRepayments.loanId))
    .limit(1)
    .as('loan_and_borrower');
  return db
    .select({
      repayment: loanRepayments,
      loanRef: loanAndBorrower.loanRef,
      userId: loanAndBorrower.userId,
      userName: loanAndBorrower.userName,
      cursorAt: exactTime(loanRepayments.paidAt),
    })
    .from(loanRepayments)
    .innerJoinLateral(loanAndBorrower, sql`true`)
    .where(and(...conditions))
    .orderBy(desc(loanRepayments.paidAt), desc(loanRepayments.id))
    .limit(page.limit);
}
