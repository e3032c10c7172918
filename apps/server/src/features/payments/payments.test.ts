import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { idempotencyKey, lenderWithBalance } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp, testConfig } from '../../../test/test-app.ts';
import { type Clock, fixedClock } from '../../clock.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { ledgerPostings, platformTransactions, platformTransactionTotals } from '../../db/schema/index.ts';
import { createJobQueue, type JobDefinition } from '../../jobs/job-queue.ts';
import { signCallback } from './callback-signature.ts';
import { INVALID_SIGNATURE } from './payment-callback.ts';
import { type PaymentProvider, providerOfPhone } from './payment-provider.ts';
import { createPaymentsService } from './payments.service.ts';

let t: TestApp;
const secret = 'callback-secret-that-is-long-enough-000';
beforeAll(async () => {
  t = await createTestApp({ config: { payments: { ...testConfig().payments, callbackSecret: secret } } });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

/** A withdrawal the provider accepted and has not yet finished (the simulator's delay holds it). */
async function processingWithdrawal(amount = 50_000) {
  const lender = await lenderWithBalance(t, amount);
  try {
    t.services.paymentProviders.simulator?.configure({ delayMs: 60_000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw/',
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey() },
      payload: { amount, phone_number: '0772123456' },
    });
    expect(res.json().status).toBe('PROCESSING');
    return { lender, payment: res.json() as { id: number; reference_id: string } };
  } finally {
    t.services.paymentProviders.simulator?.configure({ delayMs: 0 });
  }
}

/** The app's own payments dependencies, for a second service instance standing in for another replica. */
function paymentsDeps() {
  const config = testConfig().payments;
  return {
    db: t.db.database.db,
    clock: t.services.clock,
    ledger: t.services.ledger,
    notifications: t.services.notifications,
    providers: t.services.paymentProviders.providers,
    callbackBaseUrl: null,
    pollIntervalMs: 1_000,
    pendingTimeoutMs: config.pendingTimeoutMs,
    userLimits: config.userLimits,
    numbers: t.services.paymentNumbers,
    messages: t.services.messages,
    settlementGroups: config.settlementGroups,
  };
}

function callback(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/callback/mtn/',
    headers: {
      'content-type': 'application/json',
      'x-sente-signature': signature ?? signCallback(secret, raw),
    },
    payload: raw,
  });
}

async function statusOf(id: number) {
  const [row] = await t.db.database.db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.id, id));
  return row?.status;
}

describe('POST /api/payments/callback/:provider/', () => {
  it('answers 401 to a bad signature and changes nothing', async () => {
    const { payment } = await processingWithdrawal();
    const body = { externalId: payment.reference_id, status: 'SUCCESSFUL', amount: '50000' };
    const forged = await callback(
      body,
      signCallback('someone-elses-secret-0000000000000', JSON.stringify(body)),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: INVALID_SIGNATURE, code: 'INVALID_SIGNATURE' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback/mtn/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await statusOf(payment.id)).toBe('PROCESSING');
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, payment.id));
    expect(postings.map((p) => p.kind)).toEqual(['WITHDRAWAL_RESERVE']);
  });

  it('refuses a signature over a different body (the body was changed on the way)', async () => {
    const { payment } = await processingWithdrawal();
    const signedFor = JSON.stringify({ externalId: payment.reference_id, status: 'FAILED' });
    const res = await callback(
      { externalId: payment.reference_id, status: 'SUCCESSFUL' },
      signCallback(secret, signedFor),
    );
    expect(res.statusCode).toBe(401);
    expect(await statusOf(payment.id)).toBe('PROCESSING');
  });

  it('completes the payment once, whatever the number of times the callback arrives', async () => {
    const { payment } = await processingWithdrawal();
    const body = {
      externalId: payment.reference_id,
      status: 'SUCCESSFUL',
      financialTransactionId: '8812345',
    };
    const first = await callback(body);
    const second = await callback(body);
    expect(first.json()).toEqual({ status: 'applied' });
    expect(second.json()).toEqual({ status: 'unchanged' });
    const [row] = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    expect(row).toMatchObject({ status: 'COMPLETED', providerReference: '8812345' });
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, payment.id));
    expect(postings.map((p) => p.kind).sort()).toEqual(['WITHDRAWAL', 'WITHDRAWAL_RESERVE']);
  });

  it('never trusts the callback for the amount: a different amount is refused and nothing changes', async () => {
    const { payment } = await processingWithdrawal(50_000);
    const res = await callback({ externalId: payment.reference_id, status: 'SUCCESSFUL', amount: '5000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CALLBACK_AMOUNT_MISMATCH' });
    expect(await statusOf(payment.id)).toBe('PROCESSING');
    const failed = await callback({ externalId: payment.reference_id, status: 'FAILED', amount: '1' });
    expect(failed.statusCode).toBe(400);
    expect(await statusOf(payment.id)).toBe('PROCESSING');
  });

  it('answers 404 for a reference it does not know, and for another provider’s payment', async () => {
    const unknown = await callback({ externalId: randomUUID(), status: 'SUCCESSFUL' });
    expect(unknown.statusCode).toBe(404);
    const { payment } = await processingWithdrawal();
    const raw = JSON.stringify({ externalId: payment.reference_id, status: 'SUCCESSFUL' });
    const wrongProvider = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback/airtel/',
      headers: { 'content-type': 'application/json', 'x-sente-signature': signCallback(secret, raw) },
      payload: raw,
    });
    expect(wrongProvider.statusCode).toBe(404);
    expect(await statusOf(payment.id)).toBe('PROCESSING');
  });
});

