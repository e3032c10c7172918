import type { Services } from '../app.ts';
import type { JobDefinition } from './job-runner.ts';

const HOUR = 60 * 60 * 1000;

/** Every background job of the server. Features add theirs here. */
export function backgroundJobs(services: Services): JobDefinition[] {
  return [
    {
      name: 'auth.prune-sign-in-records',
      intervalMs: HOUR,
      run: (now) => services.auth.pruneExpired(now),
    },
  ];
}
