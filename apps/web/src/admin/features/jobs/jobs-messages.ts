/** The Jobs screen's messages (not in the spec; worded as its other screens are). */
export const JOBS_MESSAGES = {
  queuesLoadFailed: 'Failed to load job queues',
  failedLoadFailed: 'Failed to load failed jobs',
  noFailed: 'No failed jobs. Every background job ran or is waiting its turn.',
  retryFailed: 'Failed to retry job',
  retried: (queue: string) => `The ${queue} job is back in line and runs again shortly.`,
} as const;
