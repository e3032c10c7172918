import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import type { Database } from '../db/client.ts';
import { loanStatusJob } from '../features/loans/loan-status.job.ts';
import type { JobDefinition } from './job-runner.ts';

const HOUR = 60 * 60 * 1000;

/** Every background job of the server. Features add theirs here. */
export function backgroundJobs(
  services: Services,
  database: Database,
  log: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: 'auth.prune-sign-in-records',
      intervalMs: HOUR,
      run: (now) => services.auth.pruneExpired(now),
    },
    // Loan statuses (ACTIVE/OVERDUE/DEFAULT/FULLY_PAID) follow the calendar: on start and every 5 minutes.
    loanStatusJob(database, log),
  ];
}
