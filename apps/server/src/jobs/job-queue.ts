/**
 * Background work on pg-boss (ADR 014), in the application's own database: PostgreSQL through the
 * server's pool, or the embedded PGlite through its single connection. Each job is a row that one
 * worker takes with SELECT … FOR UPDATE SKIP LOCKED, so it runs once across replicas; a failure is
 * retried with exponential backoff and, when the tries are spent, stays `failed`: the dead letter
 * an admin sees and retries in the back-office (Jobs).
 */
import PgBoss from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { retriedOnAbort } from '../db/retry-transaction.ts';

/** Schedules are read on Kampala's clock: `0 7 * * *` is seven in the morning in Uganda. */
export const SCHEDULE_TIME_ZONE = 'Africa/Kampala';
export const QUEUE_SCHEMA = 'pgboss';

export interface JobDefinition {
  /** Unique and stable: the queue's name (`marketplace.auto-invest`). */
  readonly name: string;
  /**
   * When it runs by itself. `cron`: the queue's own schedule, in Kampala time, one job per slot
   * across all replicas. `everyMs` (under a minute, below what cron can say): each working process
   * asks every `everyMs`, throttled in the queue to one job per slot.
   */
  readonly schedule?: { readonly cron: string } | { readonly everyMs: number };
  /** Queue one run as soon as a process starts its workers (loan statuses follow the calendar). */
  readonly runOnStart?: boolean;
  /** Tries after the first, waits doubling from `retryDelaySeconds`; defaults 5 and 10 s. */
  readonly retryLimit?: number;
  readonly retryDelaySeconds?: number;
  run(now: Date, data: Record<string, unknown>): Promise<void>;
}

export interface JobLog {
  error(payload: object, message: string): void;
  info(payload: object, message: string): void;
  debug?(payload: object, message: string): void;
}

export interface JobQueueOptions {
  readonly database: Database;
  readonly clock: Clock;
  /** How often an idle worker looks for work; 0: this process works no jobs (JOB_POLL_MS=0). */
  readonly pollMs: number;
}

/**
 * pg-boss creates a queue's partition with ATTACH PARTITION; two replicas doing it at the same
 * moment deadlock (seen in test/replicas.test.ts), so queue set-up takes turns under this lock.
 */
const QUEUE_SETUP_LOCK_KEY = 7_220_419_012;
const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 10;
/** pg-boss polls at most every half second. */
const MIN_POLL_MS = 500;

