import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    role: userRole().notNull().default('borrower'),
    status: userStatus().notNull().default('Active'),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the account is closed: sign-in stops, the user leaves lists; their records stay. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_open_key').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_username_key').on(t.username),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
