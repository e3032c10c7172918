import { routes } from '@sente/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const statusKey = ['mfaStatus'] as const;

export function useMfaStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => api(routes.mfaStatus, { signal }) });
}

export function useMfaSetup() {
  return useMutation({ mutationFn: () => api(routes.mfaSetup) });
}

export function useMfaConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(routes.mfaConfirm, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useMfaDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(routes.mfaDisable, { body: { code } }),
    onSuccess: (status) => queryClient.setQueryData(statusKey, status),
  });
}
