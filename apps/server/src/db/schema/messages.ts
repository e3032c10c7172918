import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The outbox: one row per message to one person on one channel, written in the same transaction as
 * the event that causes it. The delivery job sends it later, outside any transaction, and records
 * the outcome here before the next try (docs/notifications.md).
 */
export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id),
    /** sms | email | inbox */
    channel: text().notNull(),
    /** The template's name: application.approved, payment.received … */
    template: text().notNull(),
    /** security | payment | service | marketing | digest: what a user may turn off and what quiet hours hold. */
    category: text().notNull(),
    /** A phone number (+2567…) or an e-mail address; null for the in-app inbox. */
    recipient: text(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    /** queued → sending → sent → delivered, or failed; inbox messages are delivered at once. */
    status: text().notNull().default('queued'),
    /** Not sent before this (quiet hours: 07:00 Kampala), and when a failed try may be retried. */
    notBefore: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    provider: text(),
    providerMessageId: text(),
    lastError: text(),
    /** An event that must message once (a reminder per installment) names itself here. */
    dedupeKey: text(),
    data: jsonb().$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_due_idx').on(t.notBefore, t.id).where(sql`${t.status} in ('queued', 'sending')`),
    index('messages_user_idx').on(t.userId, t.id),
    uniqueIndex('messages_provider_id_idx').on(t.provider, t.providerMessageId),
    uniqueIndex('messages_dedupe_idx').on(t.dedupeKey, t.channel),
  ],
);

/** What a user turned off; no row: everything on. Security and payment messages cannot be turned off. */
export const messagePreferences = pgTable('message_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  marketing: boolean().notNull().default(true),
  digests: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