export function createJobQueue({ database, clock, pollMs }: JobQueueOptions) {
  const isWorking = pollMs > 0;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: QUEUE_SCHEMA,
    // Maintenance (expiring stuck jobs, archiving) and the cron clock run where jobs are worked.
    supervise: isWorking,
    schedule: isWorking,
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
    deleteAfterDays: 30,
  });
  let log: JobLog = { error: () => {}, info: () => {} };
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));

  let started: Promise<void> | undefined;
  const created = new Set<string>();
  const timers: NodeJS.Timeout[] = [];
  let isStopped = false;
  /** start() has run: this process keeps the queue's schedules (the server, not a CLI or a test). */
  let hasStarted = false;

  function ensureStarted(): Promise<void> {
    started ??= boss.start().then(() => undefined);
    return started;
  }

  async function ensureQueue(name: string, job?: JobDefinition): Promise<void> {
    await ensureStarted();
    if (created.has(name) && !job) return;
    const options: PgBoss.Queue = {
      name,
      // One waiting and one running at most: a schedule that fires while a slow run goes on, or a
      // "run soon" while one already waits, does not pile up work.
      policy: 'stately',
      retryLimit: job?.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: job?.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    };
    await database.withAdvisoryLock(QUEUE_SETUP_LOCK_KEY, async () => {
      // The lock keeps two replicas' setups apart, not another replica's pg-boss maintenance, whose
      // reads of the jobs and the queues can deadlock with the new queue's partition DDL (seen once
      // in the two-replica test). Each call is one statement: an abort leaves nothing, so it is run
      // again.
      await retriedOnAbort(() => boss.createQueue(name, options));
      // createQueue keeps an existing queue's settings; these are the code's, so they win.
      if (job) await retriedOnAbort(() => boss.updateQueue(name, options));
    });
    created.add(name);
  }

  return {
    isWorking,

    /** pg-boss has made (or migrated) its tables in this database. */
    ensureReady: ensureStarted,

    /**
     * Creates the queues and their schedules and, when this process works jobs, its workers. A job
     * that fails is logged and thrown back to pg-boss, which retries it or marks it failed.
     */
    async start(
      jobs: readonly JobDefinition[],
      logger: JobLog,
      /** Told when a job's last try failed: it is now a dead letter (admins get a message). */
      onDead?: (job: { queue: string; id: string; error: string }) => Promise<void>,
    ): Promise<void> {
      log = logger;
      hasStarted = true;
      for (const job of jobs) {
        await ensureQueue(job.name, job);
        const schedule = job.schedule;
        if (schedule && 'cron' in schedule) {
          await boss.schedule(job.name, schedule.cron, {}, { tz: SCHEDULE_TIME_ZONE });
        } else {
          // A job that is no longer on a cron (or on any schedule) must not keep its old one.
          await boss.unschedule(job.name);
        }
      }
      if (!isWorking) return;
      for (const job of jobs) {
        await boss.work<Record<string, unknown>>(
          job.name,
          {
            pollingIntervalSeconds: Math.max(pollMs, MIN_POLL_MS) / 1000,
            batchSize: 1,
            includeMetadata: true,
          },
          async ([queued]) => {
            const now = clock.now();
            try {
              await job.run(now, queued?.data ?? {});
              const ms = clock.now().getTime() - now.getTime();
              log.debug?.({ job: job.name, id: queued?.id, ms }, 'background job ran');
            } catch (failure) {
              log.error({ err: failure, job: job.name, id: queued?.id }, 'background job failed');
              if (queued && onDead && queued.retryCount >= queued.retryLimit) {
                const error = failure instanceof Error ? failure.message : String(failure);
                await onDead({ queue: job.name, id: queued.id, error }).catch((alertFailure: unknown) =>
                  log.error({ err: alertFailure, job: job.name }, 'could not tell admins of a dead job'),
                );
              }
              throw failure;
            }
          },
        );
        const schedule = job.schedule;
        if (schedule && 'everyMs' in schedule) {
          const seconds = Math.max(1, Math.round(schedule.everyMs / 1000));
          const ask = () => {
            if (isStopped) return;
            boss.sendThrottled(job.name, {}, {}, seconds, 'tick').catch((failure: unknown) => {
              // The database may be restarting; the next interval asks again.
              log.error({ err: failure, job: job.name }, 'could not queue a background job');
            });
          };
          ask();
          const timer = setInterval(ask, schedule.everyMs);
          timer.unref();
          timers.push(timer);
        }
        if (job.runOnStart) await boss.send(job.name, {});
      }
    },

    /**
     * Queues one run of the job now (deduplicated: while a run already waits, this adds none).
     * Call it after the transaction that makes the work due has committed, never inside it: on
     * PGlite the queue shares the one connection that transaction holds.
     */
    async runSoon(
      name: string,
      data: Record<string, unknown> = {},
      /** Runs with different keys wait side by side (one per payment, per message). */
      options: { key?: string } = {},
    ): Promise<string | null> {
      await ensureQueue(name);
      return boss.send(name, data, options.key ? { singletonKey: options.key } : {});
    },

    /**
     * runSoon for a use case that has committed and must not fail for it: a listing opened, a
     * lender's cash arrived. Only in a process whose jobs have started (a CLI run or a test without
     * jobs queues nothing); a failure to queue is logged, and the job's own schedule does the work
     * a little later.
     */
    nudge(name: string): void {
      if (!hasStarted || isStopped) return;
      this.runSoon(name).catch((failure: unknown) =>
        log.error({ err: failure, job: name }, 'could not queue a background job to run soon'),
      );
    },

    /** Puts a failed (dead) job back in line; false when it is not failed (or not there). */
    async retry(name: string, id: string): Promise<boolean> {
      await ensureStarted();
      const job = await boss.getJobById(name, id);
      if (job?.state !== 'failed') return false;
      await boss.retry(name, id);
      return true;
    },

    async stop(): Promise<void> {
      isStopped = true;
      for (const timer of timers) clearInterval(timer);
      // Only a started boss has anything to stop; `close: false`: the database is the app's.
      if (started) {
        await started.catch(() => {});
        await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
      }
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
