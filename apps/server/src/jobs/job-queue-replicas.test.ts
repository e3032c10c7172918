import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../test/test-db.ts';
import { systemClock } from '../clock.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

const quiet = { error: () => {}, info: () => {} };
let primary: PostgresTestDatabase;
let secondPool: Database;
let replicas: JobQueue[] = [];
beforeAll(async () => {
  primary = await createPostgresDatabase();
  // A second connection pool stands in for a second replica.
  secondPool = await openDatabase({ database: { kind: 'postgres', url: primary.url, poolSize: 4 } });
});
afterAll(async () => {
  for (const replica of replicas) await replica.stop();
  await secondPool.close();
  await primary.drop();
});

describe('the job queue across two replicas', () => {
  it('runs each of 40 queued jobs exactly once although both replicas work the queue', async () => {
    const runs: { replica: string; key: unknown }[] = [];
    const name = 'test.once-across-replicas';
    replicas = [primary.database, secondPool].map((database) =>
      createJobQueue({ database, clock: systemClock, pollMs: 500 }),
    );
    await Promise.all(
      replicas.map((replica, index) =>
        replica.start(
          [
            {
              name,
              run: async (_now, data) => {
                runs.push({ replica: String(index), key: data.key });
                // Long enough that both replicas fetch while others are still running.
                await new Promise((resolve) => setTimeout(resolve, 20));
              },
            },
          ],
          quiet,
        ),
      ),
    );
    // Distinct keys: 40 separate runs, not one deduplicated waiting run.
    const [a] = replicas;
    for (let key = 0; key < 40; key++) await a?.runSoon(name, { key }, { key: `k${key}` });
    const deadline = Date.now() + 30_000;
    while (runs.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Several more polls of each replica: nothing runs twice.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toHaveLength(40);
    expect(new Set(runs.map((run) => run.key)).size).toBe(40);
    expect(new Set(runs.map((run) => run.replica))).toEqual(new Set(['0', '1']));
  });
});
