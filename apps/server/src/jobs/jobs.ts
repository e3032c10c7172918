import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app.ts';
import type { Database } from '../db/client.ts';
import { loanStatusJob } from '../features/loans/loan-status.job.ts';
import { copyLenderCashFlowMonths } from '../features/marketplace/cash-flow-months.ts';
import {
  sendMissedPaymentNotices,
  sendOfferExpiryReminders,
} from '../features/messages/borrower-reminders.ts';
import { sendInstallmentReminders } from '../features/messages/installment-reminders.ts';
import { sendMonthlyStatements } from '../features/messages/monthly-statement.ts';
import { sendRepaymentsDigests } from '../features/messages/repayments-digest.ts';
import { AUTO_INVEST_JOB, MESSAGE_DELIVERY_JOB } from './job-names.ts';
import type { JobDefinition } from './job-queue.ts';

/** Every background job of the server. Features add theirs here; cron lines are Kampala time. */
export function backgroundJobs(
  services: Services,
  database: Database,
  log: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: 'auth.prune-sign-in-records',
      schedule: { cron: '0 * * * *' },
      run: (now) => services.auth.pruneExpired(now),
    },
    // PAYMENT_POLL_INTERVAL_MS=0 turns the poller off.
    ...(services.payments.pollIntervalMs > 0 ? [paymentPollJob(services)] : []),
    // Loan statuses (ACTIVE/OVERDUE/DEFAULT/FULLY_PAID) follow the calendar: on start and every 5 minutes.
    loanStatusJob(database, services.messages, log),
    // The marketplace's clock: bidding windows close and offers lapse, releasing what they reserved.
    {
      name: 'marketplace.close-due-listings',
      schedule: { cron: '* * * * *' },
      run: async () => {
        await services.marketplace.closeDueListings();
      },
    },
    {
      // Also queued at once when a listing opens or a lender's cash arrives (jobs.runSoon).
      name: AUTO_INVEST_JOB,
      schedule: { cron: '* * * * *' },
      run: async () => {
        await services.marketplace.runAutoInvest();
      },
    },
    {
      // The outbox's delivery: sends due SMS and e-mail, outside any transaction (docs/notifications.md).
      name: MESSAGE_DELIVERY_JOB,
      schedule: { everyMs: services.config.messages.deliveryIntervalMs },
      retryLimit: 2,
      retryDelaySeconds: 5,
      run: async () => {
        const round = await services.messages.deliverDue();
        if (round.sent + round.failed > 0) log.info(round, 'messages delivered');
      },
    },
    {
      // 09:00 Kampala: installments due in 3 days and tomorrow, once each (dedupe keys).
      name: 'messages.installment-reminders',
      schedule: { cron: '0 9 * * *' },
      run: async (now) => {
        const written = await sendInstallmentReminders(services, now);
        if (written > 0) log.info({ written }, 'installment reminders written');
      },
    },
    {
      // 10:00 Kampala: installments still unpaid 1 and 7 days after their due date, once each.
      name: 'messages.missed-payment-notices',
      schedule: { cron: '0 10 * * *' },
      run: async (now) => {
        const written = await sendMissedPaymentNotices(services, now);
        if (written > 0) log.info({ written }, 'missed-payment notices written');
      },
    },
    {
      // Offers lapsing within 3 hours, once per application and round; every 5 minutes is close enough.
      name: 'messages.offer-expiry-reminders',
      schedule: { cron: '*/5 * * * *' },
      run: async (now) => {
        const written = await sendOfferExpiryReminders(services, now);
        if (written > 0) log.info({ written }, 'offer expiry reminders written');
      },
    },
    {
      // 08:00 Kampala: yesterday's repayments per lender, once per lender and day (dedupe keys).
      name: 'messages.lender-repayments-digest',
      schedule: { cron: '0 8 * * *' },
      run: async (now) => {
        const written = await sendRepaymentsDigests(services, now);
        if (written > 0) log.info({ written }, 'repayments digests written');
      },
    },
    {
      // The 1st at 07:00 Kampala: last month's statement to each lender whose money moved, once.
      name: 'messages.lender-monthly-statements',
      schedule: { cron: '0 7 1 * *' },
      run: async (now) => {
        const written = await sendMonthlyStatements(services, now);
        if (written > 0) log.info({ written }, 'monthly statements written');
      },
    },
    {
      // 03:30 Kampala, and on start: the lenders' cash flows of the months gone by into a row per
      // month, which their returns read (migration 0057); work on the first run of a month only.
      name: 'marketplace.copy-lender-cash-flow-months',
      schedule: { cron: '30 3 * * *' },
      runOnStart: true,
      run: async (now) => {
        const written = await copyLenderCashFlowMonths(database.db, now);
        if (written > 0) log.info({ written }, 'lender cash-flow months copied');
      },
    },
    {
      name: 'marketplace.expire-lapsed-offers',
      schedule: { cron: '* * * * *' },
      run: async () => {
        await services.marketplace.expireLapsedOffers();
      },
    },
  ];
}

/** A dead job tells every admin (e-mail when SMTP is set, and the in-app inbox). */
export function alertAdminsOfDeadJob(services: Services) {
  return (job: { queue: string; error: string }) =>
    services.db.transaction((tx) => services.messages.sendToAdmins(tx, 'admin.dead-job', job));
}

/** The safety net under payment callbacks: asks the providers about open payments until final. */
function paymentPollJob(services: Services): JobDefinition {
  return {
    name: 'payments.poll-open-payments',
    schedule: { everyMs: services.payments.pollIntervalMs },
    // It runs again within seconds anyway: few, quick retries, then the next slot's run takes over.
    retryLimit: 2,
    retryDelaySeconds: 2,
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
