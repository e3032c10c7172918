import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { applicationStatus } from './applications.ts';
import { loanStatus } from './loans.ts';
import { bidStatus, listingStatus, offerStatus } from './marketplace.ts';
import { userStatus } from './users.ts';

/*
 * Running counts and totals the admin statistics and list pagers read instead of counting whole
 * tables (docs/scale.md). Kept by statement-level triggers in the same transaction as every change
 * to the counted rows (migration 0010), whatever code makes it; `recount_counters()` rebuilds them.
 *
 * The families a repayment settlement writes are sharded (ADR 012, migration 0033): a row per key
 * and **slot**, the writer's slot being `counter_slot()` (its backend's pid mod 64), so concurrent
 * settlements add to different rows instead of queueing on one. Every read sums the slots; a
 * recount leaves one row per key in slot 0.
 */

/** The slot column of a sharded counter: which backend's share of the total the row holds. */
const slot = () => smallint().notNull().default(0);

/** Open accounts (not closed) per status. */
export const userStatusCounts = pgTable('user_status_counts', {
  status: userStatus().primaryKey(),
  openCount: bigint({ mode: 'number' }).notNull().default(0),
});

export const applicationStatusCounts = pgTable('application_status_counts', {
  status: applicationStatus().primaryKey(),
  count: bigint({ mode: 'number' }).notNull().default(0),
});

/** Per loan status: how many, principal lent, payable, paid and how many repayments. */
export const loanStatusTotals = pgTable(
  'loan_status_totals',
  {
    status: loanStatus().notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    totalPayable: bigint({ mode: 'number' }).notNull().default(0),
    totalPayments: bigint({ mode: 'number' }).notNull().default(0),
    repaymentCount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/** Repayments per Kampala day of payment, on time (no arrears at payment) and late. */
export const repaymentDailyCounts = pgTable(
  'repayment_daily_counts',
  {
    day: date({ mode: 'string' }).notNull(),
    slot: slot(),
    onTime: bigint({ mode: 'number' }).notNull().default(0),
    late: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/** Installments not yet fully paid, per due date: the repayment statistics' missed payments. */
export const unpaidInstallmentCounts = pgTable(
  'unpaid_installment_counts',
  {
    dueDate: date({ mode: 'string' }).notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dueDate, t.slot] })],
);

/**
 * Loans still owed, per the due date of their oldest unpaid installment: the overdue payments list
 * counts the loans in arrears from these rows (one per day) instead of from every such loan.
 */
export const arrearsCounts = pgTable(
  'arrears_counts',
  {
    oldestUnpaidDueDate: date({ mode: 'string' }).notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.oldestUnpaidDueDate, t.slot] })],
);

/**
 * The back-office lists whose search counts can be settled by a common word: the open accounts
 * (users.search_text), the applications (application_search_texts) and the loans
 * (loan_search_texts).
 */
export const SEARCH_WORD_LISTS = ['users', 'applications', 'loans'] as const;
export type SearchWordList = (typeof SEARCH_WORD_LISTS)[number];

/**
 * For each list, how many rows' search texts hold each word (two or more of the letters a to z
 * between characters that are neither letters nor digits), kept by statement-level triggers
 * (migration 0045). A row whose text holds a word holding a
 * search term matches the term, so a word's holders are a lower bound of any term inside it: a
 * common surname's search is known to pass the count's cap from this table, without the trigram
 * bitmap, which grows with the table (docs/scale.md, "A common word settles a count").
 */
export const searchWordCounts = pgTable(
  'search_word_counts',
  {
    list: text().$type<SearchWordList>().notNull(),
    word: text().notNull(),
    holders: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.list, t.word] }),
    check(
      'search_word_counts_list',
      sql`${t.list} in (${sql.raw(SEARCH_WORD_LISTS.map((list) => `'${list}'`).join(', '))})`,
    ),
    // The counts read only the common words: a range of holders, its words tested in the index.
    index('search_word_counts_common_idx').on(t.list, t.holders, t.word),
  ],
);

/*
 * The marketplace's running totals (migration 0050), for its pagers and its statistics: kept by
 * triggers like the others, sharded by slot (bids and offers are written by many lenders at once).
 */

/** Listings per status. */
export const listingStatusCounts = pgTable(
  'listing_status_counts',
  {
    status: listingStatus().notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/** Bids per status: how many, and their amounts. */
export const bidStatusTotals = pgTable(
  'bid_status_totals',
  {
    status: bidStatus().notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/** Per lender, its bids that are live or accepted: a lender with any is an active lender. */
export const lenderActiveBids = pgTable('lender_active_bids', {
  lenderId: integer().primaryKey(),
  count: bigint({ mode: 'number' }).notNull().default(0),
});

/** Offers per status: how many, their amounts, and Σ rate × amount (basis points × UGX). */
export const offerStatusTotals = pgTable(
  'offer_status_totals',
  {
    status: offerStatus().notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
    amount: bigint({ mode: 'number' }).notNull().default(0),
    rateAmount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/** Principal lenders put into loans per Kampala day of their participations (the platform's excluded). */
export const lentDailyTotals = pgTable(
  'lent_daily_totals',
  {
    day: date().notNull(),
    slot: slot(),
    amount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/**
 * Audit log rows per action (the audit log screen's count, alone or by action): a year of sign-ins
 * and decisions is millions of rows, which `count(*)` would read on every page.
 */
export const auditActionCounts = pgTable(
  'audit_action_counts',
  {
    action: text().notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.action, t.slot] })],
);

/**
 * Open lender accounts, verified or not (a lender without a profile is not): the back-office
 * lenders list's count, whole or by verification. At scale 1000 counting the 30,107 lenders cost
 * 5.5 ms a page and the unverified among them 20 ms (migration 0055).
 */
export const lenderCounts = pgTable(
  'lender_counts',
  {
    verified: boolean().notNull(),
    slot: slot(),
    count: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.verified, t.slot] })],
);
