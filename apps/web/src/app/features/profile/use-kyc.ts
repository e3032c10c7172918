import type { Kyc, KycUpdateBody } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

export function useKyc() {
  return useQuery({
    queryKey: queryKeyOf('getKyc'),
    queryFn: ({ signal }) => appApi(routes.getKyc, { signal }),
  });
}

export function useUpdateKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycUpdateBody) => appApi(routes.updateKyc, { body }),
    onSuccess: (kyc) => queryClient.setQueryData(queryKeyOf('getKyc'), kyc),
  });
}

/** The four fields the credit check and a lender's verification look for (docs/lending.md). */
export function isKycComplete(kyc: Kyc | undefined): boolean {
  return Boolean(kyc?.date_of_birth && kyc.gender && kyc.address && kyc.national_id);
}
