import type { Services } from '../app.ts';
import { type DemoMoney, seedDemoMoney } from './demo-money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './demo-people.ts';

/**
 * Fills an empty database with demo data for trying Sente out. Each feature adds its part here,
 * through its own service, so the demo data obeys the same rules as real data.
 */
export async function seedDemoData(
  services: Services,
): Promise<{ users: number; kyc: number; money: DemoMoney }> {
  const now = services.clock.now().getTime();
  let users = 0;
  let kyc = 0;
  for (const [index, person] of DEMO_PEOPLE.entries()) {
    const user = await services.users.createUser({
      email: person.email,
      password: DEMO_PASSWORD,
      name: person.name,
      role: person.role,
      phoneNumber: person.phone,
      status: person.status,
      // Spread registrations over the past months so lists and charts look like a real history.
      createdAt: new Date(now - (DEMO_PEOPLE.length - index) * 5 * 24 * 60 * 60 * 1000),
    });
    users++;
    if (person.kyc) {
      await services.users.saveKyc(user.id, person.kyc);
      kyc++;
    }
  }
  const money = await seedDemoMoney(services);
  return { users, kyc, money };
}
