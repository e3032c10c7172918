import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { systemClock } from '../clock.ts';
import { createJobQueue, type JobDefinition, type JobQueue } from './job-queue.ts';

const quiet = { error: () => {}, info: () => {} };
let t: TestDatabase;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
});
afterAll(async () => {
  await t.drop();
});

function queue(pollMs: number): JobQueue {
  const created = createJobQueue({ database: t.database, clock: systemClock, pollMs });
  queues.push(created);
  return created;
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobRows(name: string) {
  const { rows } = await t.database.executeSql(
    `select id, state, retry_count, output, extract(epoch from start_after) * 1000 as start_after_ms
       from pgboss.job where name = $1 order by created_on`,
    [name],
  );
  return rows as { id: string; state: string; retry_count: number; output: { message?: string } | null }[];
}

describe('the job queue (pg-boss on this engine)', () => {
  it('runs a job queued with runSoon once, on a worker of the same database', async () => {
    const ran: unknown[] = [];
    const worker = queue(500);
    await worker.start([{ name: 'test.run-soon', run: async (_now, data) => void ran.push(data) }], quiet);
    await worker.runSoon('test.run-soon', { listing: 7 });
    await until(async () => ran.length === 1);
    await until(async () => (await jobRows('test.run-soon'))[0]?.state === 'completed');
    expect(ran).toEqual([{ listing: 7 }]);
  });

  it('keeps one waiting run however often runSoon is called while it waits', async () => {
    const idle = queue(0);
    await idle.start([{ name: 'test.deduplicated', run: async () => {} }], quiet);
    const ids = await Promise.all([1, 2, 3].map(() => idle.runSoon('test.deduplicated')));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await jobRows('test.deduplicated')).toHaveLength(1);
  });

  it('retries a failing job with growing waits, then leaves it failed (the dead letter) with its error', async () => {
    const attempts: number[] = [];
    const failing: JobDefinition = {
      name: 'test.always-fails',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async () => {
        attempts.push(Date.now());
        throw new Error('provider unreachable');
      },
    };
    const worker = queue(500);
    await worker.start([failing], quiet);
    await worker.runSoon(failing.name);
    await until(async () => (await jobRows(failing.name))[0]?.state === 'failed');
    const [dead] = await jobRows(failing.name);
    expect(dead?.retry_count).toBe(2);
    expect(dead?.output?.message).toBe('provider unreachable');
    expect(attempts).toHaveLength(3);
    // Backoff: the first retry waits 1–2 s, the second 2–4 s (pg-boss: delay × 2^n with jitter).
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(1_000);
    expect(third - second).toBeGreaterThanOrEqual(2_000);
  });

  it('puts a failed job back in line when an admin retries it, and refuses a job that did not fail', async () => {
    let isBroken = true;
    const flaky: JobDefinition = {
      name: 'test.flaky',
      retryLimit: 0,
      run: async () => {
        if (isBroken) throw new Error('broken');
      },
    };
    const worker = queue(500);
    await worker.start([flaky], quiet);
    const id = await worker.runSoon(flaky.name);
    if (!id) throw new Error('not queued');
    await until(async () => (await jobRows(flaky.name))[0]?.state === 'failed');
    isBroken = false;
    expect(await worker.retry(flaky.name, id)).toBe(true);
    await until(async () => (await jobRows(flaky.name))[0]?.state === 'completed');
    expect(await worker.retry(flaky.name, id)).toBe(false);
    expect(await worker.retry(flaky.name, '00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('keeps cron schedules in Africa/Kampala time', async () => {
    const idle = queue(0);
    await idle.start([{ name: 'test.morning', schedule: { cron: '0 7 * * *' }, run: async () => {} }], quiet);
    const { rows } = await t.database.executeSql(
      `select cron, timezone from pgboss.schedule where name = 'test.morning'`,
    );
    expect(rows).toEqual([{ cron: '0 7 * * *', timezone: 'Africa/Kampala' }]);
  });
});
