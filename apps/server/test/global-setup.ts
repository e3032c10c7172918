import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrl, withAdminClient } from './postgres-server.ts';

/**
 * Migrates one template database per run; each test file clones it (CREATE DATABASE … TEMPLATE),
 * which is much faster than migrating every file's database. All are dropped at the end.
 */
export async function setup(project: TestProject) {
  const template = `sente_tpl_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${template}`));
  const database = await openDatabase({
    database: { kind: 'postgres', url: databaseUrl(template), poolSize: 2 },
  });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  project.provide('templateDatabase', template);
  return async () => {
    await withAdminClient(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `${template}_%`],
      );
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
