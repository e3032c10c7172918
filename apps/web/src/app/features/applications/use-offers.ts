import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { useIdempotencyKeys } from '../../../lib/use-idempotency-key.ts';
import { appApi } from '../../session/app-api.ts';

export function useOffers(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf('applicationOffers', { id: applicationId }),
    queryFn: ({ signal }) => appApi(routes.applicationOffers, { params: { id: applicationId }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** After any choice the application, its listing and the home's lists have moved on. */
function useRefreshApplication(applicationId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('applicationOffers', { id: applicationId }) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('getApplication', { id: applicationId }) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('myApplications') });
  };
}

export function useRequestOffers(applicationId: number) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: () => appApi(routes.requestOffers, { params: { id: applicationId } }),
    onSuccess: refresh,
  });
}

/** Accepting reserves lenders' money: one Idempotency-Key per offer, reused when the person retries. */
export function useAcceptOffer(applicationId: number) {
  const refresh = useRefreshApplication(applicationId);
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (offerId: number) =>
      appApi(routes.acceptOffer, {
        params: { id: applicationId, offerId },
        headers: { 'idempotency-key': keys.keyFor(`accept-${offerId}`) },
      }),
    onSuccess: (offer) => {
      keys.settle(`accept-${offer.id}`);
      refresh();
    },
  });
}

export function useDeclineOffers(applicationId: number) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: () => appApi(routes.declineOffers, { params: { id: applicationId } }),
    onSuccess: refresh,
  });
}
