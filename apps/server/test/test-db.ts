import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { databaseUrl, withAdminClient } from './postgres-server.ts';

export interface TestDatabase {
  readonly database: Database;
  readonly url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database of this test file's own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}" template "${template}"`));
  const url = databaseUrl(name);
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 10 } });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
