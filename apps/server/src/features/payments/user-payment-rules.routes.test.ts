import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { makeLoan } from '../../../test/lending-factories.ts';
import { idempotencyKey, settleOpenPayments } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp, testConfig } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { ledgerPostings, platformTransactions, simulatedSms, users } from '../../db/schema/index.ts';

/**
 * Issue 21, item 2: money moves only to and from the account's own confirmed numbers, within the
 * user's limits and the provider's maximum. Every refusal is proved to have sent nothing to the
 * provider (the simulator received no order for the number), recorded no payment and posted nothing.
 */
const clock = fixedClock(new Date());
let t: TestApp;
const LIMITS = { perTransaction: 1_000_000, perDay: 1_500_000, openPrompts: 2 };

beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { payments: { ...testConfig().payments, userLimits: LIMITS } },
  });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  t.services.paymentProviders.simulator?.configure({ delayMs: 0 });
  await expectLedgerBalanced(t.db.database.db);
});

const db = () => t.db.database.db;
let numbers = 0;
/** A number no other test uses, so what the simulator received for it is this test's alone. */
function freshNumber(): string {
  numbers++;
  return `+25677810${String(numbers).padStart(4, '0')}`;
}

/** Moves the test's clock on; tokens signed before would have expired, so the user gets a new one. */
async function later(ms: number, who: { user: { id: number; role: 'admin' | 'borrower' | 'lender' } }) {
  clock.advance(ms);
  return t.services.accessTokens.sign({ userId: who.user.id, role: who.user.role }, clock.now());
}

async function lender() {
  const phone = freshNumber();
  const made = await t.userWithToken('lender', { phoneNumber: phone });
  return { ...made, phone };
}

function post(url: string, token: string, payload: object, key = idempotencyKey()) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload,
  });
}
const deposit = (token: string, amount: number | string, phone: string) =>
  post('/api/wallet/deposit/', token, { amount, phone_number: phone });
const withdraw = (token: string, amount: number, phone: string) =>
  post('/api/wallet/withdraw/', token, { amount, phone_number: phone });

const sentTo = (phone: string) => t.services.paymentProviders.simulator?.receivedFor(phone) ?? [];
const paymentsOf = (userId: number) =>
  db().select().from(platformTransactions).where(eq(platformTransactions.userId, userId));
const postingCount = async () => (await db().select({ id: ledgerPostings.id }).from(ledgerPostings)).length;

/** The request was refused with this status and code, and nothing at all happened. */
async function expectRefusedWithNothingSent(
  request: () => Promise<{
    statusCode: number;
    json(): { code?: string; error?: string; details?: Record<string, string[]> };
  }>,
  /** `code` undefined: a validation refusal, which names fields instead. */
  expected: { status: number; code: string | undefined; phone: string; userId: number },
) {
  const before = {
    sent: sentTo(expected.phone).length,
    payments: (await paymentsOf(expected.userId)).length,
  };
  const postings = await postingCount();
  const res = await request();
  expect(res.statusCode).toBe(expected.status);
  expect(res.json().code).toBe(expected.code);
  expect(sentTo(expected.phone)).toHaveLength(before.sent);
  expect(await paymentsOf(expected.userId)).toHaveLength(before.payments);
  expect(await postingCount()).toBe(postings);
  return res;
}

async function lenderWithCash(amount: number) {
  const who = await lender();
  expect((await deposit(who.token, amount, who.phone)).statusCode).toBe(201);
  await settleOpenPayments(t);
  return who;
}

