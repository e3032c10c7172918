import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const contactTopic = pgEnum('contact_topic', [
  'borrowing',
  'lending',
  'repayment',
  'partnership',
  'other',
]);
export const lenderType = pgEnum('lender_type', ['individual', 'company', 'sacco', 'investment_club']);
/** Where the back-office's Enquiries inbox is with a message or sign-up (issue 18). */
export const enquiryStatus = pgEnum('enquiry_status', ['NEW', 'IN_PROGRESS', 'CLOSED']);
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
    status: enquiryStatus().notNull().default('NEW'),
    /** The admin who looks after it. */
    assigneeId: integer().references(() => users.id),
    /** The staff's notes; never shown to the sender. */
    notes: text(),
    updatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
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
    status: enquiryStatus().notNull().default('NEW'),
    assigneeId: integer().references(() => users.id),
    notes: text(),
    updatedAt: timestamp({ withTimezone: true }),
    /** The lender account the invitation created; null until invited. */
    invitedUserId: integer().references(() => users.id),
    invitedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('lender_interest_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('lender_interest_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
