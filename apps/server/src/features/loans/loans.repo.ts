import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  applications,
  loanInstallments,
  loanRepayments,
  loanStatusHistory,
  loans,
  loanTypes,
  users,
} from '../../db/schema/index.ts';

export type LoanRow = typeof loans.$inferSelect;
export type NewLoanRow = typeof loans.$inferInsert;
export type InstallmentRow = typeof loanInstallments.$inferSelect;
export type RepaymentRow = typeof loanRepayments.$inferSelect;
export type StatusHistoryRow = typeof loanStatusHistory.$inferSelect;

/** The application to disburse, locked so concurrent disbursements of it take turns. */
export async function lockApplicationForDisbursement(tx: DbOrTx, applicationId: number) {
  const [row] = await tx
    .select({
      id: applications.id,
      userId: applications.userId,
      status: applications.status,
      approvedLoanId: applications.approvedLoanId,
      amountRequested: applications.amountRequested,
      loanTermMonths: applications.loanTermMonths,
      loanTypeId: applications.loanTypeId,
      interestRate: loanTypes.interestRate,
      interestType: loanTypes.interestType,
      userDeletedAt: users.deletedAt,
    })
    .from(applications)
    .innerJoin(loanTypes, eq(loanTypes.id, applications.loanTypeId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId))
    .for('update', { of: applications });
  return row;
}

export async function markApplicationDisbursed(
  tx: DbOrTx,
  applicationId: number,
  loanId: number,
  at: Date,
): Promise<void> {
  await tx
    .update(applications)
    .set({ approvedLoanId: loanId, updatedAt: at })
    .where(and(eq(applications.id, applicationId), isNull(applications.approvedLoanId)));
}

/** Inserts a loan; its reference SL-<year>-<000123> comes from a database sequence. */
export async function insertLoan(tx: DbOrTx, values: Omit<NewLoanRow, 'loanRef'>, year: number) {
  const [row] = await tx
    .insert(loans)
    .values({
      ...values,
      loanRef: sql`'SL-' || ${String(year)} || '-' || lpad(nextval('loan_reference_seq')::text, 6, '0')`,
    })
    .returning();
  if (!row) throw new Error('insert into loans returned no row');
  return row;
}

