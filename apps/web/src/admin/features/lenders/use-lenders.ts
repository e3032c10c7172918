import { routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export type VerifiedFilter = 'true' | 'false' | '';

export function useLenderList({
  page,
  pageSize,
  verified,
  search,
}: {
  page: number;
  pageSize: number;
  verified: VerifiedFilter;
  search: string;
}) {
  const query = {
    page,
    page_size: pageSize,
    ...(verified ? { verified } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf('listLenders', query),
    queryFn: ({ signal }) => api(routes.listLenders, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Verifies a lender with the admin's note; the lender list and the marketplace figures reload. */
export function useVerifyLender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api(routes.verifyLender, { params: { id }, body: { note } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf('listLenders') }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf('marketplaceStats') }),
      ]);
    },
  });
}
