import type { FailedJob, JobQueueSummary } from '@sente/contract';
import type { FailedJobRow, QueueCountsRow } from './jobs.repo.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toJobQueueSummaryDto(row: QueueCountsRow): JobQueueSummary {
  return {
    name: row.name,
    schedule: row.cron,
    waiting: row.waiting,
    active: row.active,
    completed: row.completed,
    failed: row.failed,
  };
}

/** pg-boss keeps the thrown error, serialized, as the job's output. */
function errorOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return output === null || output === undefined ? null : JSON.stringify(output);
}

export function toFailedJobDto(row: FailedJobRow): FailedJob {
  return {
    id: row.id,
    queue: row.name,
    error: errorOf(row.output),
    tries: row.retry_count + 1,
    created_at: iso(row.created_on),
    failed_at: row.completed_on === null ? null : iso(row.completed_on),
  };
}
