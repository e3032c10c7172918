import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
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

// The reads of every repayment's allocation, as named statements whose text is the same for one
// loan or many (arrays as parameters): planned once per connection (issue 20, docs/scale.md).
const loansLockedForRepayments = preparedRead('loans.lock_for_repayments', (db) =>
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
      // Uncorrelated, so PostgreSQL runs it once for all the rows: the repayments these payments
      // already made, whichever loan they went to (a payment is allocated once).
      earlier: sql<EarlierRepaymentJson[] | null>`(select json_agg(json_build_object(
          'id', r.id, 'loanId', r.loan_id, 'amount', r.amount, 'principal', r.principal,
          'interest', r.interest, 'remainingBalanceAfter', r.remaining_balance_after,
          'platformTransactionId', r.platform_transaction_id))
        from ${loanRepayments} r
        where r.platform_transaction_id = any(${sql.placeholder('platformTransactionIds')}::integer[]))`,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .where(sql`${loans.id} = any(${sql.placeholder('loanIds')}::integer[])`)
    // In id order: the one order every transaction locks loans in, so two never wait in a cycle.
    .orderBy(asc(loans.id))
    .for('update', { of: loans }),
);

interface EarlierRepaymentJson {
  readonly id: number;
  readonly loanId: number;
  readonly amount: number | string;
  readonly principal: number | string;
  readonly interest: number | string;
  readonly remainingBalanceAfter: number | string;
  readonly platformTransactionId: number;
}

/** A repayment a payment already made: allocating the payment again answers it. */
export interface EarlierRepayment {
  readonly id: number;
  readonly loanId: number;
  readonly amount: number;
  readonly principal: number;
  readonly interest: number;
  readonly remainingBalanceAfter: number;
  readonly platformTransactionId: number;
}

/**
 * The loans repayments are for, locked in id order so concurrent repayments take turns, with what
 * their allocation needs besides in the same round trip: each borrower's contact (the receipt's)
 * and the repayments these payments already made, if any. A loan that does not exist is missing
 * from `loans`; an earlier repayment is found whichever loan it went to.
 */
export async function lockLoansForRepayments(
  tx: DbOrTx,
  loanIds: readonly number[],
  platformTransactionIds: readonly number[],
) {
  const rows = await loansLockedForRepayments(tx).execute({
    loanIds: [...loanIds],
    platformTransactionIds: [...platformTransactionIds],
  });
  // The earlier repayments come on every row (or on none when no loan exists: read them alone).
  const earlierJson =
    rows.length > 0
      ? (rows[0]?.earlier ?? [])
      : platformTransactionIds.length > 0
        ? await findRepaymentsOfPayments(tx, platformTransactionIds)
        : [];
  const earlier: EarlierRepayment[] = earlierJson.map((r) => ({
    id: Number(r.id),
    loanId: Number(r.loanId),
    amount: Number(r.amount),
    principal: Number(r.principal),
    interest: Number(r.interest),
    remainingBalanceAfter: Number(r.remainingBalanceAfter),
    platformTransactionId: Number(r.platformTransactionId),
  }));
  return { loans: rows.map(({ earlier: _, ...row }) => row), earlier };
}

async function findRepaymentsOfPayments(
  tx: DbOrTx,
  platformTransactionIds: readonly number[],
): Promise<EarlierRepaymentJson[]> {
  return tx
    .select({
      id: loanRepayments.id,
      loanId: loanRepayments.loanId,
      amount: loanRepayments.amount,
      principal: loanRepayments.principal,
      interest: loanRepayments.interest,
      remainingBalanceAfter: loanRepayments.remainingBalanceAfter,
      platformTransactionId: sql<number>`${loanRepayments.platformTransactionId}`,
    })
    .from(loanRepayments)
    .where(inArray(loanRepayments.platformTransactionId, [...platformTransactionIds]));
}

export async function findLoanById(db: DbOrTx, loanId: number): Promise<LoanRow | undefined> {
  const [row] = await db.select().from(loans).where(eq(loans.id, loanId));
  return row;
}

