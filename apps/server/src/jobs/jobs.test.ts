import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../test/test-app.ts';
import { backgroundJobs } from './jobs.ts';

async function jobsWithPaymentPoll(pollIntervalMs: number) {
  const t = await createTestApp({ config: { payments: { ...testConfig().payments, pollIntervalMs } } });
  try {
    return backgroundJobs(t.services, t.db.database, t.app.log).map((job) => ({
      name: job.name,
      schedule: job.schedule,
    }));
  } finally {
    await t.close();
  }
}

describe('backgroundJobs', () => {
  it('leaves the payment poller out when PAYMENT_POLL_INTERVAL_MS is 0 (off), the other jobs in', async () => {
    const names = (await jobsWithPaymentPoll(0)).map((job) => job.name);
    expect(names).not.toContain('payments.poll-open-payments');
    expect(names).toEqual(expect.arrayContaining(['auth.prune-sign-in-records', 'loans.update-statuses']));
  });

  it('polls payments every PAYMENT_POLL_INTERVAL_MS when it is set', async () => {
    expect(await jobsWithPaymentPoll(2_000)).toContainEqual({
      name: 'payments.poll-open-payments',
      schedule: { everyMs: 2_000 },
    });
  });

  it('runs the marketplace every minute and loan statuses every 5 minutes, on Kampala cron lines', async () => {
    const jobs = await jobsWithPaymentPoll(0);
    expect(jobs).toContainEqual({ name: 'marketplace.auto-invest', schedule: { cron: '* * * * *' } });
    expect(jobs).toContainEqual({ name: 'loans.update-statuses', schedule: { cron: '*/5 * * * *' } });
    expect(jobs).toContainEqual({
      name: 'marketplace.copy-lender-cash-flow-months',
      schedule: { cron: '30 3 * * *' },
    });
  });

  it("sends borrowers' missed-payment notices daily at 10:00 Kampala and offer reminders every 5 minutes", async () => {
    const jobs = await jobsWithPaymentPoll(0);
    expect(jobs).toContainEqual({
      name: 'messages.missed-payment-notices',
      schedule: { cron: '0 10 * * *' },
    });
    expect(jobs).toContainEqual({
      name: 'messages.offer-expiry-reminders',
      schedule: { cron: '*/5 * * * *' },
    });
  });
});
