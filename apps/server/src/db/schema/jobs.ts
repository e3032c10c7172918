import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A periodic job's ticks: the process that inserts (job, slot) first runs that tick, every other
 * process skips it, so a tick runs once however many replicas there are.
 */
export const jobTicks = pgTable(
  'job_ticks',
  {
    job: text().notNull(),
    slot: bigint({ mode: 'number' }).notNull(),
    claimedBy: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);
