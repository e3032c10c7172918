import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { kampalaDate } from './kampala-date.ts';
import { daysInArrears, type LoanStatus, loanStatusFor, statusChangeReason } from './loan-status.ts';
import { insertStatusHistoryRows, lockLoansDueForStatusCheck, setLoanStatuses } from './loans.repo.ts';

/** Any fixed number; one replica at a time runs a tick. */
export const LOAN_STATUS_JOB_LOCK_KEY = 7_220_419_005;
export const LOAN_STATUS_JOB_INTERVAL_MS = 5 * 60 * 1000;

export interface LoanStatusChange {
  readonly loanId: number;
  readonly from: LoanStatus;
  readonly to: LoanStatus;
}

/**
 * Moves loans between ACTIVE, OVERDUE, DEFAULT and FULLY_PAID by the rules of loan-status.ts, as of
 * the clock's Kampala date, and writes every change to the loan's history. One transaction; only
 * loans whose status may change are read, so a tick over 120,000 loans stays an index range scan.
 */
export async function runLoanStatusTick({ database, clock }: { database: Database; clock: Clock }) {
  return database.withAdvisoryLock(LOAN_STATUS_JOB_LOCK_KEY, () =>
    database.db.transaction(async (tx) => {
      const now = clock.now();
      const today = kampalaDate(now);
      const candidates = await lockLoansDueForStatusCheck(tx, today);
      const changes: (LoanStatusChange & { days: number })[] = [];
      for (const loan of candidates) {
        const days = daysInArrears(loan.oldestUnpaidDueDate, today);
        const to = loanStatusFor(loan.totalPayable - loan.totalPayments, days);
        if (to !== loan.status) changes.push({ loanId: loan.id, from: loan.status, to, days });
      }
      for (const status of ['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID'] as const) {
        const ids = changes.filter((c) => c.to === status).map((c) => c.loanId);
        await setLoanStatuses(tx, ids, status, now);
      }
      await insertStatusHistoryRows(
        tx,
        changes.map((c) => ({
          loanId: c.loanId,
          fromStatus: c.from,
          toStatus: c.to,
          daysInArrears: c.days,
          reason: statusChangeReason(c.to, c.days),
          changedAt: now,
        })),
      );
      return changes.map(({ loanId, from, to }) => ({ loanId, from, to }));
    }),
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
