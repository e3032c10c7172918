import { routes } from '@sente/contract';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toFailedJobDto, toJobQueueSummaryDto } from './jobs.presenter.ts';
import type { JobsService } from './jobs.service.ts';

export function registerJobsRoutes(register: RegisterRoute, jobs: JobsService): void {
  register(routes.listJobQueues, async () => ({
    results: (await jobs.listQueues()).map(toJobQueueSummaryDto),
  }));

  register(routes.listFailedJobs, async ({ query, request }) => {
    const { rows, count } = await jobs.listFailed({
      queue: query.queue,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toFailedJobDto));
  });

  register(routes.retryFailedJob, async ({ params }) => {
    await jobs.retry(params.queue, params.id);
    return { id: params.id, queue: params.queue, state: 'retry' as const };
  });
}
