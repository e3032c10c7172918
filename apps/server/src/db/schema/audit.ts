import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who changed what, when: one append-only row per change an admin (or a user acting on their own
 * account) makes. `before` and `after` hold only the fields the change touched; never secrets.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null only for changes made by the system itself. */
    actorId: integer().references(() => users.id),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    // The audit log screen: newest first, alone or by action (docs/back-office.md, Audit log).
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_action_created_idx').on(t.action, t.createdAt, t.id),
  ],
);
