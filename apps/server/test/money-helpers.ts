import { inArray } from 'drizzle-orm';
import { platformTransactions } from '../src/db/schema/index.ts';
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

/** A lender with `amount` in their wallet, deposited through the API and settled. */
export async function lenderWithBalance(t: TestApp, amount: number, phone = '0772123456') {
  const lender = await t.userWithToken('lender');
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
