import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { claimDueTick, ensureJobRow, recordTickEnd } from './job-runs.repo.ts';

export interface JobDefinition {
  /** Unique and stable: it is the job's row in job_runs. */
  readonly name: string;
  readonly intervalMs: number;
  run(now: Date): Promise<void>;
}

export interface JobRunner {
  /** Claims and runs every due job once, now; what the timers call. Answers the names that ran. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Runs background jobs so that each tick happens once across all replicas: every process checks
 * often, and only the one whose conditional UPDATE moves the job's next run forward does the work.
 * A process that dies mid-job simply leaves the next tick to whoever claims it.
 */
export function createJobRunner(
  deps: {
    db: Db;
    clock: Clock;
    log: Pick<FastifyBaseLogger, 'error' | 'info'> & Partial<Pick<FastifyBaseLogger, 'debug'>>;
  },
  jobs: readonly JobDefinition[],
  /** `pollMs` 0 starts nothing, like `autoStart: false`: this process runs jobs only when asked (JOB_POLL_MS=0). */
  options: { pollMs?: number; autoStart?: boolean } = {},
): JobRunner {
  const { db, clock, log } = deps;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = false;
  let isPrepared = false;

  async function runJob(job: JobDefinition): Promise<boolean> {
    const now = clock.now();
    if (!(await claimDueTick(db, job.name, now, job.intervalMs))) return false;
    let error: string | null = null;
    try {
      await job.run(now);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      log.error({ err: failure, job: job.name }, 'background job failed');
    }
    const finishedAt = clock.now();
    await recordTickEnd(db, job.name, finishedAt, error);
    // Which replica ran which tick, for whoever reads the logs (LOG_LEVEL=debug).
    log.debug?.({ job: job.name, ms: finishedAt.getTime() - now.getTime() }, 'background job ran');
    return true;
  }

  async function tick(): Promise<string[]> {
    if (!isPrepared) {
      for (const job of jobs) await ensureJobRow(db, job.name, clock.now());
      isPrepared = true;
    }
    const ran: string[] = [];
    for (const job of jobs) {
      if (isStopped) break;
      if (await runJob(job)) ran.push(job.name);
    }
    return ran;
  }

  const safeTick = () => {
    running = running.then(tick).catch((failure: unknown) => {
      // The database may be restarting; the next poll tries again.
      log.error({ err: failure }, 'job tick failed');
    });
    return running;
  };

  const pollMs = options.pollMs ?? 5_000;
  let timer: NodeJS.Timeout | undefined;
  if (options.autoStart !== false && pollMs > 0 && jobs.length > 0) {
    void safeTick();
    timer = setInterval(safeTick, pollMs);
    timer.unref();
  }

  return {
    tick,
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
