import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Refresh tokens are opaque and stored as SHA-256 hashes. Each use rotates the token within its
 * family; presenting a rotated token again means it leaked, and the whole family is revoked, except
 * for a retry whose answer was lost (docs/app.md, "A refresh whose answer was lost").
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * Issued, never used, and replaced by a retry of the token before it: the answer that carried it
     * was lost. Set with rotatedAt, so presenting it later still revokes the family.
     */
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Failed sign-ins per email and client address in a sliding window, shared by every replica through
 * the database (two-factor codes use the key `mfa:<user id>` and no address).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    emailKey: text().notNull(),
    /** The client address the attempt came from (`request.ip`, after TRUST_PROXY). */
    address: text(),
    failedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.emailKey, t.failedAt)],
);
