import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { type LoanStatusChange, updateLoanStatuses } from './loan-status-update.ts';

/** Any fixed number; one replica at a time runs a tick. */
export const LOAN_STATUS_JOB_LOCK_KEY = 7_220_419_005;

/**
 * One tick: moves loans between ACTIVE, OVERDUE, DEFAULT and FULLY_PAID by the rules of
 * loan-status.ts as of the clock's Kampala date (loan-status-update.ts), in one transaction, under
 * an advisory lock so replicas take turns; a second replica's tick then finds nothing to change.
 */
export async function runLoanStatusTick({
  database,
  clock,
  messages,
}: {
  database: Database;
  clock: Clock;
  messages: Pick<MessagesService, 'send'>;
}): Promise<LoanStatusChange[]> {
  return database.withAdvisoryLock(LOAN_STATUS_JOB_LOCK_KEY, () =>
    database.db.transaction((tx) => updateLoanStatuses(tx, clock.now(), messages)),
  );
}

/** The background job of jobs.ts: on start and every 5 minutes, once across every replica (job-queue.ts). */
export function loanStatusJob(
  database: Database,
  messages: Pick<MessagesService, 'send'>,
  log: Pick<JobLogger, 'info'>,
): JobDefinition {
  return {
    name: 'loans.update-statuses',
    schedule: { cron: '*/5 * * * *' },
    runOnStart: true,
    run: async (now) => {
      const changes = await runLoanStatusTick({ database, clock: { now: () => now }, messages });
      if (changes.length > 0) log.info({ changes: changes.length }, 'loan statuses updated');
    },
  };
}

export interface JobLogger {
  info(payload: object, message: string): void;
  error(payload: object, message: string): void;
}
