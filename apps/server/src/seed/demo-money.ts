import { DAY_MS, normalizeUgandanMobile } from '@sente/contract';
import type { Services } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { ScriptedOutcome } from '../features/payments/momo-simulator.ts';
import { findOpenUserByEmail } from '../features/users/users.repo.ts';
import { DEMO_PEOPLE } from './demo-people.ts';

export interface DemoMoney {
  readonly capital: number;
  readonly deposits: number;
  readonly withdrawals: number;
}

/**
 * Demo wallet money, moved through the same services as real money and the MoMo simulator: lenders'
 * deposits (one declined) and withdrawals in every status. Nothing is sent to a real provider:
 * without the simulator this part is skipped.
 */
export const DEMO_CAPITAL = 150_000_000;

/** The owners' start-up capital, before any loan is paid out. */
export async function fundDemoPlatform(services: Services, clock: Clock & { set(date: Date): void }) {
  const now = clock.now();
  clock.set(new Date(now.getTime() - 450 * DAY_MS));
  await services.capital.payIn({
    amount: DEMO_CAPITAL,
    idempotencyKey: 'demo-seed',
    reference: 'Owners paid start-up capital into the MTN MoMo float',
    adminId: null,
  });
  clock.set(now);
}

export async function seedDemoMoney(services: Services): Promise<DemoMoney> {
  const capital = DEMO_CAPITAL;
  const simulator = services.paymentProviders.simulator;
  if (!simulator) return { capital, deposits: 0, withdrawals: 0 };

  const lenders = [];
  for (const person of DEMO_PEOPLE.filter((p) => p.role === 'lender' && p.status === 'Active')) {
    const user = await findOpenUserByEmail(services.db, person.email);
    if (user) lenders.push({ user, phone: person.phone });
  }
  // Settle at once and without random failures, so the demo is the same on every start.
  simulator.configure({ delayMs: 0, failureRate: 0 });
  const settle = (id: number) => services.payments.waitUntilFinal(id, 5_000, 20);
  let deposits = 0;
  let withdrawals = 0;
  try {
    // Within the provider's maximum per payment (UGX 5,000,000) and a day's limit (docs/money.md):
    // the larger top-ups arrive in several payments.
    const amounts = [8_000_000, 5_500_000, 3_000_000, 10_000_000, 2_500_000];
    for (const [index, lender] of lenders.entries()) {
      let left = amounts[index % amounts.length] ?? 1_000_000;
      for (let part = 0; left > 0; part++) {
        const amount = Math.min(left, 5_000_000);
        left -= amount;
        const deposit = await services.wallet.deposit({
          userId: lender.user.id,
          role: 'lender',
          amount,
          phoneNumber: lender.phone,
          idempotencyKey:
            part === 0 ? `demo-deposit-${lender.user.id}` : `demo-deposit-${lender.user.id}-${part}`,
        });
        await settle(deposit.id);
        deposits++;
      }
    }
    // Money moves only to and from a lender's own number, so the simulator is told how the next
    // prompt to that number ends (what the failing and silent cases look like on a real phone).
    const script = (phone: string, outcome: ScriptedOutcome) =>
      services.paymentProviders.scriptSimulator(normalizeUgandanMobile(phone) ?? phone, outcome, 1);
    const [first, second, third, fourth] = lenders;
    if (first) {
      await script(first.phone, { outcome: 'fail', seconds: 0 });
      const declined = await services.wallet.deposit({
        userId: first.user.id,
        role: 'lender',
        amount: 750_000,
        phoneNumber: first.phone,
        idempotencyKey: `demo-deposit-declined-${first.user.id}`,
      });
      await settle(declined.id);
      deposits++;
    }
    // COMPLETED, FAILED (reversed), PROCESSING (the subscriber has not answered; MoMo expires the
    // prompt after an hour) and PENDING (the provider's answer was lost; the poller will find it).
    const plan: { lender: typeof first; amount: number; outcome: ScriptedOutcome | null; wait: boolean }[] = [
      { lender: first, amount: 1_500_000, outcome: null, wait: true },
      { lender: second, amount: 800_000, outcome: { outcome: 'fail', seconds: 0 }, wait: true },
      {
        lender: third ?? first,
        amount: 450_000,
        outcome: { outcome: 'timeout', seconds: 3600 },
        wait: false,
      },
      {
        lender: fourth ?? second,
        amount: 300_000,
        outcome: { outcome: 'lose_answer', seconds: 0 },
        wait: false,
      },
    ];
    for (const [index, step] of plan.entries()) {
      if (!step.lender) continue;
      if (step.outcome) await script(step.lender.phone, step.outcome);
      const withdrawal = await services.wallet.withdraw({
        userId: step.lender.user.id,
        amount: step.amount,
        phoneNumber: step.lender.phone,
        idempotencyKey: `demo-withdrawal-${index}-${step.lender.user.id}`,
      });
      if (step.wait) await settle(withdrawal.id);
      withdrawals++;
    }
  } finally {
    simulator.configure({
      delayMs: services.paymentProviders.defaults.delayMs,
      failureRate: services.paymentProviders.defaults.failureRate,
    });
  }
  return { capital, deposits, withdrawals };
}
