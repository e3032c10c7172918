import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { byKey } from '../../db/key-lookup.ts';
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
 * key lookups (db/key-lookup.ts): joined, the whole loans and users tables were hashed per page.
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
  return db
    .select({
      repayment: loanRepayments,
      loanRef: byKey<string>(loans.loanRef, loans.id, loanRepayments.loanId),
      userId: byKey<number>(loans.userId, loans.id, loanRepayments.loanId),
      userName: byKey<string>(
        users.name,
        users.id,
        byKey<number>(loans.userId, loans.id, loanRepayments.loanId),
      ),
      cursorAt: exactTime(loanRepayments.paidAt),
    })
    .from(loanRepayments)
    .where(and(...conditions))
    .orderBy(desc(loanRepayments.paidAt), desc(loanRepayments.id))
    .limit(page.limit);
}