// Only what is still owed: a repayment reaches the oldest unpaid installment first and never a paid
// one, so the paid part of a schedule (half of it, on average over a loan's life) is not read.
const unpaidInstallmentsOfLoans = preparedRead('loans.unpaid_installments_of_loans', (db) =>
  db
    .select()
    .from(loanInstallments)
    .where(
      sql`${loanInstallments.loanId} = any(${sql.placeholder('loanIds')}::integer[])
        and (${loanInstallments.principalPaid} < ${loanInstallments.principalDue}
          or ${loanInstallments.interestPaid} < ${loanInstallments.interestDue})`,
    )
    .orderBy(asc(loanInstallments.loanId), asc(loanInstallments.number)),
);

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

/** The installments of the loans not yet fully paid, each loan's in installment order. */
export async function findUnpaidInstallmentsOfLoans(
  db: DbOrTx,
  loanIds: readonly number[],
): Promise<InstallmentRow[]> {
  if (loanIds.length === 0) return [];
  return unpaidInstallmentsOfLoans(db).execute({ loanIds: [...loanIds] });
}

/** What a repayment changes on its loan. */
export interface RepaidLoanValues {
  readonly id: number;
  readonly totalPayments: number;
  readonly principalPaid: number;
  readonly interestPaid: number;
  readonly repaymentCount: number;
  readonly oldestUnpaidDueDate: string | null;
  readonly status: LoanRow['status'];
  readonly updatedAt: Date;
}

/** What allocating a unit of work's repayments writes (allocate-repayment.ts). */
export interface AllocationWrites {
  /** Each installment's paid amounts as they now stand. */
  readonly installments: readonly { id: number; principalPaid: number; interestPaid: number }[];
  readonly loans: readonly RepaidLoanValues[];
  readonly history: readonly (typeof loanStatusHistory.$inferInsert)[];
  readonly repayments: readonly (typeof loanRepayments.$inferInsert)[];
}

/** writeAllocations' values, one array per column: installments, loans, history, repayments. */
type AllocationArrays = {
  installmentIds: number[];
  installmentPrincipalPaid: number[];
  installmentInterestPaid: number[];
  loanIds: number[];
  loanTotalPayments: number[];
  loanPrincipalPaid: number[];
  loanInterestPaid: number[];
  loanRepaymentCounts: number[];
  loanOldestUnpaidDueDates: (string | null)[];
  loanStatuses: string[];
  loanUpdatedAts: string[];
  historyLoanIds: number[];
  historyFrom: (string | null)[];
  historyTo: string[];
  historyDaysInArrears: number[];
  historyReasons: (string | null)[];
  historyAts: string[];
  repaymentLoanIds: number[];
  repaymentAmounts: number[];
  repaymentPrincipals: number[];
  repaymentInterests: number[];
  repaymentPaidAts: string[];
  repaymentModes: (string | null)[];
  repaymentTransactionIds: (number | null)[];
  repaymentBalancesAfter: number[];
  repaymentDaysLate: number[];
  repaymentCreatedAts: string[];
};

