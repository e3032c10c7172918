import { integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export interface StoredRefusal {
  readonly kind: string;
  readonly code: string;
  readonly message: string;
  readonly details?: Record<string, string[]> | undefined;
}

export const idempotencyState = pgEnum('idempotency_state', ['in_progress', 'done']);

/**
 * One row per Idempotency-Key of a request that moves money: a repeat answers the stored result, a
 * repeat while the first still runs answers 409. Keys are per user, so two users' keys never collide.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scope: text().notNull(),
    key: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    requestHash: text().notNull(),
    state: idempotencyState().notNull().default('in_progress'),
    /** What the first request answered, when it succeeded. */
    responseBody: jsonb(),
    /** Why the first request was refused (a DomainError's kind, code, message, details), when it was. */
    refusal: jsonb().$type<StoredRefusal>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_user_key').on(t.scope, t.userId, t.key)],
);
