/** What the borrower's loan messages name: read in the settling payment's transaction. */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { loanInstallments, loans, users } from '../../db/schema/index.ts';

/** The loan's reference and its borrower's name, for a message about the loan. */
// Read by every repayment's receipt: a named statement, planned once per connection. It carries the
// borrower's contact too (null once the account is deleted), so the receipt reads nothing else.
const loanForMessage = preparedRead('lending.loan_for_message', (db) =>
  db
    .select({
      loanRef: loans.loanRef,
      userId: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      isDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(eq(loans.id, sql.placeholder('loanId'))),
);

export async function findLoanForMessage(db: DbOrTx, loanId: number) {
  const [row] = await loanForMessage(db).execute({ loanId });
  return row;
}

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
