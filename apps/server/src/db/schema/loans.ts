import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { interestType, loanTypes } from './loan-types.ts';
import { users } from './users.ts';

export const loanStatus = pgEnum('loan_status', ['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID']);

/** Numbers the human loan reference SL-<year>-<000123>. */
export const loanReferenceSeq = pgSequence('loan_reference_seq', { startWith: 1 });

/** A disbursed loan. Rate and interest type are copied from the loan type at disbursement. */
export const loans = pgTable(
  'loans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    loanRef: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    applicationId: integer()
      .notNull()
      .unique()
      .references(() => applications.id),
    loanTypeId: integer()
      .notNull()
      .references(() => loanTypes.id),
    amount: bigint({ mode: 'number' }).notNull(),
    /** Percent per month, "2.80", as charged on this loan. */
    interestRate: numeric({ precision: 5, scale: 2 }).notNull(),
    interestType: interestType().notNull(),
    termMonths: smallint().notNull(),
    termWeeks: smallint().notNull(),
    weeklyRepayment: bigint({ mode: 'number' }).notNull(),
    totalInterest: bigint({ mode: 'number' }).notNull(),
    totalPayable: bigint({ mode: 'number' }).notNull(),
    /** Running sums of the repayments (principal + interest = total_payments). */
    totalPayments: bigint({ mode: 'number' }).notNull().default(0),
    principalPaid: bigint({ mode: 'number' }).notNull().default(0),
    interestPaid: bigint({ mode: 'number' }).notNull().default(0),
    /** How many repayments there were, so portfolio-wide counts read 120,000 loans, not millions of rows. */
    repaymentCount: integer().notNull().default(0),
    status: loanStatus().notNull().default('ACTIVE'),
    openingDate: timestamp({ withTimezone: true }).notNull(),
    /** Due date (Kampala) of the last installment. */
    closingDate: date({ mode: 'string' }).notNull(),
    /** Due date of the oldest installment not fully paid; null when nothing is owed. Arrears count from it. */
    oldestUnpaidDueDate: date({ mode: 'string' }),
    /** The payout that funded the loan (the payments feature's platform transaction). */
    disbursementTransactionId: integer(),
    /**
     * The admin who pressed Disburse (the payout's requester, copied when the payout settles). Null
     * for loans made before it was recorded whose audit log does not say, and for scripted payouts.
     */
    disbursedById: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The borrower's users.search_text again, with no index: a common name's page walks the
     * ordering's index and tests this copy in the loan row it reads anyway, where a probe of
     * loan_search_texts per loan cost four times as much (migration 0041, docs/scale.md "A common
     * name walks, a rare one collects"). The trigram index stays on loan_search_texts, which
     * repayments never write. Triggers keep both; whatever an insert gives here is replaced.
     */
    borrowerSearchText: text()
      .notNull()
      .$defaultFn(() => ''),
  },
  (t) => [
    index('loans_status_due_idx').on(t.status, t.oldestUnpaidDueDate, t.id),
    index('loans_user_idx').on(t.userId),
    index('loans_loan_type_idx').on(t.loanTypeId),
    // Ascending: scanned backwards for ORDER BY opening_date DESC, id DESC (see applications.ts).
    // Migration 0034 adds INCLUDE (oldest_unpaid_due_date), which drizzle cannot declare: a page of
    // loans in arrears, newest first, tests the due date in the index (loan-list.repo.ts).
    index('loans_opening_date_idx').on(t.openingDate, t.id),
    // The admin's loan list filtered by status, newest first (docs/scale.md).
    index('loans_status_opening_idx').on(t.status, t.openingDate, t.id),
    // Loans in arrears, oldest first (overdue payments list).
    index('loans_in_arrears_idx').on(t.oldestUnpaidDueDate, t.id).where(sql`${t.status} <> 'FULLY_PAID'`),
    // The loans worklist's sorts (docs/lending.md, Worklist), each with and without a status filter.
    // Next due, latest first with the fully paid (no next due) last, needs its own descending index.
    index('loans_amount_idx').on(t.amount, t.id),
    index('loans_status_amount_idx').on(t.status, t.amount, t.id),
    index('loans_next_due_idx').on(t.oldestUnpaidDueDate, t.id),
    // A range of next due dates, newest (or oldest) first: each day's loans read in opening order
    // and merged (loan-list.repo.ts, listPageByDueDay). Migration 0043 adds INCLUDE (status), which drizzle
    // cannot declare, so a status filter is tested in the index too.
    index('loans_due_day_opening_idx')
      .on(t.oldestUnpaidDueDate, t.openingDate, t.id)
      .where(sql`${t.oldestUnpaidDueDate} is not null`),
    index('loans_next_due_desc_idx').on(t.oldestUnpaidDueDate.desc().nullsLast(), t.id.desc()),
    index('loans_status_next_due_desc_idx').on(
      t.status,
      t.oldestUnpaidDueDate.desc().nullsLast(),
      t.id.desc(),
    ),
    // A reference typed from its start ("SL-2026-0000"): LIKE 'prefix%' reads this index.
    index('loans_ref_pattern_idx').on(t.loanRef.op('text_pattern_ops')),
    // Collections sorted by what is still owed. Migration 0034 adds INCLUDE (oldest_unpaid_due_date,
    // total_payable, total_payments): a bucket's page is an index-only walk (loan-reads.repo.ts).
    index('loans_owed_idx')
      .on(sql`(${t.totalPayable} - ${t.totalPayments})`, t.id)
      .where(sql`${t.status} <> 'FULLY_PAID'`),
    // The same by the month of the oldest unpaid due date: a bucket that ends before this month is
    // read month by month and merged (loan-reads.repo.ts). Migration 0046 adds the INCLUDE of
    // loans_owed_idx, so each month's read is index-only and tests the due date in the index.
    index('loans_owed_by_month_idx')
      .on(
        sql`date_trunc('month', ${t.oldestUnpaidDueDate}::timestamp)`,
        sql`(${t.totalPayable} - ${t.totalPayments})`,
        t.id,
      )
      .where(sql`${t.status} <> 'FULLY_PAID'`),
    check(
      'loans_payments_within_payable',
      sql`${t.totalPayments} >= 0 and ${t.totalPayments} <= ${t.totalPayable}`,
    ),
    check('loans_paid_split', sql`${t.principalPaid} + ${t.interestPaid} = ${t.totalPayments}`),
    // Installments fall due after the loan opens (weekly, from a week after disbursement): the 90+
    // bucket's newest-first page stops at the days it needs on this (loan-list.repo.ts, listPageByDueDay).
    check(
      'loans_due_after_opening',
      sql`${t.oldestUnpaidDueDate} > (${t.openingDate} at time zone 'Africa/Kampala')::date`,
    ),
  ],
);

