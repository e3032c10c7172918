import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const contactTopic = pgEnum('contact_topic', [
  'borrowing',
  'lending',
  'repayment',
  'partnership',
  'other',
]);
export const lenderType = pgEnum('lender_type', ['individual', 'company', 'sacco', 'investment_club']);
export const investmentRange = pgEnum('investment_range', ['under_5m', '5m_20m', '20m_100m', 'over_100m']);

/** Messages sent from the public Contact page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    /** Kept as +2567XXXXXXXX (decisions.md, Uganda formats). */
    phoneNumber: text(),
    topic: contactTopic().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** Would-be lenders who filled in the Become a Lender form. */
export const lenderInterest = pgTable(
  'lender_interest',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    phoneNumber: text().notNull(),
    lenderType: lenderType().notNull(),
    organisation: text(),
    investmentRange: investmentRange().notNull(),
    message: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lender_interest_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);
