import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import type { Database } from '../db/client.ts';
import { loanStatusJob } from '../features/loans/loan-status.job.ts';
import type { JobDefinition } from './job-runner.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

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
    // PAYMENT_POLL_INTERVAL_MS=0 turns the poller off.
    ...(services.payments.pollIntervalMs > 0 ? [paymentPollJob(services)] : []),
    // Loan statuses (ACTIVE/OVERDUE/DEFAULT/FULLY_PAID) follow the calendar: on start and every 5 minutes.
    loanStatusJob(database, log),
    // The marketplace's clock: bidding windows close and offers lapse, releasing what they reserved.
    {
      name: 'marketplace.close-due-listings',
      intervalMs: MINUTE,
      run: async () => {
        await services.marketplace.closeDueListings();
      },
    },
    {
      name: 'marketplace.auto-invest',
      intervalMs: MINUTE,
      run: async () => {
        await services.marketplace.runAutoInvest();
      },
    },
    {
      name: 'marketplace.expire-lapsed-offers',
      intervalMs: MINUTE,
      run: async () => {
        await services.marketplace.expireLapsedOffers();
      },
    },
  ];
}

/** The safety net under payment callbacks: asks the providers about open payments until final. */
function paymentPollJob(services: Services): JobDefinition {
  return {
    name: 'payments.poll-open-payments',
    intervalMs: services.payments.pollIntervalMs,
    run: async () => {
      const { failures } = await services.payments.pollDue(100);
      const [first] = failures;
      if (first) {
        const ids = failures.map((failure) => failure.id).join(', ');
        throw new Error(`Polling payments ${ids} failed`, { cause: first.error });
      }
    },
  };
}