export async function insertInstallments(tx: DbOrTx, rows: (typeof loanInstallments.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(loanInstallments).values(rows);
}

export async function insertStatusHistory(tx: DbOrTx, row: typeof loanStatusHistory.$inferInsert) {
  await tx.insert(loanStatusHistory).values(row);
}

// The reads of every repayment's allocation, as named statements: planned once per connection
// (issue 20, docs/scale.md).
const loanLockedForRepayment = preparedRead('loans.lock_for_repayment', (db) =>
  db
    .select({
      loan: loans,
      borrower: {
        id: users.id,
        name: users.name,
        email: users.email,
        phoneNumber: users.phoneNumber,
        isDeleted: sql<boolean>`${users.deletedAt} is not null`,
      },
      earlier: loanRepayments,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .leftJoin(
      loanRepayments,
      eq(loanRepayments.platformTransactionId, sql.placeholder('platformTransactionId')),
    )
    .where(eq(loans.id, sql.placeholder('loanId')))
    .for('update', { of: loans }),
);

/**
 * The loan a repayment is for, locked so concurrent repayments take turns, with what the
 * allocation needs besides in the same round trip: its borrower's contact (the receipt's) and the
 * repayment this payment already made, if any (`platformTransactionId` null: none is looked for).
 * Undefined when the loan does not exist.
 */
export async function lockLoanForRepayment(tx: DbOrTx, loanId: number, platformTransactionId: number | null) {
  const [row] = await loanLockedForRepayment(tx).execute({ loanId, platformTransactionId });
  return row;
}

export async function findLoanById(db: DbOrTx, loanId: number): Promise<LoanRow | undefined> {
  const [row] = await db.select().from(loans).where(eq(loans.id, loanId));
  return row;
}

const installmentsOf = preparedRead('loans.installments', (db) =>
  db
    .select()
    .from(loanInstallments)
    .where(eq(loanInstallments.loanId, sql.placeholder('loanId')))
    .orderBy(asc(loanInstallments.number)),
);

export async function findInstallments(db: DbOrTx, loanId: number): Promise<InstallmentRow[]> {
  return installmentsOf(db).execute({ loanId });
}

export async function recordInstallmentPayment(
  tx: DbOrTx,
  installmentId: number,
  principalPaid: number,
  interestPaid: number,
): Promise<void> {
  await tx
    .update(loanInstallments)
    .set({ principalPaid, interestPaid })
    .where(eq(loanInstallments.id, installmentId));
}

export async function findRepaymentByPlatformTransaction(
  db: DbOrTx,
  platformTransactionId: number,
): Promise<RepaymentRow | undefined> {
  const [row] = await repaymentOfPayment(db).execute({ platformTransactionId });
  return row;
}

const repaymentOfPayment = preparedRead('loans.repayment_of_payment', (db) =>
  db
    .select()
    .from(loanRepayments)
    .where(eq(loanRepayments.platformTransactionId, sql.placeholder('platformTransactionId'))),
);

export async function insertRepayment(tx: DbOrTx, values: typeof loanRepayments.$inferInsert) {
  const [row] = await tx.insert(loanRepayments).values(values).returning();
  if (!row) throw new Error('insert into loan_repayments returned no row');
  return row;
}

export async function updateLoan(tx: DbOrTx, loanId: number, values: Partial<NewLoanRow>): Promise<void> {
  await tx.update(loans).set(values).where(eq(loans.id, loanId));
}

export async function findStatusHistory(db: DbOrTx, loanId: number): Promise<StatusHistoryRow[]> {
  return db
    .select()
    .from(loanStatusHistory)
    .where(eq(loanStatusHistory.loanId, loanId))
    .orderBy(asc(loanStatusHistory.changedAt), asc(loanStatusHistory.id));
}

/**
 * Loans whose status may need to move today, locked; rows another transaction holds (a repayment
 * being allocated) are skipped and looked at on the next tick.
 */
export async function lockLoansDueForStatusCheck(tx: DbOrTx, today: string) {
  return tx
    .select({
      id: loans.id,
      status: loans.status,
      oldestUnpaidDueDate: loans.oldestUnpaidDueDate,
      totalPayable: loans.totalPayable,
      totalPayments: loans.totalPayments,
    })
    .from(loans)
    .where(
      sql`${loans.status} <> 'FULLY_PAID' and (
        ${loans.totalPayments} >= ${loans.totalPayable}
        or ${loans.oldestUnpaidDueDate} is null
        or (${loans.status} = 'ACTIVE' and ${loans.oldestUnpaidDueDate} < ${today}::date)
        or (${loans.status} = 'OVERDUE' and (${loans.oldestUnpaidDueDate} >= ${today}::date
            or ${loans.oldestUnpaidDueDate} <= ${today}::date - 90))
        or (${loans.status} = 'DEFAULT' and ${loans.oldestUnpaidDueDate} > ${today}::date - 90)
      )`,
    )
    .for('update', { skipLocked: true });
  // The -90 above is DEFAULT_AFTER_DAYS_IN_ARREARS (loan-status.ts); the status itself is decided there.
}

export async function setLoanStatuses(
  tx: DbOrTx,
  ids: number[],
  status: LoanRow['status'],
  at: Date,
): Promise<void> {
  // In slices: a statement takes at most 65,535 parameters.
  for (let i = 0; i < ids.length; i += 5000) {
    await tx
      .update(loans)
      .set({ status, updatedAt: at })
      .where(inArray(loans.id, ids.slice(i, i + 5000)));
  }
}

export async function insertStatusHistoryRows(tx: DbOrTx, rows: (typeof loanStatusHistory.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(loanStatusHistory).values(rows.slice(i, i + 1000));
}
