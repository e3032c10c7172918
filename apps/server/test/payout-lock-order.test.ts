import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listings, loans, platformTransactions } from '../src/db/schema/index.ts';
import { expectLedgerBalanced } from './ledger-audit.ts';
import { insertApplication, insertLoanType } from './lending-factories.ts';
import { verifiedLender } from './marketplace-helpers.ts';
import { idempotencyKey } from './money-helpers.ts';
import { bearer, createTestApp, type TestApp, testConfig } from './test-app.ts';

/**
 * A payout settling while a second Disburse of the same application comes in. Disburse locks the
 * listing and then inserts its payout; the unique index on live payouts makes that insert wait for
 * a transaction that has moved the first payout's status. Settlement must therefore lock the
 * listing before it moves the status (PaymentFlow.lockFirst), or the two deadlock and PostgreSQL
 * aborts one after a second (the month-end disbursement burst's p99, bench:money). PostgreSQL only:
 * two connections, one held open by the test.
 */
let t: TestApp;
let adminToken: string;
let other: pg.Client;

beforeAll(async () => {
  // A payout the simulator holds, so Disburse answers 202 and the test settles it by hand.
  t = await createTestApp({ config: { payments: { ...testConfig().payments, syncWaitMs: 200 } } });
  adminToken = (await t.userWithToken('admin')).token;
  if (!t.db.url) throw new Error('This suite needs PostgreSQL');
  other = new pg.Client({ connectionString: t.db.url });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await expectLedgerBalanced(t.db.database.db);
  await t.close();
});

const db = () => t.db.database.db;
const as = (token: string, method: 'POST', url: string, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {},
  });

/** An application listed, bid on in full by one lender, its offer accepted: ready to pay out. */
async function acceptedApplication() {
  const owner = await t.userWithToken('borrower');
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId: owner.user.id,
    loanTypeId: type.id,
    amountRequested: 1_000_000,
    loanTermMonths: 3,
    status: 'PENDING',
    creditScore: 78,
  });
  expect(
    (await as(adminToken, 'POST', `/api/loans/applications/${application.id}/approve/`)).statusCode,
  ).toBe(200);
  const [listing] = await db().select().from(listings).where(eq(listings.applicationId, application.id));
  const lender = await verifiedLender(t, adminToken, 1_000_000);
  const bid = await t.app.inject({
    method: 'POST',
    url: `/api/marketplace/listings/${listing?.id}/bids/`,
    headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey('bid') },
    payload: { amount: 1_000_000, rate: '2.00' },
  });
  expect(bid.statusCode, bid.body).toBe(201);
  const offers = await as(owner.token, 'POST', `/api/loans/applications/${application.id}/offers/request/`);
  const [offer] = offers.json() as { id: number }[];
  const accepted = await as(
    owner.token,
    'POST',
    `/api/loans/applications/${application.id}/offers/${offer?.id}/accept/`,
    idempotencyKey('accept'),
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return application;
}

async function someoneWaitsForALock(): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await other.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the settlement never waited for the listing');
}

it('settles a payout while a second Disburse holds the listing: the second is refused at once, no deadlock, one loan', async () => {
  const application = await acceptedApplication();
  t.services.paymentProviders.simulator?.configure({ delayMs: 60_000 });
  const first = await as(
    adminToken,
    'POST',
    `/api/loans/applications/${application.id}/disburse/`,
    idempotencyKey('disburse'),
  );
  expect(first.statusCode, first.body).toBe(202);
  const [payout] = await db()
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.applicationId, application.id));
  if (!payout) throw new Error('no payout');

  // The second Disburse, as its unit of work runs: the listing first...
  await other.query('begin');
  await other.query('select id from listings where application_id = $1 for update', [application.id]);
  // ...while the provider's confirmation of the first payout arrives.
  const settling = t.services.payments.complete(payout.id, 'MP-LOCK-ORDER-1');
  await someoneWaitsForALock();
  // Then the second payout. Waiting for the settlement here would be the deadlock: the lock timeout
  // (well under PostgreSQL's 1 s deadlock check) says so, where a refused duplicate answers at once.
  await other.query(`set local lock_timeout = '300ms'`);
  const second = await other
    .query(
      `insert into platform_transactions (reference_id, request_key, user_id, type, direction, amount,
         status, provider, phone_number, application_id, description, category, created_at, updated_at)
       select reference_id || '-2', request_key || '-2', user_id, type, direction, amount, 'PENDING',
         provider, phone_number, application_id, description, category, now(), now()
         from platform_transactions where id = $1`,
      [payout.id],
    )
    .then(
      () => 'inserted',
      (error: { code?: string }) => error.code,
    );
  await other.query('rollback');
  expect(second, '23505 is a refused duplicate; 55P03 means it waited for the settlement').toBe('23505');

  const settled = await settling;
  expect(settled.payment.status).toBe('COMPLETED');
  const made = await db().select().from(loans).where(eq(loans.applicationId, application.id));
  expect(made).toHaveLength(1);
});
