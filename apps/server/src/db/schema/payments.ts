import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const transactionType = pgEnum('transaction_type', [
  'DISBURSEMENT',
  'WITHDRAWAL',
  'REPAYMENT',
  'DEPOSIT',
]);
export const transactionStatus = pgEnum('transaction_status', [
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
]);
export const transactionDirection = pgEnum('transaction_direction', ['CREDIT', 'DEBIT']);

/**
 * The spec's Platform transaction: one movement of money between a user's phone and the platform,
 * made through a mobile-money provider. Its status only moves forward
 * (PENDING → PROCESSING → COMPLETED | FAILED); the ledger postings record the money itself.
 */
export const platformTransactions = pgTable(
  'platform_transactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Our reference (a UUID), also the provider's X-Reference-Id, so a re-sent request is one payment. */
    referenceId: text().notNull().unique(),
    /** What created it (scope + idempotency key): the same request twice makes one transaction. */
    requestKey: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    type: transactionType().notNull(),
    /** CREDIT or DEBIT as the user sees it: money to them or from them. */
    direction: transactionDirection().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    status: transactionStatus().notNull().default('PENDING'),
    provider: text().notNull(),
    phoneNumber: text().notNull(),
    /** The provider's own id for the payment (MoMo financialTransactionId). */
    providerReference: text(),
    failureReason: text(),
    /**
     * Set when the money arrived but could not be matched to what it was for (docs/money.md,
     * Suspense): it waits in the suspense account until an admin resolves it.
     */
    attentionReason: text(),
    attentionAt: timestamp({ withTimezone: true }),
    loanId: integer(),
    /** A disbursement pays out an application; the loan exists only once the payout succeeded. */
    applicationId: integer(),
    /**
     * The admin who asked for this payment (a disbursement's Disburse); null when the user or a job
     * started it. The loan a payout creates copies it as disbursed_by_id.
     */
    requestedById: integer().references(() => users.id),
    description: text().notNull(),
    category: text().notNull(),
    /** Provider requests sent (a request whose answer was lost is sent again with the same reference). */
    attempts: smallint().notNull().default(0),
    /** When the poller should next ask the provider; null once final. */
    nextPollAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  // Plain ascending indexes: a forward scan serves `asc` and a backward scan serves `desc` (PostgreSQL's
  // `desc` is NULLS FIRST, so an index declared DESC NULLS LAST would serve neither).
  (t) => [
    check('platform_transactions_amount_positive', sql`${t.amount} > 0`),
    index('platform_transactions_created_idx').on(t.createdAt, t.id),
    // Migration 0037 adds INCLUDE (type) and INCLUDE (status), which drizzle cannot declare: a
    // page filtered by both tests the other column in the index (transaction-list.repo.ts).
    index('platform_transactions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('platform_transactions_type_created_idx').on(t.type, t.createdAt, t.id),
    index('platform_transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('platform_transactions_loan_created_idx')
      .on(t.loanId, t.createdAt, t.id)
      .where(sql`${t.loanId} is not null`),
    index('platform_transactions_amount_idx').on(t.amount, t.id),
    // Newest completion first with open payments last, the way the list orders it.
    index('platform_transactions_completed_idx').on(t.completedAt.desc().nullsLast(), t.id.desc()),
    // Search by the start or by the end of a reference (the back-office shows its last 8 characters).
    index('platform_transactions_reference_prefix_idx').on(t.referenceId.op('text_pattern_ops')),
    index('platform_transactions_reference_suffix_idx').on(sql`reverse(${t.referenceId}) text_pattern_ops`),
    index('platform_transactions_provider_reference_idx').on(t.providerReference),
    index('platform_transactions_attention_idx')
      .on(t.attentionAt.desc(), t.id.desc())
      .where(sql`${t.attentionAt} is not null`),
    index('platform_transactions_open_poll_idx')
      .on(t.nextPollAt)
      .where(sql`${t.status} in ('PENDING', 'PROCESSING')`),
    // One live payout per application: two disburse calls can never make two loans.
    uniqueIndex('platform_transactions_live_disbursement_key')
      .on(t.applicationId)
      .where(sql`${t.type} = 'DISBURSEMENT' and ${t.status} <> 'FAILED'`),
  ],
);

/**
 * Count and amount of transactions per (type, status), kept in the same database transaction as every
 * insert and status move, so the back-office summary never counts a million rows.
 */
export const platformTransactionTotals = pgTable(
  'platform_transaction_totals',
  {
    type: transactionType().notNull(),
    status: transactionStatus().notNull(),
    /** Sharded like the counters (counters.ts): reads sum the slots. */
    slot: smallint().notNull().default(0),
    count: bigint({ mode: 'number' }).notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.status, t.slot] })],
);
