import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Services } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { users } from './db/schema/index.ts';
import { findOpenUserByEmail } from './features/users/users.repo.ts';
import { seedDemoData } from './seed/demo-seed.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@sente.local';

export interface StartupReport {
  /** Set only when this start created the default admin with a generated password. */
  readonly generatedAdmin: { readonly email: string; readonly password: string } | null;
  readonly seeded: boolean;
}

/**
 * Brings the database to the state the app needs: migrations, the first admin (decisions.md), and
 * demo data for an empty database when SEED_DEMO allows.
 */
export async function prepareDatabase(
  config: Config,
  database: Database,
  services: Services,
): Promise<StartupReport> {
  await runMigrations(database);
  return database.withAdvisoryLock(7_220_419_002, async () => {
    const [row] = await database.db.select({ total: count() }).from(users);
    const isEmpty = (row?.total ?? 0) === 0;
    let generatedAdmin: StartupReport['generatedAdmin'] = null;

    if (config.admin) {
      if (!(await findOpenUserByEmail(database.db, config.admin.email))) {
        await services.users.createUser({ ...config.admin, name: 'Sente Admin', role: 'admin' });
      }
    } else if (isEmpty) {
      const password = randomBytes(12).toString('base64url');
      await services.users.createUser({
        email: DEFAULT_ADMIN_EMAIL,
        password,
        name: 'Sente Admin',
        role: 'admin',
      });
      generatedAdmin = { email: DEFAULT_ADMIN_EMAIL, password };
    }

    const seeded = isEmpty && config.seedDemo;
    if (seeded) await seedDemoData(services);
    return { generatedAdmin, seeded };
  });
}
