import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import {
  confirmedAddedNumber,
  failNextPrompts,
  idempotencyKey,
  lenderWithBalance,
  settleOpenPayments,
} from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerPostings, notifications, platformTransactions } from '../../db/schema/index.ts';
import { SIMULATOR_NUMBERS } from '../payments/momo-simulator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

function withdraw(token: string, payload: object, key = idempotencyKey('withdraw')) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw/',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload,
  });
}

async function balanceOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/wallet/balance/', headers: bearer(token) });
  return res.json() as { balance: string; available_balance: string; pending_withdrawals: string };
}

describe('POST /api/wallet/deposit/', () => {
  it('collects from the lender and credits the wallet once the provider confirms', async () => {
    const lender = await t.userWithToken('lender');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: '750000.00', phone_number: '0772 123456' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'DEPOSIT',
      transaction_type: 'CREDIT',
      amount: '750000.00',
      status: 'PROCESSING',
      phone_number: '+256772123456',
      provider: 'mtn',
      user_email: lender.user.email,
    });
    expect((await balanceOf(lender.token)).available_balance).toBe('0.00');
    await settleOpenPayments(t);
    expect(await balanceOf(lender.token)).toMatchObject({
      available_balance: '750000.00',
      balance: '750000.00',
    });
    const [notice] = await t.db.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, lender.user.id));
    expect(notice?.title).toBe('Deposit received');
  });

  it('answers 403 to a borrower', async () => {
    const borrower = await t.userWithToken('borrower');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(borrower.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: 1000, phone_number: '0772123456' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 without an Idempotency-Key, for a fraction of a shilling and for a foreign number', async () => {
    const lender = await t.userWithToken('lender');
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: bearer(lender.token),
      payload: { amount: 1000, phone_number: '0772123456' },
    });
    expect(noKey.statusCode).toBe(400);
    const fraction = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: '1000.50', phone_number: '0772123456' },
    });
    expect(fraction.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: 1000, phone_number: '+254712345678' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.phone_number).toBeDefined();
  });
});

