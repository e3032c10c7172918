import { DAY_MS } from '@sente/contract';
import { createServices, type Services } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { seedDemoLending } from './demo-lending.ts';
import { type DemoMarketplace, seedDemoMarketplace } from './demo-marketplace.ts';
import { type DemoMarketplaceHistory, seedDemoMarketplaceHistory } from './demo-marketplace-history.ts';
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
  readonly marketplace: DemoMarketplace;
  readonly marketplaceHistory: DemoMarketplaceHistory;
}

/**
 * Fills an empty database with demo data for trying Sente out. Each feature adds its part here,
 * through its own service, so the demo data obeys the same rules as real data.
 *
 * The history (people, capital, applications, loans and repayments over the past months) is made by
 * the same services built with a clock the seed moves: each step happens at its own date, and no
 * production service takes a back-dating parameter. The recent wallet money goes through the live
 * services and their MoMo simulator.
 */
export async function seedDemoData(services: Services): Promise<DemoSeedResult> {
  const clock = fixedClock(services.clock.now());
  const past = createServices({ config: services.config, database: services.database, clock });
  try {
    const history = await seedDemoHistory(past, clock);
    await services.loans.refreshStatuses();
    const money = await seedDemoMoney(services);
    const marketplace = await seedDemoMarketplace(services);
    return { ...history, money, marketplace };
  } finally {
    await past.paymentProviders.close();
  }
}

async function seedDemoHistory(services: Services, clock: ReturnType<typeof fixedClock>) {
  const now = services.clock.now().getTime();
  let users = 0;
  let kyc = 0;
  const people = new Map<string, { id: number; name: string }>();
  for (const [index, person] of DEMO_PEOPLE.entries()) {
    // Spread registrations over the past months, before their loans, like a real history.
    clock.set(new Date(now - ((DEMO_PEOPLE.length - index) * 9 + 210) * DAY_MS));
    const created = await services.users.createUser({
      email: person.email,
      password: DEMO_PASSWORD,
      name: person.name,
      role: person.role,
      phoneNumber: person.phone,
      status: person.status,
    });
    people.set(created.email, { id: created.id, name: created.name });
    users++;
    if (person.kyc) {
      await services.users.saveKyc(created.id, person.kyc);
      kyc++;
    }
  }
  clock.set(new Date(now));
  await fundDemoPlatform(services, clock);
  const lending = await seedDemoLending(services, clock, people);
  clock.set(new Date(now));
  const marketplaceHistory = await seedDemoMarketplaceHistory(services, clock);
  clock.set(new Date(now));
  return { users, kyc, ...lending, marketplaceHistory };
}