describe('the payment status', () => {
  it('never moves backwards: a failure reported after completion changes nothing', async () => {
    const { payment } = await processingWithdrawal();
    await callback({ externalId: payment.reference_id, status: 'SUCCESSFUL' });
    const late = await callback({ externalId: payment.reference_id, status: 'FAILED', reason: 'late' });
    expect(late.json()).toEqual({ status: 'unchanged' });
    expect(await statusOf(payment.id)).toBe('COMPLETED');
    const { changed } = await t.services.payments.fail(payment.id, 'even later');
    expect(changed).toBe(false);
    expect(await statusOf(payment.id)).toBe('COMPLETED');
  });

  it('never moves backwards: a success reported after failure changes nothing and posts nothing', async () => {
    const { payment } = await processingWithdrawal();
    await callback({ externalId: payment.reference_id, status: 'FAILED', reason: 'PAYEE_NOT_FOUND' });
    const late = await callback({ externalId: payment.reference_id, status: 'SUCCESSFUL' });
    expect(late.json()).toEqual({ status: 'unchanged' });
    expect(await statusOf(payment.id)).toBe('FAILED');
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, payment.id));
    expect(postings.map((p) => p.kind).sort()).toEqual(['REVERSAL', 'WITHDRAWAL_RESERVE']);
  });

  it('settles once when the callback and the poller report success at the same moment', async () => {
    const { payment } = await processingWithdrawal();
    const [row] = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    if (!row) throw new Error('no row');
    const outcomes = await Promise.all([
      callback({ externalId: payment.reference_id, status: 'SUCCESSFUL' }),
      t.services.payments.complete(payment.id, 'poller'),
      t.services.payments.complete(payment.id, 'poller again'),
    ]);
    expect(outcomes).toHaveLength(3);
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, payment.id));
    expect(postings.filter((p) => p.kind === 'WITHDRAWAL')).toHaveLength(1);
  });

  it('keeps the per-type, per-status totals equal to a plain count of the rows', async () => {
    // The totals are sharded by writer slot (migration 0033): a type and status is the sum of its rows.
    const totals = await t.db.database.db
      .select({
        type: platformTransactionTotals.type,
        status: platformTransactionTotals.status,
        count: sql<number>`sum(${platformTransactionTotals.count})::bigint`.mapWith(Number),
        amount: sql<number>`sum(${platformTransactionTotals.amount})::bigint`.mapWith(Number),
      })
      .from(platformTransactionTotals)
      .groupBy(platformTransactionTotals.type, platformTransactionTotals.status);
    const rows = await t.db.database.db.select().from(platformTransactions);
    for (const total of totals) {
      const matching = rows.filter((r) => r.type === total.type && r.status === total.status);
      expect({ type: total.type, status: total.status, count: total.count, amount: total.amount }).toEqual({
        type: total.type,
        status: total.status,
        count: matching.length,
        amount: matching.reduce((sum, r) => sum + r.amount, 0),
      });
    }
  });
});

