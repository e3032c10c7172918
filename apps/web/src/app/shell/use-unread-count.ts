import { routes } from '@sente/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../lib/query-key.ts';
import { appApi } from '../session/app-api.ts';

const UNREAD_QUERY = { page: 1, page_size: 1, unread_only: 'true' } as const;

/** How many notifications wait unread, for the Inbox badge; 0 while unknown or offline. */
export function useUnreadCount(): number {
  const unread = useQuery({
    queryKey: queryKeyOf('listNotifications', UNREAD_QUERY),
    queryFn: ({ signal }) => appApi(routes.listNotifications, { query: UNREAD_QUERY, signal }),
    refetchInterval: 60_000,
  });
  return unread.data?.unread_count ?? 0;
}
