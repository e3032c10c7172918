import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_ROOT } from '../server-root.ts';
import type { Database } from './client.ts';

/** The committed SQL migrations: apps/server/migrations, from source or from the bundled dist. */
export const migrationsFolder = path.join(SERVER_ROOT, 'migrations');

// Any fixed number; replicas starting together take turns instead of racing the same DDL.
const MIGRATION_LOCK_KEY = 7_220_419_001;

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    // Enum types a migration just created: their arrays are parameters of settlements (ADR 015).
    await database.refreshTypes();
    return;
  }
  // On a connection without the app's timeouts: a backfill may take longer than a request may.
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () =>
    database.withUntimedConnection((db) =>
      migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder }),
    ),
  );
}
