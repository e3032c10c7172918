import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['admin', 'borrower', 'lender']);
export const userStatus = pgEnum('user_status', ['Active', 'Inactive']);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** Stored lower-cased; unique among open accounts. */
    email: text().notNull(),
    username: text().notNull(),
    /** Kept as +2567XXXXXXXX (decisions.md, Uganda formats). */
    phoneNumber: text(),
    /**
     * When the number was confirmed: by the SMS code for a self-registered account, at creation for
     * one an admin made (staff took the number). Null while unconfirmed or absent (docs/accounts.md).
     */
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    /** Signed up in the app: must confirm the phone before applying or bidding. */
    selfRegistered: boolean().notNull().default(false),
    /** Open applications the borrower may have at once: 1 unless an admin allowed more (docs/lending.md). */
    maxOpenApplications: smallint().notNull().default(1),
    role: userRole().notNull().default('borrower'),
    status: userStatus().notNull().default('Active'),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the account is closed: sign-in stops, the user leaves lists; their records stay. */
    deletedAt: timestamp({ withTimezone: true }),
    /** Access tokens issued before this moment are refused (sign-out everywhere, password reset). */
    sessionsRevokedAt: timestamp({ withTimezone: true }),
    /** Touched when one of the user's sessions is signed out, so every replica's guard reloads them. */
    sessionsChangedAt: timestamp({ withTimezone: true }),
    /**
     * What the admin's user search reads: name, email and phone lower-cased in one string, fields
     * split by the unit separator (chr 31) so a match never spans two fields. A trigram index
     * serves LIKE '%term%' on it (migration 0012; docs/users.md).
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(name || chr(31) || email || chr(31) || coalesce(phone_number, ''))`),
  },
  (t) => [
    uniqueIndex('users_email_open_key').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_username_key').on(t.username),
    // Ascending on purpose: scanned backwards they serve ORDER BY created_at DESC, id DESC (NULLS
    // FIRST, PostgreSQL's default), which a DESC NULLS LAST index (drizzle's .desc()) cannot.
    index('users_created_at_idx').on(t.createdAt, t.id),
    // The admin list and stats only ever read open accounts, often filtered by status, newest first.
    index('users_open_status_created_idx').on(t.status, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    // The back-office's lenders list (lenders.repo.ts): counted and sorted among the lenders alone,
    // not among every user.
    index('users_open_lenders_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.role} = 'lender' and ${t.deletedAt} is null`),
    // A phone number typed from its start, counted from the index alone (user-list.repo.ts).
    index('users_open_phone_idx')
      .on(t.phoneNumber.op('text_pattern_ops'), t.status)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const kycGender = pgEnum('kyc_gender', ['Male', 'Female']);

/** Know-your-customer details, one row per user at most; any field may still be missing. */
export const userKyc = pgTable(
  'user_kyc',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id),
    /** The user must be 18 or older (privacy policy minimum age). */
    dateOfBirth: date({ mode: 'string' }),
    gender: kycGender(),
    address: text(),
    /** Uganda NIN, upper-case: ^C[MF][0-9A-Z]{12}$ (decisions.md, Uganda formats). */
    nationalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The same NIN on another account (a flag on an application's page).
  (t) => [index('user_kyc_national_id_idx').on(t.nationalId)],
);

/**
 * One-time password reset links an admin hands to a user. Only the SHA-256 of the token is kept;
 * a link works once, for 24 hours, and issuing a new one retires the older ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique(),
    createdById: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Set when a newer link replaces this one, or the account closes. */
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** The code that confirms a self-registered user's phone; one waiting code per user at most. */
export const phoneCodes = pgTable('phone_codes', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  phoneNumber: text().notNull(),
  /** sha256 of the user id and the code: a database leak does not give the codes away. */
  codeHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  triesLeft: smallint().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  /** Codes sent since `windowStartedAt` (at most five an hour). */
  sendsInWindow: smallint().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A second mobile-money number a user added (docs/money.md, "Whose numbers"): at most one per user,
 * confirmed by a code sent to it by SMS (the same rules as the phone on file). Collections from it
 * may start once it is confirmed; payouts to it wait 24 hours after that. Removing it deletes the
 * row (the payments made with it keep the number they used).
 */
export const paymentNumbers = pgTable('payment_numbers', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  /** +2567XXXXXXXX. */
  phoneNumber: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /** sha256 of the user id, the number and the code; null once confirmed. */
  codeHash: text(),
  codeExpiresAt: timestamp({ withTimezone: true }),
  triesLeft: smallint().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  sendsInWindow: smallint().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** What the local SMS simulator was asked to send (the provider while no real one is configured). */
export const simulatedSms = pgTable(
  'simulated_sms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    toNumber: text().notNull(),
    body: text().notNull(),
    /** The outbox message's key: the same key sends (records) once, as a real provider would. */
    idempotencyKey: text().unique(),
    /** Delivered, or failed on demand (a test's, or an admin's through the simulator). */
    status: text().notNull().default('Success'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('simulated_sms_to_idx').on(t.toNumber, t.id)],
);
