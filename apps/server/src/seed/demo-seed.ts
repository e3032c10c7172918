import type { Services } from '../app.ts';
import { seedDemoLending } from './demo-lending.ts';
import { type DemoMoney, fundDemoPlatform, seedDemoMoney } from './demo-money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-people.ts';

export interface DemoSeedResult {
  readonly users: number;
  readonly kyc: number;
  readonly loanTypes: number;
  readonly applications: number;
  readonly loans: number;
  readonly repayments: number;
  readonly money: DemoMoney;
}

/**
 * Fills an empty database with demo data for trying Sente out. Each feature adds its part here,
 * through its own service, so the demo data obeys the same rules as real data.
 */
export async function seedDemoData(services: Services): Promise<DemoSeedResult> {
  const now = services.clock.now().getTime();
  let users = 0;
  let kyc = 0;
  const people = new Map<string, { id: number; name: string }>();
  for (const [index, person] of DEMO_PEOPLE.entries()) {
    const created = await services.users.createUser({
      email: person.email,
      password: DEMO_PASSWORD,
      name: person.name,
      role: person.role,
      phoneNumber: person.phone,
      status: person.status,
      // Spread registrations over the past months, before their loans, like a real history.
      createdAt: new Date(now - ((DEMO_PEOPLE.length - index) * 9 + 210) * 24 * 60 * 60 * 1000),
    });
    people.set(created.email, { id: created.id, name: created.name });
    users++;
    if (person.kyc) {
      await services.users.saveKyc(created.id, person.kyc);
      kyc++;
    }
  }
  await fundDemoPlatform(services);
  const lending = await seedDemoLending(services, people);
  const money = await seedDemoMoney(services);
  return { users, kyc, ...lending, money };
}
