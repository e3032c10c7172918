import type { PGlite } from '@electric-sql/pglite';
import { kampalaDate } from '@sente/contract';
import { count } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { passwordProblem } from '../features/auth/password.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import type { Value } from '../seed/scale/bulk-sink.ts';
import { silentProgress, terminalProgress } from '../seed/scale/progress.ts';
import { NotEmptyError, seedAtScale } from '../seed/scale/scale-seed.ts';
import { type CliContext, CliUsageError, parseOptions, requireServices } from './cli-options.ts';

export const SCALE_SEED_PASSWORD = 'sente-scale-demo';

export async function runSeed(args: string[], context: CliContext | null): Promise<string> {
  const services = requireServices(context);
  const options = parseOptions(args, {
    scale: { type: 'string' },
    seed: { type: 'string' },
    today: { type: 'string' },
    password: { type: 'string' },
    quiet: { type: 'boolean' },
  });
  if (options.scale !== undefined) return runScaleSeed(context as CliContext, options);
  if (options.seed !== undefined || options.today !== undefined || options.password !== undefined) {
    throw new CliUsageError('--seed, --today and --password go with --scale');
  }
  const [row] = await services.db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 1) {
    throw new CliUsageError(
      'The database already has users; the demo data goes only into an empty database.',
    );
  }
  const result = await seedDemoData(services);
  return `Seeded ${result.users} demo users (${result.kyc} with KYC).`;
}

async function runScaleSeed(
  context: CliContext,
  options: { scale?: string; seed?: string; today?: string; password?: string; quiet?: boolean },
): Promise<string> {
  const scale = Number(options.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
    throw new CliUsageError('--scale takes a number above 0 (1 ≈ 1,000 users, 100 ≈ 100,000)');
  }
  const seed = options.seed === undefined ? 1 : Number(options.seed);
  if (!Number.isSafeInteger(seed)) throw new CliUsageError('--seed takes a whole number');
  const today = options.today ?? kampalaDate(context.services.clock.now());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(today))) {
    throw new CliUsageError('--today takes a date, YYYY-MM-DD');
  }
  const password = options.password ?? SCALE_SEED_PASSWORD;
  const weak = passwordProblem(password);
  if (weak) throw new CliUsageError(`--password: ${weak}`);
  const { database, config } = context;
  const target =
    config.database.kind === 'postgres'
      ? { kind: 'postgres' as const, url: config.database.url }
      : {
          kind: 'pglite' as const,
          query: (text: string, params?: Value[]) =>
            (database.db as unknown as { $client: PGlite }).$client.query(text, params ?? []),
        };
  try {
    const report = await seedAtScale(target, {
      scale,
      seed,
      today,
      password,
      progress: options.quiet ? silentProgress : terminalProgress(),
    });
    const lines = Object.entries(report.rows).map(
      ([table, n]) => `  ${table.padEnd(28)} ${n.toLocaleString('en-US').padStart(12)}`,
    );
    return [
      `Seeded scale ${scale} (seed ${seed}, today ${today}) in ${report.seconds.toFixed(1)} s:`,
      ...lines,
      `Sign in as ${report.adminEmail} (or any seeded account) with the password "${password}".`,
    ].join('\n');
  } catch (error) {
    if (error instanceof NotEmptyError) throw new CliUsageError(error.message);
    throw error;
  }
}
