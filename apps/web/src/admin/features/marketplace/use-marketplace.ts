import { type ListingStatus, routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export type ListingStatusFilter = z.infer<typeof ListingStatus> | '';

export function useListingList({
  page,
  pageSize,
  status,
}: {
  page: number;
  pageSize: number;
  status: ListingStatusFilter;
}) {
  const query = { page, page_size: pageSize, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: queryKeyOf('adminListings', query),
    queryFn: ({ signal }) => api(routes.adminListings, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMarketplaceStats() {
  return useQuery({
    queryKey: queryKeyOf('marketplaceStats'),
    queryFn: ({ signal }) => api(routes.marketplaceStats, { signal }),
  });
}

/** Lists an EXPIRED listing again; the listings and the figures reload. */
export function useRelistListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(routes.relistListing, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf('adminListings') }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf('marketplaceStats') }),
      ]);
    },
  });
}
