import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../test/test-db.ts';
import { fixedClock } from '../clock.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createJobRunner, type JobDefinition } from './job-runner.ts';
import { findJobRun } from './job-runs.repo.ts';

const quiet = { error: () => {}, info: () => {} };
let primary: PostgresTestDatabase;
let secondPool: Database;
beforeAll(async () => {
  primary = await createPostgresDatabase();
  // A second connection pool stands in for a second replica.
  secondPool = await openDatabase({ database: { kind: 'postgres', url: primary.url, poolSize: 4 } });
});
afterAll(async () => {
  await secondPool.close();
  await primary.drop();
});

describe('the job runner', () => {
  it('runs each tick once across two replicas that poll at the same moment', async () => {
    const clock = fixedClock(new Date('2026-03-02T08:00:00Z'));
    const runs: string[] = [];
    const job = (replica: string): JobDefinition => ({
      name: 'test.once-per-tick',
      intervalMs: 60_000,
      run: async () => {
        runs.push(replica);
      },
    });
    const a = createJobRunner({ db: primary.database.db, clock, log: quiet }, [job('a')], {
      autoStart: false,
    });
    const b = createJobRunner({ db: secondPool.db, clock, log: quiet }, [job('b')], { autoStart: false });

    for (let tick = 0; tick < 5; tick++) {
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(runs).toHaveLength(tick + 1);
      // Not yet due again: nobody runs it.
      clock.advance(30_000);
      await Promise.all([a.tick(), b.tick()]);
      expect(runs).toHaveLength(tick + 1);
      clock.advance(30_000);
    }
    expect((await findJobRun(primary.database.db, 'test.once-per-tick'))?.runCount).toBe(5);
  });

  it('runs nothing by itself when pollMs is 0 (JOB_POLL_MS=0), yet still ticks when asked', async () => {
    const clock = fixedClock(new Date('2026-03-02T08:00:00Z'));
    let runs = 0;
    const runner = createJobRunner(
      { db: primary.database.db, clock, log: quiet },
      [{ name: 'test.jobs-off', intervalMs: 1_000, run: async () => void runs++ }],
      { pollMs: 0 },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(0);
    expect(await findJobRun(primary.database.db, 'test.jobs-off')).toBeUndefined();
    expect(await runner.tick()).toEqual(['test.jobs-off']);
    await runner.stop();
    expect(runs).toBe(1);
  });

  it('records a failing job and runs it again at the next tick', async () => {
    const clock = fixedClock(new Date('2026-03-02T08:00:00Z'));
    let attempts = 0;
    const runner = createJobRunner(
      { db: primary.database.db, clock, log: quiet },
      [
        {
          name: 'test.failing',
          intervalMs: 1_000,
          run: async () => {
            attempts++;
            throw new Error('provider unreachable');
          },
        },
      ],
      { autoStart: false },
    );
    await runner.tick();
    expect((await findJobRun(primary.database.db, 'test.failing'))?.lastError).toBe('provider unreachable');
    clock.advance(1_000);
    await runner.tick();
    expect(attempts).toBe(2);
  });
});
