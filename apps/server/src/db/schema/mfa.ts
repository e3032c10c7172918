import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An admin's authenticator (TOTP). The secret is kept encrypted (AES-256-GCM, key derived from the
 * server secret). `enabledAt` is null while a setup awaits its first code. `lastUsedStep` is the
 * 30-second step of the last accepted code, so a code is never accepted twice.
 */
export const mfaSecrets = pgTable('mfa_secrets', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastUsedStep: bigint({ mode: 'number' }).notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored only as SHA-256 hashes; `usedAt` retires a code for good. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Two-factor challenges already used to sign in: one challenge makes one session (single use). */
export const mfaChallengesSpent = pgTable('mfa_challenges_spent', {
  challengeId: text().primaryKey(),
  spentAt: timestamp({ withTimezone: true }).notNull(),
});
