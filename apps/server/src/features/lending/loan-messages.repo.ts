/** What the borrower's loan messages name: read in the settling payment's transaction (a repayment's
 * receipt takes its loan and borrower from the allocation's read instead). */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loanInstallments } from '../../db/schema/index.ts';

/** Installment 1 of a loan: what the borrower pays first, and when. */
export async function findFirstInstallment(db: DbOrTx, loanId: number) {
  const [row] = await db
    .select({
      dueDate: loanInstallments.dueDate,
      amount:
        sql<number>`(${loanInstallments.principalDue} + ${loanInstallments.interestDue})::bigint`.mapWith(
          Number,
        ),
    })
    .from(loanInstallments)
    .where(eq(loanInstallments.loanId, loanId))
    .orderBy(asc(loanInstallments.number))
    .limit(1);
  return row;
}
