import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openDatabase, PGLITE_EXTENSIONS, wrapPglite } from '../src/db/client.ts';
import { databaseUrl, withAdminClient } from './postgres-server.ts';

export interface TestDatabase {
  readonly database: Database;
  /** The PostgreSQL URL of this database; null on PGlite, which no other process can reach. */
  readonly url: string | null;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** Which engine this run of the suites uses: the vitest project (postgres or pglite) decides. */
export function testEngine(): 'postgres' | 'pglite' {
  return inject('databaseEngine') === 'pglite' ? 'pglite' : 'postgres';
}

/**
 * A fresh, migrated database of this test file's own, on the project's engine, with the
 * transaction guard on (a root-handle query inside a transaction throws).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return testEngine() === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

/** A fresh migrated PostgreSQL database, for suites that need a real server (other processes, pg tools). */
export type PostgresTestDatabase = TestDatabase & { readonly url: string };

export async function createPostgresDatabase(): Promise<PostgresTestDatabase> {
  const template = inject('templateDatabase');
  if (!template) throw new Error('This suite needs PostgreSQL; it runs in the postgres project only');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}" template "${template}"`));
  const url = databaseUrl(name);
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 10 }, env: 'test' });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  const database = wrapPglite(client, { guard: true });
  return { database, url: null, drop: () => database.close() };
}
