import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, withAdminClient } from './postgres-server.ts';

const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const name = `sente_migrate_${randomBytes(4).toString('hex')}`;
afterAll(() => withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)));

function migrate(): string {
  return execFileSync(process.execPath, ['--import', 'tsx', cli, 'migrate'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(name),
      JWT_SECRET: 'migrate-test-secret-that-is-long-enough-123',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm run cli -- migrate (a deploy step before the replicas roll)', () => {
  it('migrates an empty database, and a second run changes nothing', async () => {
    await withAdminClient((client) => client.query(`create database ${name}`));
    expect(migrate()).toContain('Migrations applied');
    expect(migrate()).toContain('Migrations applied');
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    const { rows } = await client
      .query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      )
      .finally(() => client.end());
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['users', 'loans', 'messages', 'payment_numbers']),
    );
  }, 60_000);
});
