import { routes } from '@sente/contract/routes';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

const PAGE_SIZE = 20;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: queryKeyOf('listNotifications', { page_size: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      appApi(routes.listNotifications, { query: { page: pageParam, page_size: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next === null ? undefined : lastPage + 1),
  });
}

function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeyOf('listNotifications') });
}

export function useMarkRead() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (id: number) => appApi(routes.markNotificationRead, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshInbox();
  return useMutation({ mutationFn: () => appApi(routes.markAllNotificationsRead), onSuccess: refresh });
}
