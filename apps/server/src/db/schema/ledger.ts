import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { platformTransactions } from './payments.ts';
import { users } from './users.ts';

export const ledgerAccountKind = pgEnum('ledger_account_kind', ['asset', 'liability', 'equity', 'income']);

/**
 * An account of the double-entry ledger. `balance` is the running sum of its entries (debits positive,
 * credits negative), updated in the same transaction as the entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** PLATFORM_WALLET, PLATFORM_CAPITAL, LOANS_RECEIVABLE, INTEREST_INCOME, PROVIDER_CLEARING:mtn, USER_WALLET:42 */
    code: text().notNull().unique(),
    name: text().notNull(),
    kind: ledgerAccountKind().notNull(),
    userId: integer()
      .unique()
      .references(() => users.id),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A user's wallet is money the platform owes them: it can never be overdrawn (credit balance ≥ 0).
  (t) => [
    check('ledger_accounts_user_wallet_not_overdrawn', sql`${t.userId} is null or ${t.balance} <= 0`),
    // The float is real money at the provider: the ledger may never say there is less than none.
    check(
      'ledger_accounts_platform_wallet_not_negative',
      sql`${t.code} <> 'PLATFORM_WALLET' or ${t.balance} >= 0`,
    ),
    // What a lender has reserved or lent out is owed to it: never below nothing (decisions.md).
    check(
      'ledger_accounts_lender_accounts_not_overdrawn',
      sql`${t.code} not like 'LENDER\_%' or ${t.balance} <= 0`,
    ),
  ],
);

/** One balanced journal entry. Append-only: a correction is a new posting that reverses this one. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The same key twice posts once. */
    idempotencyKey: text().notNull().unique(),
    kind: text().notNull(),
    memo: text().notNull(),
    platformTransactionId: integer().references(() => platformTransactions.id),
    /** A posting is reversed at most once. */
    reversesPostingId: bigint({ mode: 'number' })
      .unique()
      .references((): AnyPgColumn => ledgerPostings.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_postings_transaction_idx').on(t.platformTransactionId),
    index('ledger_postings_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * A line of a posting. Its posting and account are checked to exist, and every posting an insert
 * touches to balance, once per statement by the trigger of migration 0038 rather than by foreign
 * keys and a check per row (issue 20: those cost 14 µs of a settlement's every line); postings and
 * accounts are never deleted, so what was checked stays true.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    postingId: bigint({ mode: 'number' }).notNull(),
    accountId: integer().notNull(),
    /** Whole UGX; debit positive, credit negative. */
    amount: bigint({ mode: 'number' }).notNull(),
    /** The posting's time, copied so an account's history reads by one index. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    // Keyed by posting first: a posting's lines are read together and written together, so one
    // index serves both where a key on the id and an index on the posting were two to update for
    // every line (migration 0047; docs/scale.md).
    primaryKey({ name: 'ledger_entries_pkey', columns: [t.postingId, t.id] }),
    index('ledger_entries_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * Gross amount posted per posting kind and Africa/Kampala day, kept in the same transaction as the
 * postings: financial statistics read a few hundred of these rows instead of millions of entries.
 * A reversal subtracts from the kind it reverses, on the day it happens.
 */
export const ledgerDailyTotals = pgTable(
  'ledger_daily_totals',
  {
    kind: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** Sharded like the counters (counters.ts): reads sum the slots. */
    slot: smallint().notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    postings: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.slot] })],
);

/**
 * A lender's cash flows per Africa/Kampala day, kept by a statement trigger on the ledger's lines
 * (migration 0052): on its invested account, what payouts lent out and their reversals gave back
 * (every posting but a repayment's share); on its wallet, what repayments' shares paid in. A
 * lender's return reads a row a day instead of every line of its history (docs/marketplace.md,
 * "A lender's return"). The trigger writes a row only while the transaction holds its account's
 * row (every posting locks its accounts), so it adds no lock of its own.
 */
export const lenderCashFlowDays = pgTable(
  'lender_cash_flow_days',
  {
    accountId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** Σ of the day's lines: debit positive, credit negative, as on the ledger. */
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * A lender's cash flows of whole months gone by, a row per account and month holding the month's days
 * (migration 0057): the days of `lender_cash_flow_days` before `lender_cash_flow_compaction.before`,
 * copied once by a daily job. The day rows are written a day at a time for every lender, so one
 * lender's 800 days sat on 700 pages; its months are a few dozen rows side by side. The day rows stay
 * (they are what the trigger writes and what a recount rebuilds the months from).
 */
export const lenderCashFlowMonths = pgTable(
  'lender_cash_flow_months',
  {
    accountId: integer().notNull(),
    /** The month's first day. */
    month: date({ mode: 'string' }).notNull(),
    /** The days of the month with a cash flow, in order, and each one's Σ (as in the day rows). */
    days: date({ mode: 'string' }).array().notNull(),
    amounts: bigint({ mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.month] }),
    check('lender_cash_flow_months_days', sql`cardinality(${t.days}) = cardinality(${t.amounts})`),
  ],
);

/** Where the months end and the day rows take over: one row. */
export const lenderCashFlowCompaction = pgTable(
  'lender_cash_flow_compaction',
  {
    onlyRow: boolean().primaryKey().default(true),
    /** The first day not in the months: a month's first day, or -infinity before the first run. */
    before: date({ mode: 'string' }).notNull(),
  },
  (t) => [check('lender_cash_flow_compaction_one_row', sql`${t.onlyRow}`)],
);

/** All-time gross posted per posting kind, kept with the daily totals (financial statistics' totals). */
export const ledgerKindTotals = pgTable(
  'ledger_kind_totals',
  {
    kind: text().notNull(),
    slot: smallint().notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    postings: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slot] })],
);
