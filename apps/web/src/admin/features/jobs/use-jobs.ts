import { routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export function useJobQueues() {
  return useQuery({
    queryKey: queryKeyOf('listJobQueues'),
    queryFn: ({ signal }) => api(routes.listJobQueues, { signal }),
    // Work moves on its own: the counts refresh while the screen is open.
    refetchInterval: 10_000,
  });
}

export function useFailedJobs({ page, pageSize }: { page: number; pageSize: number }) {
  const query = { page, page_size: pageSize };
  return useQuery({
    queryKey: queryKeyOf('listFailedJobs', query),
    queryFn: ({ signal }) => api(routes.listFailedJobs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Retries a dead job; the queues and the failed list reload. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, id }: { queue: string; id: string }) =>
      api(routes.retryFailedJob, { params: { queue, id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf('listJobQueues') }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf('listFailedJobs') }),
      ]);
    },
  });
}