const writeAllocationsStatement = namedStatement<{ id: number }, AllocationArrays>(
  'loans.write_allocations',
  (v) => sql`with installments as (
      update ${loanInstallments} as i set principal_paid = v.principal_paid, interest_paid = v.interest_paid
      from unnest(${v.installmentIds}::integer[], ${v.installmentPrincipalPaid}::bigint[],
        ${v.installmentInterestPaid}::bigint[]) as v(id, principal_paid, interest_paid)
      where i.id = v.id),
    repaid_loans as (
      update ${loans} as l set
        total_payments = v.total_payments, principal_paid = v.principal_paid,
        interest_paid = v.interest_paid, repayment_count = v.repayment_count,
        oldest_unpaid_due_date = v.oldest_unpaid_due_date, status = v.status, updated_at = v.updated_at
      from unnest(${v.loanIds}::integer[], ${v.loanTotalPayments}::bigint[],
        ${v.loanPrincipalPaid}::bigint[], ${v.loanInterestPaid}::bigint[],
        ${v.loanRepaymentCounts}::integer[], ${v.loanOldestUnpaidDueDates}::date[],
        ${v.loanStatuses}::loan_status[], ${v.loanUpdatedAts}::timestamptz[])
        as v(id, total_payments, principal_paid, interest_paid, repayment_count, oldest_unpaid_due_date, status, updated_at)
      where l.id = v.id),
    history as (
      insert into ${loanStatusHistory} (loan_id, from_status, to_status, days_in_arrears, reason, changed_at)
      select * from unnest(${v.historyLoanIds}::integer[], ${v.historyFrom}::loan_status[],
        ${v.historyTo}::loan_status[], ${v.historyDaysInArrears}::integer[],
        ${v.historyReasons}::text[], ${v.historyAts}::timestamptz[]))
    insert into ${loanRepayments} (loan_id, amount, principal, interest, paid_at, payment_mode,
        platform_transaction_id, remaining_balance_after, days_late_at_payment, created_at)
      select * from unnest(${v.repaymentLoanIds}::integer[], ${v.repaymentAmounts}::bigint[],
        ${v.repaymentPrincipals}::bigint[], ${v.repaymentInterests}::bigint[],
        ${v.repaymentPaidAts}::timestamptz[], ${v.repaymentModes}::text[],
        ${v.repaymentTransactionIds}::integer[], ${v.repaymentBalancesAfter}::bigint[],
        ${v.repaymentDaysLate}::integer[], ${v.repaymentCreatedAts}::timestamptz[])
      -- PostgreSQL answers RETURNING in the order the rows were inserted, which is unnest's.
      returning id`,
);

/**
 * Writes what repayments changed, in one statement however many there are (a group of settlements,
 * ADR 015): the installments' paid amounts, the loans' totals and status, their status history and
 * the repayments themselves. Answers the repayments' ids in the order given. The values go as
 * arrays (unnest), so the text is the same for one repayment or a group's.
 */
export async function writeAllocations(tx: DbOrTx, writes: AllocationWrites): Promise<number[]> {
  const { installments: paid, loans: repaid, history, repayments } = writes;
  const rows = await writeAllocationsStatement(tx, {
    installmentIds: paid.map((p) => p.id),
    installmentPrincipalPaid: paid.map((p) => p.principalPaid),
    installmentInterestPaid: paid.map((p) => p.interestPaid),
    loanIds: repaid.map((r) => r.id),
    loanTotalPayments: repaid.map((r) => r.totalPayments),
    loanPrincipalPaid: repaid.map((r) => r.principalPaid),
    loanInterestPaid: repaid.map((r) => r.interestPaid),
    loanRepaymentCounts: repaid.map((r) => r.repaymentCount),
    loanOldestUnpaidDueDates: repaid.map((r) => r.oldestUnpaidDueDate),
    loanStatuses: repaid.map((r) => r.status),
    loanUpdatedAts: repaid.map((r) => r.updatedAt.toISOString()),
    historyLoanIds: history.map((h) => h.loanId),
    historyFrom: history.map((h) => h.fromStatus ?? null),
    historyTo: history.map((h) => h.toStatus),
    historyDaysInArrears: history.map((h) => h.daysInArrears ?? 0),
    historyReasons: history.map((h) => h.reason),
    historyAts: history.map((h) => h.changedAt.toISOString()),
    repaymentLoanIds: repayments.map((r) => r.loanId),
    repaymentAmounts: repayments.map((r) => r.amount),
    repaymentPrincipals: repayments.map((r) => r.principal),
    repaymentInterests: repayments.map((r) => r.interest),
    repaymentPaidAts: repayments.map((r) => r.paidAt.toISOString()),
    repaymentModes: repayments.map((r) => r.paymentMode),
    repaymentTransactionIds: repayments.map((r) => r.platformTransactionId ?? null),
    repaymentBalancesAfter: repayments.map((r) => r.remainingBalanceAfter),
    repaymentDaysLate: repayments.map((r) => r.daysLateAtPayment ?? 0),
    repaymentCreatedAts: repayments.map((r) => (r.createdAt ?? r.paidAt).toISOString()),
  });
  if (rows.length !== repayments.length) throw new Error('insert into loan_repayments lost rows');
  return rows.map((row) => Number(row.id));
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
