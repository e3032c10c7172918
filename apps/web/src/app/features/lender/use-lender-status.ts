import type { LenderStatus } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

/** What stands between a lender and its first bid (GET /api/lender/status/). */
export function useLenderStatus() {
  return useQuery({
    queryKey: queryKeyOf('getLenderStatus'),
    queryFn: ({ signal }) => appApi(routes.getLenderStatus, { signal }),
  });
}

/** Accepting the lender terms answers the new status, which every screen then shows. */
export function useAcceptLenderTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => appApi(routes.acceptLenderTerms),
    onSuccess: (status: LenderStatus) => queryClient.setQueryData(queryKeyOf('getLenderStatus'), status),
  });
}

/** The status again after a KYC change, which may complete (or undo) the KYC step. */
export function useRefreshLenderStatus(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyOf('getLenderStatus') });
}