/**
 * Each loan's borrower search text: the borrower's users.search_text (name, email, phone), so that
 * the loans worklist's search by borrower is one trigram lookup (docs/scale.md). A table of its own,
 * not a column of loans (migration 0040): every repayment writes a new version of the loan row, and a
 * copy on it entered this trigram index again each time, filling the index's pending list at
 * month-end until every search read it (3.5 times slower, and planned as a scan of every loan).
 * Triggers keep it in the writing transaction: a row when a loan is made, rewritten when the
 * borrower's name, email or phone changes (or the loan's borrower does).
 */
export const loanSearchTexts = pgTable(
  'loan_search_texts',
  {
    loanId: integer()
      .primaryKey()
      .references(() => loans.id, { onDelete: 'cascade' }),
    searchText: text().notNull(),
  },
  (t) => [
    // The borrower's name, email or phone anywhere: LIKE '%term%' reads this index. No pending list:
    // a new loan's text enters it at once (applications.ts, at its search index, says why).
    index('loan_search_texts_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** One weekly installment of a loan's schedule. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer()
      .notNull()
      .references(() => loans.id),
    number: smallint().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    principalDue: bigint({ mode: 'number' }).notNull(),
    interestDue: bigint({ mode: 'number' }).notNull(),
    principalPaid: bigint({ mode: 'number' }).notNull().default(0),
    interestPaid: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('loan_installments_loan_number_key').on(t.loanId, t.number),
    index('loan_installments_due_date_idx').on(t.dueDate),
    // Installments not fully paid, by due date (missed payments, arrears amounts).
    index('loan_installments_unpaid_due_idx')
      .on(t.dueDate, t.loanId)
      .where(sql`${t.principalPaid} < ${t.principalDue} or ${t.interestPaid} < ${t.interestDue}`),
    check(
      'loan_installments_paid_within_due',
      sql`${t.principalPaid} between 0 and ${t.principalDue} and ${t.interestPaid} between 0 and ${t.interestDue}`,
    ),
  ],
);

/** A repayment as allocated to the schedule: its principal and interest split are kept. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer()
      .notNull()
      .references(() => loans.id),
    amount: bigint({ mode: 'number' }).notNull(),
    principal: bigint({ mode: 'number' }).notNull(),
    interest: bigint({ mode: 'number' }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    paymentMode: text().notNull(),
    /** The collection that brought the money; one collection is allocated once. */
    platformTransactionId: integer(),
    remainingBalanceAfter: bigint({ mode: 'number' }).notNull(),
    /** Days the loan was in arrears when the payment arrived (0 = on time). */
    daysLateAtPayment: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ascending: scanned backwards for ORDER BY paid_at DESC, id DESC (see applications.ts).
    index('loan_repayments_loan_idx').on(t.loanId, t.paidAt, t.id),
    index('loan_repayments_paid_at_idx').on(t.paidAt, t.id),
    uniqueIndex('loan_repayments_platform_transaction_key')
      .on(t.platformTransactionId)
      .where(sql`${t.platformTransactionId} is not null`),
    check('loan_repayments_split', sql`${t.amount} > 0 and ${t.principal} + ${t.interest} = ${t.amount}`),
  ],
);

/** Every status a loan has had, with when and why. */
export const loanStatusHistory = pgTable(
  'loan_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer()
      .notNull()
      .references(() => loans.id),
    fromStatus: loanStatus(),
    toStatus: loanStatus().notNull(),
    daysInArrears: integer().notNull().default(0),
    reason: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('loan_status_history_loan_idx').on(t.loanId, t.changedAt)],
);
