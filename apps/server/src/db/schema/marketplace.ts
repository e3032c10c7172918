import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { loanStatus, loans } from './loans.ts';
import { users } from './users.ts';

/** decisions.md, The marketplace: OPEN → OFFERED → FUNDED → DISBURSED, or OPEN/OFFERED → EXPIRED. */
export const listingStatus = pgEnum('listing_status', ['OPEN', 'OFFERED', 'FUNDED', 'DISBURSED', 'EXPIRED']);
export const bidStatus = pgEnum('bid_status', ['LIVE', 'WITHDRAWN', 'REPLACED', 'RELEASED', 'ACCEPTED']);
export const offerStatus = pgEnum('offer_status', ['OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED']);
export const offerKind = pgEnum('offer_kind', ['full', 'lower-rate', 'partial']);
export const lenderKind = pgEnum('lender_kind', ['individual', 'institution']);

/**
 * An APPROVED application on the marketplace. One row per application: relisting an EXPIRED one
 * opens it again with a new window and the next round.
 */
export const listings = pgTable(
  'listings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    status: listingStatus().notNull().default('OPEN'),
    amount: bigint({ mode: 'number' }).notNull(),
    /** The loan type's rate when listed: the most a bid may ask, basis points of % per month. */
    maxRateBp: integer().notNull(),
    riskGrade: text().notNull(),
    round: smallint().notNull().default(1),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    /** When bidding closed (window end or the borrower asking for offers early). */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('listings_application_key').on(t.applicationId),
    // The marketplace lists, soonest closing first, by status or all (marketplace.repo.ts): each page
    // walks one of these two from its start (issue 20: 0–100 req/s at scale 100 when it sorted).
    index('listings_status_closes_idx').on(t.status, t.closesAt, t.id),
    index('listings_closes_idx').on(t.closesAt, t.id),
    // A lender's "open listings of grade B": without it the page and its count read every open
    // listing to find the grade (p99 167 ms at scale 1000, where grade B is rare).
    index('listings_status_grade_closes_idx').on(t.status, t.riskGrade, t.closesAt, t.id),
    check('listings_amount_positive', sql`${t.amount} > 0`),
    check('listings_risk_grade', sql`${t.riskGrade} in ('A', 'B', 'C', 'D', 'E')`),
  ],
);

/** A lender's offer to fund part of a listing; its amount is reserved in the ledger while LIVE. */
export const bids = pgTable(
  'bids',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id),
    lenderId: integer()
      .notNull()
      .references(() => users.id),
    round: smallint().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    rateBp: integer().notNull(),
    status: bidStatus().notNull().default('LIVE'),
    /** Placed by the lender's auto-invest rule rather than by hand. */
    automatic: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // One live bid per lender per listing: a second one replaces the first.
    uniqueIndex('bids_one_live_per_lender').on(t.listingId, t.lenderId).where(sql`${t.status} = 'LIVE'`),
    index('bids_lender_idx').on(t.lenderId, t.createdAt),
    index('bids_listing_idx').on(t.listingId, t.status),
    check('bids_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** What the auction made of a listing's bids (at most two per round); the borrower picks one. */
export const offers = pgTable(
  'offers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer()
      .notNull()
      .references(() => listings.id),
    round: smallint().notNull(),
    kind: offerKind().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    rateBp: integer().notNull(),
    termWeeks: smallint().notNull(),
    weeklyRepayment: bigint({ mode: 'number' }).notNull(),
    totalInterest: bigint({ mode: 'number' }).notNull(),
    totalPayable: bigint({ mode: 'number' }).notNull(),
    lenders: smallint().notNull(),
    status: offerStatus().notNull().default('OPEN'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('offers_listing_idx').on(t.listingId, t.round),
    index('offers_open_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'OPEN'`),
  ],
);

/** Which bids fund an offer, and how much of each (the marginal bid may be filled in part). */
export const offerFills = pgTable(
  'offer_fills',
  {
    offerId: integer()
      .notNull()
      .references(() => offers.id),
    bidId: integer()
      .notNull()
      .references(() => bids.id),
    lenderId: integer()
      .notNull()
      .references(() => users.id),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.bidId] }),
    check('offer_fills_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A lender's share of a loan (lender null: the platform funded it itself). The ledger proves it: a
 * lender's principal outstanding over all participations equals its LENDER_INVESTED account.
 */
export const participations = pgTable(
  'participations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    loanId: integer()
      .notNull()
      .references(() => loans.id),
    lenderId: integer().references(() => users.id),
    /** The bid it came from (null for the platform's own share). */
    bidId: integer().references(() => bids.id),
    rateBp: integer().notNull(),
    principalShare: bigint({ mode: 'number' }).notNull(),
    principalRepaid: bigint({ mode: 'number' }).notNull().default(0),
    interestPaid: bigint({ mode: 'number' }).notNull().default(0),
    feesPaid: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Its loan's status again, so that a lender's portfolio counts and sums its shares by status, and
     * its OVERDUE page walks an index, without a loan lookup per share (migration 0054, docs/scale.md
     * "A share knows its loan's status"). Triggers keep it in the writing transaction: set on insert
     * from the loan, rewritten when the loan's status moves; whatever an insert gives is replaced.
     */
    loanStatus: loanStatus()
      .notNull()
      .$defaultFn(() => 'ACTIVE'),
  },
  (t) => [
    unique('participations_loan_lender_key').on(t.loanId, t.lenderId).nullsNotDistinct(),
    // A lender's participations, newest first (portfolio.repo.ts): its page walks this index.
    index('participations_lender_idx').on(t.lenderId, t.createdAt, t.id),
    // The same by its loan's status: the page of one status, its count, and the portfolio's sums.
    index('participations_lender_status_idx').on(t.lenderId, t.loanStatus, t.createdAt, t.id),
    check('participations_share_positive', sql`${t.principalShare} > 0`),
    check(
      'participations_repaid_within_share',
      sql`${t.principalRepaid} >= 0 and ${t.principalRepaid} <= ${t.principalShare}`,
    ),
    check('participations_paid_not_negative', sql`${t.interestPaid} >= 0 and ${t.feesPaid} >= 0`),
  ],
);

/** What a lender must have before it may bid (decisions.md: KYC, terms, an admin's verification). */
export const lenderProfiles = pgTable('lender_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  kind: lenderKind().notNull().default('individual'),
  registrationNumber: text(),
  contactPerson: text(),
  termsVersion: text(),
  termsAcceptedAt: timestamp({ withTimezone: true }),
  verifiedAt: timestamp({ withTimezone: true }),
  verifiedById: integer().references(() => users.id),
  verificationNote: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** A lender's standing rule for bidding automatically. */
export const autoInvestRules = pgTable('auto_invest_rules', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  enabled: boolean().notNull().default(false),
  riskGrades: text().array().notNull(),
  loanTypeIds: integer().array().notNull(),
  maxTermMonths: smallint().notNull(),
  minRateBp: integer().notNull(),
  amountPerLoan: bigint({ mode: 'number' }).notNull(),
  maxSharePercent: smallint().notNull().default(25),
  keepCash: bigint({ mode: 'number' }).notNull().default(0),
  /** When this lender's rule last placed a bid: the queue serves the longest-waiting first. */
  lastFilledAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
