import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { type LoanStatusChange, updateLoanStatuses } from './loan-status-update.ts';

/** Any fixed number; one replica at a time runs a tick. */
export const LOAN_STATUS_JOB_LOCK_KEY = 7_220_419_005;
export const LOAN_STATUS_JOB_INTERVAL_MS = 5 * 60 * 1000;

/**
 * One tick: moves loans between ACTIVE, OVERDUE, DEFAULT and FULLY_PAID by the rules of
 * loan-status.ts as of the clock's Kampala date (loan-status-update.ts), in one transaction, under
 * an advisory lock so replicas take turns; a second replica's tick then finds nothing to change.
 */
export async function runLoanStatusTick({
  database,
  clock,
}: {
  database: Database;
  clock: Clock;
}): Promise<LoanStatusChange[]> {
  return database.withAdvisoryLock(LOAN_STATUS_JOB_LOCK_KEY, () =>
    database.db.transaction((tx) => updateLoanStatuses(tx, clock.now())),
  );
}

export interface JobLogger {
  info(payload: object, message: string): void;
  error(payload: object, message: string): void;
}

/**
 * Runs a tick now and then every interval. stop() clears the timer and waits for a running tick, so
 * shutdown can close the database after it.
 */
export function startLoanStatusJob({
  database,
  clock,
  log,
  intervalMs = LOAN_STATUS_JOB_INTERVAL_MS,
}: {
  database: Database;
  clock: Clock;
  log: JobLogger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      try {
        const changes = await runLoanStatusTick({ database, clock });
        if (changes.length > 0) log.info({ changes: changes.length }, 'loan statuses updated');
      } catch (error) {
        log.error({ err: error }, 'loan status job failed; it runs again at the next tick');
      }
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
