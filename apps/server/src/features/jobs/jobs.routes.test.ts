import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { systemClock } from '../../clock.ts';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue.ts';

let t: TestApp;
let admin: string;
let worker: JobQueue;
let deadId: string;
let isBroken = true;
const QUEUE = 'test.sends-statements';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken('admin')).token;
  // A replica that works the queue: the job fails once (no retries left) and becomes a dead letter.
  worker = createJobQueue({ database: t.db.database, clock: systemClock, pollMs: 500 });
  await worker.start(
    [
      {
        name: QUEUE,
        retryLimit: 0,
        schedule: { cron: '0 7 1 * *' },
        run: async () => {
          if (isBroken) throw new Error('SMTP server refused the connection');
        },
      },
    ],
    { info: () => {}, error: () => {} },
  );
  deadId = (await worker.runSoon(QUEUE)) ?? '';
  const deadline = Date.now() + 20_000;
  while ((await failedCount()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function failedCount(): Promise<number> {
  const { rows } = await t.db.database.executeSql(
    `select count(*)::int as n from pgboss.job where name = $1 and state = 'failed'`,
    [QUEUE],
  );
  return Number(rows[0]?.n);
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const retry = (queue: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/jobs/admin/${queue}/${id}/retry/`, headers: bearer(admin) });

describe('GET /api/jobs/admin/queues/', () => {
  it('lists each queue with its Kampala schedule and its failed jobs counted', async () => {
    const res = await get('/api/jobs/admin/queues/');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toContainEqual({
      name: QUEUE,
      schedule: '0 7 1 * *',
      waiting: 0,
      active: 0,
      completed: 0,
      failed: 1,
    });
  });
});

describe('GET /api/jobs/admin/failed/', () => {
  it('lists the dead letter with the error of its last try', async () => {
    const res = await get(`/api/jobs/admin/failed/?queue=${QUEUE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      count: 1,
      results: [{ id: deadId, queue: QUEUE, error: 'SMTP server refused the connection', tries: 1 }],
    });
    expect((await get('/api/jobs/admin/failed/?queue=test.other')).json().count).toBe(0);
  });

  it('answers 400 to a queue name that cannot be one', async () => {
    expect((await get('/api/jobs/admin/failed/?queue=DROP%20TABLE')).statusCode).toBe(400);
  });
});

describe('POST /api/jobs/admin/:queue/:id/retry/', () => {
  it('answers 404 for a job it does not know and 400 for an id that is not a UUID', async () => {
    expect((await retry(QUEUE, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry(QUEUE, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('puts the dead job back in line; it runs and completes; a second retry answers 409', async () => {
    isBroken = false;
    const res = await retry(QUEUE, deadId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: deadId, queue: QUEUE, state: 'retry' });
    const deadline = Date.now() + 20_000;
    const stateOf = async () =>
      (await t.db.database.executeSql('select state from pgboss.job where id = $1', [deadId])).rows[0]?.state;
    while ((await stateOf()) !== 'completed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await stateOf()).toBe('completed');
    const again = await retry(QUEUE, deadId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('JOB_NOT_FAILED');
  });
});
