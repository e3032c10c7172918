import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PGLITE_EXTENSIONS } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

const run = promisify(execFile);

export class BackupError extends Error {}

/**
 * Backups of either database kind. PostgreSQL uses pg_dump's custom format (restored with
 * pg_restore); the embedded database is PGlite's gzipped data-directory tarball.
 */
export async function backupDatabase(config: Pick<Config, 'database'>, outFile: string): Promise<void> {
  const target = config.database;
  if (target.kind === 'postgres') {
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${outFile}`,
      target.url,
    ]);
    return;
  }
  if (!existsSync(target.dataDir))
    throw new BackupError(`There is no embedded database in ${target.dataDir}`);
  const release = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create({ dataDir: target.dataDir, extensions: PGLITE_EXTENSIONS });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(outFile, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Restores into an empty database only: a restore must never silently merge into live data. */
export async function restoreDatabase(config: Pick<Config, 'database'>, inFile: string): Promise<void> {
  if (!existsSync(inFile)) throw new BackupError(`No backup file at ${inFile}`);
  const target = config.database;
  if (target.kind === 'postgres') {
    await assertEmptyPostgres(target.url);
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      inFile,
    ]);
    return;
  }
  const hasData =
    existsSync(target.dataDir) && readdirSync(target.dataDir).some((entry) => entry !== 'sente.pid');
  if (hasData) {
    throw new BackupError(
      `${target.dataDir} already holds a database; restore into an empty DATA_DIR (move the old one away first)`,
    );
  }
  const release = lockDataDir(target.dataDir);
  try {
    const archive = await readFile(inFile);
    const client = await PGlite.create({
      dataDir: target.dataDir,
      loadDataDir: new Blob([archive]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.query('select 1');
    await client.close();
  } finally {
    release();
  }
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new BackupError('The target database is not empty; restore into a new, empty database');
  } finally {
    await client.end();
  }
}

async function runTool(tool: string, args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not installed; install the PostgreSQL client (apt-get install postgresql-client)`,
      );
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}
