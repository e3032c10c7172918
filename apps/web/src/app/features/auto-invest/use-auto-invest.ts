import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';
import type { AutoInvestBody } from './auto-invest-checks.ts';

export function useAutoInvestRule() {
  return useQuery({
    queryKey: queryKeyOf('getAutoInvestRule'),
    queryFn: ({ signal }) => appApi(routes.getAutoInvestRule, { signal }),
    staleTime: 0,
  });
}

export function useSaveAutoInvestRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoInvestBody) => appApi(routes.saveAutoInvestRule, { body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf('getAutoInvestRule'), saved),
  });
}