async function codeSentTo(phone: string): Promise<string> {
  const [sms] = await db()
    .select()
    .from(simulatedSms)
    .where(eq(simulatedSms.toNumber, phone))
    .orderBy(desc(simulatedSms.id))
    .limit(1);
  const code = /code is (\d{6})/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

describe('the attack of issue 21: deposits from someone else’s number', () => {
  it('refuses 15 quick deposits of 4,999,999 from another number, sending no prompt and moving nothing', async () => {
    const attacker = await lender();
    const stranger = freshNumber();
    const postings = await postingCount();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => deposit(attacker.token, 4_999_999, stranger)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(15).fill(400));
    expect(answers.map((r) => r.json().code)).toEqual(Array(15).fill('NOT_YOUR_NUMBER'));
    expect(answers[0]?.json().details.phone_number[0]).toBe(`Use your own number: ${attacker.phone}`);
    expect(sentTo(stranger)).toEqual([]);
    expect(await paymentsOf(attacker.user.id)).toEqual([]);
    expect(await postingCount()).toBe(postings);
  });

  it('refuses UGX 10^15 by validation, before any rule or provider sees it', async () => {
    const who = await lender();
    const res = await expectRefusedWithNothingSent(() => deposit(who.token, '1000000000000000', who.phone), {
      status: 400,
      code: undefined,
      phone: who.phone,
      userId: who.user.id,
    });
    expect(res.json()).toMatchObject({
      details: { amount: ['A mobile-money payment is at most UGX 100,000,000'] },
    });
  });
});

describe('own numbers', () => {
  it('deposits from and withdraws to the confirmed number on file', async () => {
    const who = await lenderWithCash(400_000);
    const res = await withdraw(who.token, 150_000, who.phone);
    expect(res.statusCode).toBe(201);
    await settleOpenPayments(t);
    expect(sentTo(who.phone).map((p) => [p.product, p.amount])).toEqual([
      ['collection', '400000'],
      ['disbursement', '150000'],
    ]);
    expect((await paymentsOf(who.user.id)).map((p) => p.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('refuses a withdrawal to someone else’s number', async () => {
    const who = await lenderWithCash(300_000);
    const stranger = freshNumber();
    await expectRefusedWithNothingSent(() => withdraw(who.token, 100_000, stranger), {
      status: 400,
      code: 'NOT_YOUR_NUMBER',
      phone: stranger,
      userId: who.user.id,
    });
  });

  it('refuses a repayment collected from someone else’s number', async () => {
    const phone = freshNumber();
    const borrower = await t.userWithToken('borrower', { phoneNumber: phone });
    const admin = await t.userWithToken('admin');
    const loan = await makeLoan(t.services, {
      userId: borrower.user.id,
      adminId: admin.user.id,
      disbursedAt: clock.now(),
    });
    const stranger = freshNumber();
    await expectRefusedWithNothingSent(
      () =>
        post(`/api/loans/loans/${loan.id}/repay/`, borrower.token, {
          amount: 50_000,
          phone_number: stranger,
        }),
      { status: 400, code: 'NOT_YOUR_NUMBER', phone: stranger, userId: borrower.user.id },
    );
    const own = await post(`/api/loans/loans/${loan.id}/repay/`, borrower.token, {
      amount: 50_000,
      phone_number: phone,
    });
    expect(own.statusCode).toBe(201);
    await settleOpenPayments(t);
  });

  it('refuses the number on file while it is not confirmed', async () => {
    const who = await lender();
    await db().update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, who.user.id));
    await expectRefusedWithNothingSent(() => deposit(who.token, 10_000, who.phone), {
      status: 409,
      code: 'PHONE_NOT_CONFIRMED',
      phone: who.phone,
      userId: who.user.id,
    });
  });
});

describe('a second number', () => {
  it('collects once confirmed by the SMS code, and pays out only 24 hours later', async () => {
    const who = await lenderWithCash(500_000);
    const second = freshNumber();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment-numbers/',
      headers: bearer(who.token),
      payload: { phone_number: second },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().numbers[1]).toMatchObject({ phone_number: second, kind: 'added', can_collect: false });

    await expectRefusedWithNothingSent(() => deposit(who.token, 10_000, second), {
      status: 409,
      code: 'NUMBER_NOT_CONFIRMED',
      phone: second,
      userId: who.user.id,
    });

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment-numbers/verify/',
      headers: bearer(who.token),
      payload: { code: await codeSentTo(second) },
    });
    expect(verify.statusCode).toBe(200);
    const payoutsFrom = new Date(clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(verify.json().numbers[1]).toMatchObject({
      can_collect: true,
      can_pay_out: false,
      payouts_from: payoutsFrom,
    });

    expect((await deposit(who.token, 20_000, second)).statusCode).toBe(201);
    await settleOpenPayments(t);
    const early = await expectRefusedWithNothingSent(() => withdraw(who.token, 100_000, second), {
      status: 409,
      code: 'NUMBER_TOO_NEW',
      phone: second,
      userId: who.user.id,
    });
    expect(early.json()).toMatchObject({
      error: expect.stringMatching(/^Withdrawals to \+2567\d{8} start on /),
    });

    const nextDay = await later(24 * 3_600_000 - 1000, who);
    await expectRefusedWithNothingSent(() => withdraw(nextDay, 100_000, second), {
      status: 409,
      code: 'NUMBER_TOO_NEW',
      phone: second,
      userId: who.user.id,
    });
    const late = await withdraw(await later(1000, who), 100_000, second);
    expect(late.statusCode).toBe(201);
    await settleOpenPayments(t);
    expect(sentTo(second).map((p) => [p.product, p.amount])).toEqual([
      ['collection', '20000'],
      ['disbursement', '100000'],
    ]);
  });

  it('is removed at once: it is someone else’s number again', async () => {
    const who = await lender();
    const second = freshNumber();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/payment-numbers/',
      headers: bearer(who.token),
      payload: { phone_number: second },
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/payment-numbers/',
      headers: bearer(who.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().numbers.map((n: { phone_number: string }) => n.phone_number)).toEqual([who.phone]);
    await expectRefusedWithNothingSent(() => deposit(who.token, 10_000, second), {
      status: 400,
      code: 'NOT_YOUR_NUMBER',
      phone: second,
      userId: who.user.id,
    });
  });
});

