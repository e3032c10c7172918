import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

export async function ensureJobRow(db: DbOrTx, name: string, firstRunAt: Date): Promise<void> {
  await db.insert(jobRuns).values({ name, nextRunAt: firstRunAt }).onConflictDoNothing();
}

/** Claims the due tick: true for exactly one caller per due time, across every process. */
export async function claimDueTick(
  db: DbOrTx,
  name: string,
  now: Date,
  intervalMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(jobRuns)
    .set({
      nextRunAt: new Date(now.getTime() + intervalMs),
      lastStartedAt: now,
      runCount: sql`${jobRuns.runCount} + 1`,
    })
    .where(and(eq(jobRuns.name, name), lte(jobRuns.nextRunAt, now)))
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

export async function recordTickEnd(
  db: DbOrTx,
  name: string,
  finishedAt: Date,
  error: string | null,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ lastFinishedAt: finishedAt, lastError: error })
    .where(eq(jobRuns.name, name));
}

export async function findJobRun(db: DbOrTx, name: string) {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return row;
}
