import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS, wrapPglite } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { failOnDeprecations } from './deprecation-warnings.ts';
import { databaseUrl, withAdminClient } from './postgres-server.ts';

export type DatabaseEngine = 'postgres' | 'pglite';

/**
 * Migrates one template per run and engine; each test file starts from a copy of it. PostgreSQL:
 * a template database cloned with CREATE DATABASE … TEMPLATE. PGlite: a dump of a migrated
 * in-memory database, loaded into a fresh in-memory PGlite per file. All are removed at the end.
 */
export async function setup(project: TestProject) {
  const engine: DatabaseEngine = project.config.provide?.databaseEngine === 'pglite' ? 'pglite' : 'postgres';
  return engine === 'pglite' ? setupPglite(project) : setupPostgres(project);
}

async function setupPglite(project: TestProject) {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = wrapPglite(client, { guard: false });
  try {
    await runMigrations(database);
    failOnDeprecations();
    const dump = await client.dumpDataDir('none');
    const file = path.join(tmpdir(), `sente-pglite-template-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('templateDatabase', '');
    return async () => rmSync(file, { force: true });
  } finally {
    await database.close();
  }
}

async function setupPostgres(project: TestProject) {
  const template = `sente_tpl_${randomBytes(4).toString('hex')}`;
  // The template and every copy of it the files made (named after it).
  const dropAll = () =>
    withAdminClient(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `${template}_%`],
      );
      for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    });
  await withAdminClient((client) => client.query(`create database ${template}`));
  try {
    const database = await openDatabase({
      database: { kind: 'postgres', url: databaseUrl(template), poolSize: 2 },
    });
    try {
      await runMigrations(database);
      failOnDeprecations();
    } finally {
      await database.close();
    }
  } catch (error) {
    // A run that fails here never calls the teardown: the template would be left on the server.
    await dropAll();
    throw error;
  }
  project.provide('templateDatabase', template);
  project.provide('pgliteTemplate', '');
  return dropAll;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseEngine: DatabaseEngine;
    templateDatabase: string;
    pgliteTemplate: string;
  }
}
