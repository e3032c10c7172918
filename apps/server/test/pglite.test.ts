import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { users } from '../src/db/schema/index.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { prepareDatabase } from '../src/startup.ts';
import { testConfig } from './test-app.ts';

// The embedded default must keep working: same migrations, same sign-in, and no data loss on a crash.
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sente-pglite-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PGlite database', () => {
  it('runs the migrations, creates the admin, and signs in', async () => {
    const dataDir = tempDataDir();
    const config = testConfig({
      database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      admin: { email: 'root@embedded.sente.ug', password: 'embedded-password' },
      seedDemo: true,
    });
    const database = await openDatabase(config);
    try {
      const { app, services } = await buildApp({ config, database, logger: false });
      const report = await prepareDatabase(config, database, services);
      expect(report.seeded).toBe(true);
      // The demo's repayments were allocated on the database its migrations had just made: an
      // array of a type they created (loan_status[]) must reach PGlite as an array, or every
      // settlement parks its money in suspense.
      expect(await services.payments.listNeedingAttention({ limit: 5, offset: 0 })).toMatchObject({
        count: 0,
      });
      const [statuses] = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::integer as n from unnest(${sql.param(['ACTIVE', 'OVERDUE'])}::loan_status[])`,
      );
      expect(statuses?.n).toBe(2);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'root@embedded.sente.ug', password: 'embedded-password' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('admin');
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok' });
      await app.close();
    } finally {
      await database.close();
    }
  }, 180_000);

  // The writer migrates a fresh directory before it says ready: 11 s on a loaded 2-core machine,
  // past the default 30 s once while the suite and a bulk seed shared the cores.
  it('refuses a second process with a clear message while the first holds the directory', async () => {
    const dataDir = path.join(tempDataDir(), 'pglite');
    const child = spawnWriter(dataDir);
    try {
      await waitForLine(child, (line) => line === 'ready');
      await expect(openDatabase({ database: { kind: 'pglite', dataDir } })).rejects.toThrow(
        DataDirLockedError,
      );
      await expect(openDatabase({ database: { kind: 'pglite', dataDir } })).rejects.toThrow(
        /in use by process/,
      );
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 60_000);

  it('opens again after SIGKILL with every acknowledged write', async () => {
    const dataDir = path.join(tempDataDir(), 'pglite');
    const child = spawnWriter(dataDir);
    const acknowledged: number[] = [];
    await waitForLine(child, (line) => {
      const match = /^ack (\d+)$/.exec(line);
      if (match) acknowledged.push(Number(match[1]));
      return acknowledged.length >= 40;
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const database = await openDatabase({ database: { kind: 'pglite', dataDir } });
    try {
      const [found] = await database.db
        .select({ n: count() })
        .from(users)
        .where(inArray(users.id, acknowledged));
      expect(found?.n).toBe(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 60_000);
});

const fixture = fileURLToPath(new URL('./fixtures/pglite-writer.ts', import.meta.url));

function spawnWriter(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForLine(child: ChildProcess, isDone: (line: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      if (lines.some(isDone)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`writer exited early (${code}): ${stderr}`)));
  });
}
