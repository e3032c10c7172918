import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanTypes } from './loan-types.ts';
import { users } from './users.ts';

export const applicationStatus = pgEnum('application_status', ['PENDING', 'APPROVED', 'REJECTED']);
export const documentType = pgEnum('document_type', [
  'NATIONAL_ID',
  'TRADE_LICENSE',
  'INCORPORATION',
  'URA_REGISTRATION',
  'CASH_FLOW',
  'BANK_STATEMENTS',
]);

/** A borrower's request for a loan; an admin approves or rejects it, and approved ones are disbursed. */
export const applications = pgTable(
  'applications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    loanTypeId: integer()
      .notNull()
      .references(() => loanTypes.id),
    businessName: text().notNull(),
    businessLocation: text().notNull(),
    businessType: text(),
    status: applicationStatus().notNull().default('PENDING'),
    amountRequested: bigint({ mode: 'number' }).notNull(),
    /** Months, as the borrower asked; the loan counts weeks. */
    loanTermMonths: smallint().notNull(),
    loanPurpose: text().notNull(),
    monthlyIncome: bigint({ mode: 'number' }).notNull(),
    nin: text().notNull(),
    adminNotes: text(),
    /** The admin chose to show the note of a rejection to the applicant (docs/lending.md). */
    notesShared: boolean().notNull().default(false),
    decidedById: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    /**
     * The loan made from this application. loans.application_id (unique, foreign key) is the
     * authoritative link; both are written in the disbursing transaction.
     */
    approvedLoanId: integer(),
    creditScore: smallint(),
    creditReasons: jsonb().$type<string[]>(),
    creditCheckedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * What the worklist's search reads besides the applicant's name (users.search_text): business
     * name and NIN lower-cased, split by the unit separator (chr 31) so a match never spans both.
     */
    searchText: text().notNull().generatedAlwaysAs(sql`lower(business_name || chr(31) || nin)`),
    /**
     * The applicant's users.search_text (name, email, phone), copied so that a common name's page
     * walks the ordering's index testing search_text and this copy in the row it reads anyway
     * (docs/scale.md). Triggers keep it (migration 0035), as loans.borrower_search_text; an
     * insert's value is replaced. No index holds it: the trigram index is on
     * application_search_texts (migration 0042).
     */
    borrowerSearchText: text()
      .notNull()
      .$defaultFn(() => ''),
  },
  (t) => [
    // Ascending on purpose: scanned backwards they serve ORDER BY … DESC (NULLS FIRST, PostgreSQL's
    // default), which a DESC NULLS LAST index (drizzle's .desc()) cannot.
    index('applications_created_at_idx').on(t.createdAt, t.id),
    index('applications_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('applications_user_idx').on(t.userId),
    // One per sort the worklist offers (docs/back-office.md); each ends in id, the tie-breaker.
    index('applications_amount_idx').on(t.amountRequested, t.id),
    index('applications_business_name_idx').on(t.businessName, t.id),
    index('applications_term_idx').on(t.loanTermMonths, t.id),
    index('applications_status_id_idx').on(t.status, t.id),
    // Unscored applications go last both ways, so each direction needs its own NULLS LAST index.
    index('applications_score_asc_idx').on(t.creditScore.asc().nullsLast(), t.id.asc()),
    index('applications_score_desc_idx').on(t.creditScore.desc().nullsLast(), t.id.desc()),
    // Approved and still waiting for the payout: the disbursement worklist.
    index('applications_awaiting_payout_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'APPROVED' and ${t.approvedLoanId} is null`),
    // The same NIN on another account (a flag on the application's page).
    index('applications_nin_idx').on(t.nin),
    index('applications_loan_type_idx').on(t.loanTypeId),
    uniqueIndex('applications_approved_loan_key')
      .on(t.approvedLoanId)
      .where(sql`${t.approvedLoanId} is not null`),
  ],
);

/**
 * Each application's search text: business name and NIN (search_text), then the applicant's name,
 * email and phone (borrower_search_text), split by chr(31) so that a match never spans two. A
 * narrow table of its own for the trigram index (migration 0042): a search's count rechecks up to
 * 1,001 matches, and reading them from the wide application rows cost a quarter more. Triggers keep
 * it in the writing transaction, from the application's own columns.
 */
export const applicationSearchTexts = pgTable(
  'application_search_texts',
  {
    applicationId: integer()
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    searchText: text().notNull(),
  },
  (t) => [
    // The worklist's search: LIKE '%term%' reads this index (application-worklist.repo.ts). No
    // pending list (migration 0040): each write enters the index at once, and no search reads the
    // writes that piled up since the last vacuum.
    index('application_search_texts_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** A file a borrower uploaded for an application; the bytes live in document storage under `storageKey`. */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    documentType: documentType().notNull(),
    storageKey: text().notNull().unique(),
    /** The name the borrower's device gave the file (sanitised); never used to judge the type. */
    fileName: text().notNull(),
    /** Detected from the content: application/pdf, image/jpeg, image/png or image/webp. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_documents_application_idx').on(t.applicationId, t.uploadedAt)],
);
