import { z } from 'zod';
import { ApiError, IsoDateTime, pageOf, pageQuery } from './common.ts';
import { route } from './route.ts';

/** A background job queue (pg-boss) and how many of its jobs are in each state. */
export const JobQueueSummary = z
  .object({
    name: z.string(),
    /** A cron line in Africa/Kampala time, or null when it runs only when asked (or every few seconds). */
    schedule: z.string().nullable(),
    waiting: z.number().int(),
    active: z.number().int(),
    completed: z.number().int(),
    /** Dead letters: jobs whose every try failed; an admin may retry them. */
    failed: z.number().int(),
  })
  .meta({ id: 'JobQueueSummary' });
export type JobQueueSummary = z.infer<typeof JobQueueSummary>;

export const FailedJob = z
  .object({
    id: z.uuid(),
    queue: z.string(),
    /** The error of the last try. */
    error: z.string().nullable(),
    tries: z.number().int(),
    created_at: IsoDateTime,
    failed_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'FailedJob' });
export type FailedJob = z.infer<typeof FailedJob>;

const QueueName = z
  .string()
  .regex(/^[a-z][a-z0-9.-]{0,99}$/, 'must be a queue name such as marketplace.auto-invest');

export const listJobQueues = route({
  method: 'GET',
  path: '/api/jobs/admin/queues/',
  auth: 'admin',
  summary:
    'Every background job queue with its schedule and the number of jobs waiting, running, done and failed',
  tags: ['jobs'],
  responses: { 200: z.object({ results: z.array(JobQueueSummary) }), 401: ApiError, 403: ApiError },
});

export const listFailedJobs = route({
  method: 'GET',
  path: '/api/jobs/admin/failed/',
  auth: 'admin',
  summary: 'Dead letters: background jobs whose every try failed, newest first',
  tags: ['jobs'],
  query: pageQuery(20).extend({ queue: QueueName.optional() }),
  responses: { 200: pageOf(FailedJob), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const retryFailedJob = route({
  method: 'POST',
  path: '/api/jobs/admin/:queue/:id/retry/',
  auth: 'admin',
  summary: 'Put a failed background job back in line (it runs again with one more try)',
  tags: ['jobs'],
  params: z.object({ queue: QueueName, id: z.uuid() }),
  responses: {
    200: z.object({ id: z.uuid(), queue: z.string(), state: z.literal('retry') }),
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
  },
});

export const jobsRoutes = { listJobQueues, listFailedJobs, retryFailedJob } as const;