describe('POST /api/wallet/withdraw/', () => {
  it('pays exactly 5 of 20 concurrent withdrawals when the balance covers 5', async () => {
    const lender = await lenderWithBalance(t, 500_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(lender.token, { amount: 100_000, phone_number: '0772123456' }),
      ),
    );
    const accepted = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 400);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.json()).toMatchObject({ error: 'Insufficient wallet balance' });
    expect(await balanceOf(lender.token)).toMatchObject({
      available_balance: '0.00',
      pending_withdrawals: '500000.00',
    });
    await settleOpenPayments(t);
    const paid = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(
        and(eq(platformTransactions.userId, lender.user.id), eq(platformTransactions.type, 'WITHDRAWAL')),
      );
    expect(paid.map((p) => p.status)).toEqual(Array(5).fill('COMPLETED'));
    expect(await balanceOf(lender.token)).toMatchObject({ balance: '0.00', pending_withdrawals: '0.00' });
  });

  it('withdraws once when the same Idempotency-Key is sent twice, and answers the same transaction', async () => {
    const lender = await lenderWithBalance(t, 300_000);
    const key = idempotencyKey();
    const first = await withdraw(lender.token, { amount: 100_000, phone_number: '0772123456' }, key);
    const second = await withdraw(lender.token, { amount: 100_000, phone_number: '0772123456' }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().reference_id).toBe(first.json().reference_id);
    expect((await balanceOf(lender.token)).available_balance).toBe('200000.00');
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, first.json().id));
    expect(postings).toHaveLength(1);
  });

  it('answers 409 when the same Idempotency-Key comes with another amount', async () => {
    const lender = await lenderWithBalance(t, 300_000);
    const key = idempotencyKey();
    await withdraw(lender.token, { amount: 100_000, phone_number: '0772123456' }, key);
    const again = await withdraw(lender.token, { amount: 150_000, phone_number: '0772123456' }, key);
    expect(again.statusCode).toBe(409);
  });

  it('reverses a failed payout so the money is back in the wallet', async () => {
    const lender = await lenderWithBalance(t, 300_000);
    await failNextPrompts(t, '0772123456');
    const res = await withdraw(lender.token, { amount: 120_000, phone_number: '0772123456' });
    expect(res.statusCode).toBe(201);
    expect((await balanceOf(lender.token)).available_balance).toBe('180000.00');
    await settleOpenPayments(t);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/withdrawal_history/',
      headers: bearer(lender.token),
    });
    expect(history.json().results[0]).toMatchObject({ status: 'FAILED', failure_reason: expect.any(String) });
    expect(await balanceOf(lender.token)).toMatchObject({
      available_balance: '300000.00',
      pending_withdrawals: '0.00',
    });
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.platformTransactionId, res.json().id));
    expect(postings.map((p) => p.kind).sort()).toEqual(['REVERSAL', 'WITHDRAWAL_RESERVE']);
    const notices = await t.db.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, lender.user.id));
    expect(notices.map((n) => n.title)).toContain('Withdrawal failed');
  });

  it('fails and reverses at once a payout the provider refuses outright', async () => {
    const lender = await lenderWithBalance(t, 100_000);
    await confirmedAddedNumber(t, lender.user.id, SIMULATOR_NUMBERS.refused);
    const res = await withdraw(lender.token, { amount: 100_000, phone_number: SIMULATOR_NUMBERS.refused });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('FAILED');
    expect((await balanceOf(lender.token)).available_balance).toBe('100000.00');
  });

  it('completes a payout whose acceptance answer was lost, by asking the provider later', async () => {
    const lender = await lenderWithBalance(t, 100_000);
    await confirmedAddedNumber(t, lender.user.id, SIMULATOR_NUMBERS.answerLost);
    const res = await withdraw(lender.token, { amount: 40_000, phone_number: SIMULATOR_NUMBERS.answerLost });
    expect(res.json().status).toBe('PENDING');
    await settleOpenPayments(t);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/withdrawal_history/',
      headers: bearer(lender.token),
    });
    expect(history.json().results[0].status).toBe('COMPLETED');
    expect((await balanceOf(lender.token)).balance).toBe('60000.00');
  });

  it('refuses more than the available balance with the amount that is available', async () => {
    const lender = await lenderWithBalance(t, 50_000);
    const res = await withdraw(lender.token, { amount: 50_001, phone_number: '0772123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.amount[0]).toContain('UGX 50,000');
  });

  it('says an empty wallet has nothing to withdraw, never "UGX -0"', async () => {
    const { token } = await t.userWithToken('lender');
    const res = await withdraw(token, { amount: 1_000, phone_number: '0772123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.amount).toEqual(['There is nothing in your wallet to withdraw']);
  });
});

describe('GET /api/wallet/summary/', () => {
  it('adds up the signed-in user’s deposits and withdrawals and lists the latest', async () => {
    const lender = await lenderWithBalance(t, 400_000);
    await withdraw(lender.token, { amount: 150_000, phone_number: '0772123456' });
    await settleOpenPayments(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/summary/',
      headers: bearer(lender.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      balance: '250000.00',
      available_balance: '250000.00',
      total_deposits: '400000.00',
      total_withdrawals: '150000.00',
      total_received: '0.00',
      transaction_count: 2,
      currency: 'UGX',
    });
    expect(res.json().recent_transactions).toHaveLength(2);
  });
});

describe('GET /api/wallet/user/:userId/transactions/', () => {
  it('shows users their own transactions, 50 to a page, and refuses another user’s', async () => {
    const lender = await lenderWithBalance(t, 10_000);
    const other = await t.userWithToken('borrower');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/user/${lender.user.id}/transactions/`,
      headers: bearer(lender.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ count: 1, next: null, previous: null });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/user/${lender.user.id}/transactions/`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('answers 404 to an admin asking about a user who does not exist', async () => {
    const admin = await t.userWithToken('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/user/999999/transactions/',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
  });
});

describe('GET /api/wallet/transactions/', () => {
  it('pages DRF-style and filters by user', async () => {
    const admin = await t.userWithToken('admin');
    const lender = await lenderWithBalance(t, 90_000);
    for (let i = 0; i < 3; i++) await withdraw(lender.token, { amount: 10_000, phone_number: '0772123456' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/transactions/?user=${lender.user.id}&page_size=2`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.results).toHaveLength(2);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(
      `http://localhost/api/wallet/transactions/?user=${lender.user.id}&page_size=2&page=2`,
    );
    const last = await t.app.inject({ method: 'GET', url: body.next, headers: bearer(admin.token) });
    expect(last.json()).toMatchObject({
      next: null,
      previous: `http://localhost/api/wallet/transactions/?user=${lender.user.id}&page_size=2`,
    });
    expect(body.results[0].type).toBe('WITHDRAWAL');
    const ascending = await t.app.inject({
      method: 'GET',
      url: `/api/wallet/transactions/?user=${lender.user.id}&ordering=created_at`,
      headers: bearer(admin.token),
    });
    expect(ascending.json().results[0].type).toBe('DEPOSIT');
  });

  it('answers 400 to an ordering it does not know', async () => {
    const admin = await t.userWithToken('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions/?ordering=password',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/notifications/', () => {
  it('lists the signed-in user’s notifications and marks them read', async () => {
    const lender = await lenderWithBalance(t, 20_000);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/',
      headers: bearer(lender.token),
    });
    expect(list.json()).toMatchObject({ count: 1, unread_count: 1 });
    const id = list.json().results[0].id;
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read/`,
      headers: bearer(lender.token),
    });
    expect(read.json()).toMatchObject({ id, is_read: true });
    const stranger = await t.userWithToken('lender');
    const notMine = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read/`,
      headers: bearer(stranger.token),
    });
    expect(notMine.statusCode).toBe(404);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read_all/',
      headers: bearer(lender.token),
    });
    expect(all.json()).toEqual({ updated: 0 });
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/?unread_only=true',
      headers: bearer(lender.token),
    });
    expect(unread.json()).toMatchObject({ count: 0, unread_count: 0 });
  });
});
