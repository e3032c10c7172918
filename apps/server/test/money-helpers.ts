import { inArray } from 'drizzle-orm';
import { paymentNumbers, platformTransactions } from '../src/db/schema/index.ts';
import { bearer, type TestApp } from './test-app.ts';

let keys = 0;
/** A fresh Idempotency-Key. */
export function idempotencyKey(label = 'req'): string {
  keys++;
  return `${label}-${keys}-${Date.now()}`;
}

/**
 * Asks the provider about every open payment (what the poller does, without waiting for its ticks),
 * a few rounds: a payment that never reached the provider is sent in one round and settled in the next.
 */
export async function settleOpenPayments(t: TestApp, rounds = 3): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const open = await t.db.database.db
      .select()
      .from(platformTransactions)
      .where(inArray(platformTransactions.status, ['PENDING', 'PROCESSING']));
    if (open.length === 0) return;
    for (const payment of open) await t.services.payments.refresh(payment);
  }
}

/** A lender with `amount` in their wallet, deposited through the API from their own `phone` and settled. */
export async function lenderWithBalance(t: TestApp, amount: number, phone = '0772123456') {
  const lender = await t.userWithToken('lender', { phoneNumber: phone });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/deposit/',
    headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey('deposit') },
    payload: { amount, phone_number: phone },
  });
  if (res.statusCode !== 201) throw new Error(`deposit answered ${res.statusCode}: ${res.body}`);
  await settleOpenPayments(t);
  return lender;
}

/**
 * A repayment collected outside the API (as if paid at an agent and confirmed by the provider):
 * recorded PENDING through the gateway and completed at once, so it is allocated and posted.
 */
export async function completedRepayment(
  t: TestApp,
  input: { loanId: number; userId: number; amount: number },
) {
  const { payment } = await t.db.database.db.transaction((tx) =>
    t.services.payments.create(tx, {
      type: 'REPAYMENT',
      userId: input.userId,
      amount: input.amount,
      phoneNumber: '+256772123456',
      loanId: input.loanId,
      requestKey: idempotencyKey('agent-repayment'),
      description: `Repayment of loan ${input.loanId} at an agent`,
    }),
  );
  return t.services.payments.complete(payment.id, `AGENT-${payment.id}`);
}

/** The simulator declines the next `count` prompts to this number (+2567XXXXXXXX or 07XXXXXXXX). */
export async function failNextPrompts(t: TestApp, phoneNumber: string, count = 1): Promise<void> {
  await t.services.simulatorControl?.script({ phoneNumber, outcome: 'fail', count, seconds: 0 });
}

/** The simulator lets the next `count` prompts to this number go unanswered for `seconds`, then EXPIRED. */
export async function timeOutNextPrompts(t: TestApp, phoneNumber: string, seconds: number, count = 1) {
  await t.services.simulatorControl?.script({ phoneNumber, outcome: 'timeout', count, seconds });
}

/**
 * Gives the user an added number confirmed `hoursAgo` hours ago, straight in the database: for tests
 * that need one of the simulator's fixed numbers (refused, answer lost) as a number of the user's own.
 */
export async function confirmedAddedNumber(t: TestApp, userId: number, phoneNumber: string, hoursAgo = 25) {
  const at = new Date(t.services.clock.now().getTime() - hoursAgo * 3_600_000);
  await t.db.database.db.insert(paymentNumbers).values({
    userId,
    phoneNumber,
    confirmedAt: at,
    codeHash: null,
    codeExpiresAt: null,
    triesLeft: 0,
    sentAt: at,
    sendsInWindow: 1,
    windowStartedAt: at,
    createdAt: at,
  });
}
