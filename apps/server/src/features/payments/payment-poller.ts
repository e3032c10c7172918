import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { startPeriodicJob } from '../../jobs/periodic-job.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Asks the providers about PENDING and PROCESSING payments until they are final: the safety net
 * under callbacks that never arrive, answers that were lost, and processes that died mid-payment.
 */
export function startPaymentPoller({
  database,
  payments,
  intervalMs,
  log,
}: {
  database: Database;
  payments: PaymentsService;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  return startPeriodicJob({
    database,
    name: 'payments-poller',
    intervalMs,
    run: async () => {
      await payments.pollDue(100, (payment, error) =>
        log.error({ err: error, transactionId: payment.id }, 'payment poll failed'),
      );
    },
    onError: (error) => log.error({ err: error }, 'payment poller tick failed'),
  });
}
