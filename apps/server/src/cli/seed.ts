import { count } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { type CliContext, CliUsageError, parseOptions, requireServices } from './cli-options.ts';

export async function runSeed(args: string[], context: CliContext | null): Promise<string> {
  const services = requireServices(context);
  parseOptions(args, {});
  const [row] = await services.db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 1) {
    throw new CliUsageError(
      'The database already has users; the demo data goes only into an empty database.',
    );
  }
  const result = await seedDemoData(services);
  return `Seeded ${result.users} demo users (${result.kyc} with KYC).`;
}
