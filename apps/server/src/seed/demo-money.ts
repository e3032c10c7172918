import type { Services } from '../app.ts';
import type { Clock } from '../clock.ts';
import { SIMULATOR_NUMBERS } from '../features/payments/momo-simulator.ts';
import { findOpenUserByEmail } from '../features/users/users.repo.ts';
import { DEMO_PEOPLE } from './demo-people.ts';

const DAY = 24 * 60 * 60 * 1000;

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
  clock.set(new Date(now.getTime() - 450 * DAY));
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
    const amounts = [8_000_000, 5_500_000, 3_000_000, 12_000_000, 2_500_000];
    for (const [index, lender] of lenders.entries()) {
      const deposit = await services.wallet.deposit({
        userId: lender.user.id,
        role: 'lender',
        amount: amounts[index % amounts.length] ?? 1_000_000,
        phoneNumber: lender.phone,
        idempotencyKey: `demo-deposit-${lender.user.id}`,
      });
      await settle(deposit.id);
      deposits++;
    }
    const [first, second, third, fourth] = lenders;
    if (first) {
      const declined = await services.wallet.deposit({
        userId: first.user.id,
        role: 'lender',
        amount: 750_000,
        phoneNumber: SIMULATOR_NUMBERS.fails,
        idempotencyKey: `demo-deposit-declined-${first.user.id}`,
      });
      await settle(declined.id);
      deposits++;
    }
    // COMPLETED, FAILED (reversed), PROCESSING (the subscriber has not confirmed) and PENDING (the
    // provider's answer was lost; the poller will find it).
    const plan = [
      { lender: first, amount: 1_500_000, phone: first?.phone, wait: true },
      { lender: second, amount: 800_000, phone: SIMULATOR_NUMBERS.fails, wait: true },
      { lender: third ?? first, amount: 450_000, phone: SIMULATOR_NUMBERS.staysPending, wait: false },
      { lender: fourth ?? second, amount: 300_000, phone: SIMULATOR_NUMBERS.answerLost, wait: false },
    ];
    for (const [index, step] of plan.entries()) {
      if (!step.lender || !step.phone) continue;
      const withdrawal = await services.wallet.withdraw({
        userId: step.lender.user.id,
        amount: step.amount,
        phoneNumber: step.phone,
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
