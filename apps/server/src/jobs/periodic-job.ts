import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobTicks } from '../db/schema/index.ts';

export interface PeriodicJobOptions {
  readonly database: Database;
  readonly name: string;
  readonly intervalMs: number;
  readonly run: () => Promise<void>;
  readonly onError: (error: unknown) => void;
}

export interface PeriodicJob {
  /** Runs this tick if no process has claimed it yet; answers whether it ran here. */
  tick(): Promise<boolean>;
  stop(): Promise<void>;
}

const PROCESS_ID = randomUUID();

function lockKey(name: string): number {
  // A stable 48-bit number per job name, well inside PostgreSQL's bigint advisory-lock space.
  return Number.parseInt(createHash('sha256').update(`job:${name}`).digest('hex').slice(0, 12), 16);
}

/**
 * Runs `run` once per interval across every process sharing the database: each tick is a row
 * (job, slot) that only one process can insert, and runs never overlap (an advisory lock).
 * Starts with a tick right away.
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { database, name, intervalMs } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  let isStopped = false;

  async function claim(slot: number): Promise<boolean> {
    const claimed = await database.db
      .insert(jobTicks)
      .values({ job: name, slot, claimedBy: PROCESS_ID, claimedAt: new Date() })
      .onConflictDoNothing()
      .returning({ slot: jobTicks.slot });
    if (claimed.length > 0 && slot % 100 === 0) {
      await database.db.delete(jobTicks).where(and(eq(jobTicks.job, name), lt(jobTicks.slot, slot - 1000)));
    }
    return claimed.length > 0;
  }

  async function tick(): Promise<boolean> {
    const slot = Math.floor(Date.now() / intervalMs);
    if (!(await claim(slot))) return false;
    await database.withAdvisoryLock(lockKey(name), options.run);
    return true;
  }

  function schedule(): void {
    if (isStopped) return;
    timer = setTimeout(
      () => {
        running = tick().catch((error: unknown) => {
          options.onError(error);
          return false;
        });
        void running.finally(() => {
          running = null;
          schedule();
        });
      },
      intervalMs - (Date.now() % intervalMs),
    );
    timer.unref();
  }

  running = tick()
    .catch((error: unknown) => {
      options.onError(error);
      return false;
    })
    .finally(() => {
      running = null;
      schedule();
    });

  return {
    tick,
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