describe('limits', () => {
  it('refuses more than the provider’s maximum in one payment (MTN and Airtel: UGX 5,000,000)', async () => {
    const who = await lender();
    const res = await expectRefusedWithNothingSent(() => deposit(who.token, 5_000_001, who.phone), {
      status: 400,
      code: 'AMOUNT_ABOVE_PROVIDER_LIMIT',
      phone: who.phone,
      userId: who.user.id,
    });
    expect(res.json()).toMatchObject({
      details: { amount: ['MTN Mobile Money takes at most UGX 5,000,000 in one payment'] },
    });
  });

  it('refuses more than the per-transaction limit', async () => {
    const who = await lender();
    await expectRefusedWithNothingSent(() => deposit(who.token, LIMITS.perTransaction + 1, who.phone), {
      status: 400,
      code: 'AMOUNT_ABOVE_LIMIT',
      phone: who.phone,
      userId: who.user.id,
    });
    expect((await deposit(who.token, LIMITS.perTransaction, who.phone)).statusCode).toBe(201);
    await settleOpenPayments(t);
  });

  it('refuses more than the daily limit per direction; failed payments do not count', async () => {
    const who = await lenderWithCash(1_000_000);
    const refused = await expectRefusedWithNothingSent(() => deposit(who.token, 500_001, who.phone), {
      status: 400,
      code: 'DAILY_LIMIT_REACHED',
      phone: who.phone,
      userId: who.user.id,
    });
    expect(refused.json().details?.amount?.[0]).toBe(
      'At most UGX 1,500,000 can be paid in a day; UGX 500,000 is left today',
    );
    // Money out counts apart from money in.
    expect((await withdraw(who.token, 1_000_000, who.phone)).statusCode).toBe(201);
    await settleOpenPayments(t);
    // A declined prompt moved nothing, so it leaves the day's room as it was.
    await t.services.simulatorControl?.script({
      phoneNumber: who.phone,
      outcome: 'fail',
      count: 1,
      seconds: 0,
    });
    expect((await deposit(who.token, 500_000, who.phone)).statusCode).toBe(201);
    await settleOpenPayments(t);
    expect((await deposit(who.token, 500_000, who.phone)).statusCode).toBe(201);
    await settleOpenPayments(t);
    await expectRefusedWithNothingSent(() => deposit(who.token, 1, who.phone), {
      status: 400,
      code: 'DAILY_LIMIT_REACHED',
      phone: who.phone,
      userId: who.user.id,
    });
    // A new Kampala day starts afresh.
    expect((await deposit(await later(24 * 3_600_000, who), 1_000, who.phone)).statusCode).toBe(201);
    await settleOpenPayments(t);
  });

  it('holds the daily limit when requests arrive at the same moment', async () => {
    const who = await lender();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => deposit(who.token, 1_000_000, who.phone)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    expect(sentTo(who.phone)).toHaveLength(1);
    await settleOpenPayments(t);
  });

  it('refuses a new collection prompt while the limit of prompts is waiting on the phone', async () => {
    const who = await lender();
    t.services.paymentProviders.simulator?.configure({ delayMs: 60_000 });
    expect((await deposit(who.token, 1_000, who.phone)).statusCode).toBe(201);
    expect((await deposit(who.token, 2_000, who.phone)).statusCode).toBe(201);
    const res = await expectRefusedWithNothingSent(() => deposit(who.token, 3_000, who.phone), {
      status: 409,
      code: 'TOO_MANY_OPEN_PROMPTS',
      phone: who.phone,
      userId: who.user.id,
    });
    expect(res.json()).toMatchObject({
      error: '2 payment requests are already waiting on your phone. Approve or decline them first.',
    });
    t.services.paymentProviders.simulator?.configure({ delayMs: 0 });
    // The simulator keeps each payment's own decision time: fail them, as an expired prompt would.
    for (const payment of await paymentsOf(who.user.id))
      await t.services.payments.fail(payment.id, 'EXPIRED');
    expect((await deposit(who.token, 3_000, who.phone)).statusCode).toBe(201);
    await settleOpenPayments(t);
  });
});

