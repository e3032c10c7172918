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
 * (loan_id, paid_at, id) index the Repayments list already reads.
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
  return db
    .select({
      repayment: loanRepayments,
      loanRef: loans.loanRef,
      userId: loans.userId,
      userName: users.name,
      cursorAt: exactTime(loanRepayments.paidAt),
    })
    .from(loanRepayments)
    .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
    .innerJoin(users, eq(users.id, loans.userId))
    .where(and(...conditions))
    .orderBy(desc(loanRepayments.paidAt), desc(loanRepayments.id))
    .limit(page.limit);
}