describe('the payment poller', () => {
  it('sends again a payment whose process died before sending it, and completes it', async () => {
    const lender = await lenderWithBalance(t, 30_000);
    const created = await transaction(t.db.database.db, async (tx) => {
      await t.services.ledger.lockAccounts(tx, [`USER_WALLET:${lender.user.id}`]);
      return t.services.payments.create(tx, {
        type: 'WITHDRAWAL',
        userId: lender.user.id,
        amount: 30_000,
        phoneNumber: '+256772123456',
        requestKey: `test:${randomUUID()}`,
        description: 'never sent',
      });
    });
    expect(created.payment.status).toBe('PENDING');
    const after = await t.services.payments.waitUntilFinal(created.payment.id, 5_000, 10);
    expect(after.status).toBe('COMPLETED');
  });

  it('polls open payments once per tick across two replicas', async () => {
    const lender = await lenderWithBalance(t, 20_000);
    t.services.paymentProviders.simulator?.configure({ delayMs: 0 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw/',
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: 20_000, phone_number: '0772123456' },
    });
    const clock = fixedClock(new Date(Date.now() + 60_000));
    const polls: number[] = [];
    const job = (): JobDefinition => ({
      name: 'test.payments-poller',
      run: async () => {
        const payments = createPaymentsService({ ...paymentsDeps(), clock });
        for (const [type, flow] of t.services.payments.registeredFlows()) payments.registerFlow(type, flow);
        polls.push((await payments.pollDue()).polled);
      },
    });
    const quiet = { error: () => {}, info: () => {} };
    const replicas = [1, 2].map(() => createJobQueue({ database: t.db.database, clock, pollMs: 500 }));
    try {
      // Both replicas ask for a poll at the same moment: the queue keeps one. Asked before their
      // workers start, so no worker takes the first ask before the second arrives: that one would be
      // a new poll ('stately': one waiting, one running), which the test then saw as a second tick.
      await Promise.all(replicas.map((replica) => replica.runSoon('test.payments-poller')));
      for (const replica of replicas) await replica.start([job()], quiet);
      const deadline = Date.now() + 20_000;
      while (polls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      for (const replica of replicas) await replica.stop();
    }
    expect(polls).toHaveLength(1);
    expect(await statusOf(res.json().id)).toBe('COMPLETED');
  });
});

describe('waitUntilFinal', () => {
  /** A second payments service on the app's database whose provider always answers PENDING, counting asks. */
  function pendingForever(clock: Clock) {
    const asked = { count: 0 };
    const provider: PaymentProvider = {
      name: 'mtn',
      send: async () => {},
      status: async () => {
        asked.count++;
        return { state: 'PENDING' };
      },
    };
    const payments = createPaymentsService({
      ...paymentsDeps(),
      clock,
      providers: new Map([['mtn', provider]]),
    });
    for (const [type, flow] of t.services.payments.registeredFlows()) payments.registerFlow(type, flow);
    return { payments, asked };
  }

  it('gives up when the injected clock passes the deadline, whatever the wall clock says', async () => {
    const { payment } = await processingWithdrawal();
    // Every reading of this clock is a minute later: a 10-minute wait is over after a few asks.
    let minutes = 0;
    const racing: Clock = { now: () => new Date(Date.UTC(2026, 2, 2, 8, minutes++)) };
    const { payments, asked } = pendingForever(racing);
    const started = performance.now();
    const answer = await payments.waitUntilFinal(payment.id, 10 * 60_000, 50);
    expect(answer.status).toBe('PROCESSING');
    expect(asked.count).toBeLessThanOrEqual(10);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('asks at most once per step of the timeout when the clock never moves', async () => {
    const { payment } = await processingWithdrawal();
    const { payments, asked } = pendingForever(fixedClock(new Date('2026-03-02T08:00:00Z')));
    const answer = await payments.waitUntilFinal(payment.id, 500, 100);
    expect(answer.status).toBe('PROCESSING');
    expect(asked.count).toBeGreaterThanOrEqual(2);
    expect(asked.count).toBeLessThanOrEqual(6);
  });
});

describe('providerOfPhone', () => {
  it.each([
    ['+256772123456', 'mtn'],
    ['+256782345678', 'mtn'],
    ['+256761234567', 'mtn'],
    ['+256701234567', 'airtel'],
    ['+256753456789', 'airtel'],
    ['+256741234567', 'airtel'],
    ['+256712345678', null],
  ])('routes %s to %s', (phone, provider) => {
    expect(providerOfPhone(phone)).toBe(provider);
  });
});
