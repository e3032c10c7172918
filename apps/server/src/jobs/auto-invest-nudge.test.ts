import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../test/lending-factories.ts';
import { lenderWithBalance } from '../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { AUTO_INVEST_JOB } from './job-names.ts';

/**
 * decisions.md, auto-invest: "When a listing opens, and when a lender's cash arrives, auto-invest
 * bids". Both queue a run of the auto-invest job as soon as their transaction has committed, instead
 * of waiting for its minute schedule. (The job's own work is tested in the marketplace suites.)
 */
let t: TestApp;
const quiet = { error: () => {}, info: () => {} };

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.services.jobs.stop();
  await t.close();
});

async function queuedAutoInvestRuns(): Promise<number> {
  const { rows } = await t.db.database.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1 and state = 'created'`,
    [AUTO_INVEST_JOB],
  );
  return (rows[0] as { n: number }).n;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The queue as the server starts it (schedules kept here, no workers: JOB_POLL_MS is 0 in tests). */
async function startJobs() {
  await t.services.jobs.start([{ name: AUTO_INVEST_JOB, run: async () => {} }], quiet);
}

async function approveAnApplication() {
  const admin = await t.userWithToken('admin');
  const borrower = await t.userWithToken('borrower');
  const type = await insertLoanType(t.db.database.db);
  const application = await insertApplication(t.db.database.db, {
    userId: borrower.user.id,
    loanTypeId: type.id,
    status: 'PENDING',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${application.id}/approve/`,
    headers: bearer(admin.token),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('auto-invest is queued when its work falls due', () => {
  it('queues a run once an approval (a new listing) has committed', async () => {
    await startJobs();
    expect(await queuedAutoInvestRuns()).toBe(0);
    await approveAnApplication();
    await until(async () => (await queuedAutoInvestRuns()) === 1);
  });

  it("queues a run once a lender's deposit has settled", async () => {
    await startJobs();
    await lenderWithBalance(t, 500_000);
    await until(async () => (await queuedAutoInvestRuns()) === 1);
  });

  it('queues nothing in a process whose jobs never started (a CLI run, a test)', async () => {
    await approveAnApplication();
    await lenderWithBalance(t, 500_000);
    await t.services.jobs.ensureReady();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await queuedAutoInvestRuns()).toBe(0);
  });
});
