import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../test/test-db.ts';
import { openDatabase } from './client.ts';

describe('the PostgreSQL pool', () => {
  let db: PostgresTestDatabase;
  beforeAll(async () => {
    db = await createPostgresDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('runs statements without JIT compilation or parallel workers, on every connection', async () => {
    // Both are on by default. A generic plan with its LIMIT as a parameter is costed high enough for
    // both: at a million users a 0.1 ms page took 13-90 ms of compiling, and a 2 ms walk 9 ms in
    // parallel (docs/scale.md). Four at once, each holding its connection, so four connections answer.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.database.executeSql(
          `select pg_backend_pid() as pid, current_setting('jit') as jit,
                  current_setting('max_parallel_workers_per_gather') as workers
           from pg_sleep(0.1)`,
        ),
      ),
    );
    const sessions = answers.map((answer) => answer.rows[0]);
    expect(new Set(sessions.map((session) => session?.pid)).size).toBe(4);
    expect(sessions.map((session) => [session?.jit, session?.workers])).toEqual(
      Array.from({ length: 4 }, () => ['off', '0']),
    );
  });

  it('cancels a statement past its timeout, but not on the connection migrations run on', async () => {
    // Migration 0045's backfill takes half a minute at a million users, past the app's 30 s.
    const short = await openDatabase({
      database: { kind: 'postgres', url: db.url, poolSize: 1, statementTimeoutMs: 100 },
    });
    try {
      await expect(short.executeSql('select pg_sleep(0.3)')).rejects.toThrow(/statement timeout/);
      const slept = await short.withUntimedConnection(async (untimed) => {
        await untimed.execute(sql`select pg_sleep(0.3)`);
        const settings = (await untimed.execute(sql`select current_setting('jit') as jit`)) as unknown;
        return (settings as { rows: unknown[] }).rows;
      });
      // The app's own session settings still apply.
      expect(slept).toEqual([{ jit: 'off' }]);
    } finally {
      await short.close();
    }
  });
});
