import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, withAdminClient } from './postgres-server.ts';
import { createPostgresDatabase } from './test-db.ts';

const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'sente-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runCli(args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const SECRET = 'backup-test-secret-that-is-long-enough-123';

describe('npm run cli -- backup / restore', () => {
  it('restores a PostgreSQL backup into a fresh database with everything in it', async () => {
    const source = await createPostgresDatabase();
    const targetName = `sente_restore_${Date.now()}`;
    await withAdminClient((client) => client.query(`create database ${targetName}`));
    const targetUrl = databaseUrl(targetName);
    try {
      const env = { DATABASE_URL: source.url, JWT_SECRET: SECRET };
      runCli(
        [
          'user:create',
          '--email',
          'kept@backup.sente.ug',
          '--password',
          'long-enough-pw',
          '--name',
          'Kept Person',
          '--role',
          'lender',
        ],
        env,
      );
      const file = path.join(work, 'pg.pgdump');
      expect(runCli(['backup', '--out', file], env)).toContain('Backup written');
      expect(runCli(['restore', '--from', file], { DATABASE_URL: targetUrl, JWT_SECRET: SECRET })).toContain(
        'Restored',
      );

      const client = new pg.Client({ connectionString: targetUrl });
      await client.connect();
      const restored = (await client.query('select email, role from users')).rows;
      await client.end();
      expect(restored).toEqual([{ email: 'kept@backup.sente.ug', role: 'lender' }]);
      // Restoring over live data is refused.
      expect(() =>
        runCli(['restore', '--from', file], { DATABASE_URL: targetUrl, JWT_SECRET: SECRET }),
      ).toThrow(/not empty/);
    } finally {
      await source.drop();
      await withAdminClient((client) => client.query(`drop database if exists ${targetName} with (force)`));
    }
  }, 120_000);

  it('restores an embedded-database backup into an empty DATA_DIR with everything in it', () => {
    const original = path.join(work, 'original');
    const copy = path.join(work, 'copy');
    runCli(
      [
        'user:create',
        '--email',
        'embedded@backup.sente.ug',
        '--password',
        'long-enough-pw',
        '--name',
        'Embedded Person',
        '--role',
        'borrower',
      ],
      { DATA_DIR: original },
    );
    const file = path.join(work, 'embedded.tar.gz');
    runCli(['backup', '--out', file], { DATA_DIR: original });
    runCli(['restore', '--from', file], { DATA_DIR: copy });
    // The restored copy signs the same user in: creating them again is refused as a duplicate.
    expect(() =>
      runCli(
        [
          'user:create',
          '--email',
          'embedded@backup.sente.ug',
          '--password',
          'long-enough-pw',
          '--name',
          'Embedded Person',
          '--role',
          'borrower',
        ],
        { DATA_DIR: copy },
      ),
    ).toThrow(/already exists/);
    expect(() => runCli(['restore', '--from', file], { DATA_DIR: copy })).toThrow(/already holds a database/);
  }, 180_000);
});
