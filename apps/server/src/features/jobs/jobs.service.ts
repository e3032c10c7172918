import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../domain-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findFailedJobs, findJobState, findQueueCounts } from './jobs.repo.ts';

/** The back-office's view of the job queue: what waits, what runs, what died, and a retry. */
export function createJobsService({ db, queue }: { db: Db; queue: JobQueue }) {
  return {
    async listQueues() {
      // pg-boss makes its tables on first start; until then there is nothing to show.
      await queue.ensureReady();
      return findQueueCounts(db);
    },

    async listFailed(filter: { queue?: string | undefined; limit: number; offset: number }) {
      await queue.ensureReady();
      return findFailedJobs(db, filter);
    },

    async retry(name: string, id: string): Promise<void> {
      await queue.ensureReady();
      const state = await findJobState(db, name, id);
      if (state === undefined) throw new NotFoundError('JOB_NOT_FOUND', 'Job not found');
      if (state !== 'failed' || !(await queue.retry(name, id))) {
        throw new ConflictError('JOB_NOT_FAILED', `Only a failed job can be retried; this one is ${state}`);
      }
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