describe('POST /api/simulator/momo/outcomes/', () => {
  it('makes the next prompts to a number fail or time out, then the simulator behaves as before', async () => {
    const admin = await t.userWithToken('admin');
    const who = await lender();
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/simulator/momo/outcomes/',
      headers: bearer(admin.token),
      payload: { phone_number: `0${who.phone.slice(4)}`, outcome: 'fail', count: 1 },
    });
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toEqual({ phone_number: who.phone, queued: [{ outcome: 'fail', seconds: 60 }] });
    await t.app.inject({
      method: 'POST',
      url: '/api/simulator/momo/outcomes/',
      headers: bearer(admin.token),
      payload: { phone_number: who.phone, outcome: 'timeout', seconds: 0 },
    });
    const first = await deposit(who.token, 10_000, who.phone);
    await settleOpenPayments(t);
    const second = await deposit(who.token, 20_000, who.phone);
    await settleOpenPayments(t);
    const third = await deposit(who.token, 30_000, who.phone);
    await settleOpenPayments(t);
    const byId = new Map((await paymentsOf(who.user.id)).map((p) => [p.id, p]));
    expect(byId.get(first.json().id)).toMatchObject({ status: 'FAILED', failureReason: 'APPROVAL_REJECTED' });
    expect(byId.get(second.json().id)).toMatchObject({ status: 'FAILED', failureReason: 'EXPIRED' });
    expect(byId.get(third.json().id)?.status).toBe('COMPLETED');
  });

  it('answers 403 to anyone but an admin and 400 to a bad number', async () => {
    const who = await lender();
    const asLender = await t.app.inject({
      method: 'POST',
      url: '/api/simulator/momo/outcomes/',
      headers: bearer(who.token),
      payload: { phone_number: who.phone, outcome: 'fail' },
    });
    expect(asLender.statusCode).toBe(403);
    const admin = await t.userWithToken('admin');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/simulator/momo/outcomes/',
      headers: bearer(admin.token),
      payload: { phone_number: '12345', outcome: 'fail' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
