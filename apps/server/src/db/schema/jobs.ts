import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job. A replica runs a tick only if it moves `next_run_at` forward in one
 * conditional UPDATE, so each tick runs once across all replicas.
 */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
  lastStartedAt: timestamp({ withTimezone: true }),
  lastFinishedAt: timestamp({ withTimezone: true }),
  lastError: text(),
  runCount: integer().notNull().default(0),
});
