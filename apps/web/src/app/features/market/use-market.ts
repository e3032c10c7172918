import type { Bid } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';
import { listingsQuery, type MarketFilters } from './market-filters.ts';

export function useListings(filters: MarketFilters) {
  const query = listingsQuery(filters);
  return useQuery({
    queryKey: queryKeyOf('listListings', query),
    queryFn: ({ signal }) => appApi(routes.listListings, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useListing(id: number) {
  return useQuery({
    queryKey: queryKeyOf('getListing', { id }),
    queryFn: ({ signal }) => appApi(routes.getListing, { params: { id }, signal }),
    staleTime: 0,
  });
}

export const MY_BIDS_PAGE_SIZE = 20;

export function useMyBids(status: Bid['status'] | null, page: number) {
  const query = { page, page_size: MY_BIDS_PAGE_SIZE, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: queryKeyOf('myBids', query),
    queryFn: ({ signal }) => appApi(routes.myBids, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLenderStatus() {
  return useQuery({
    queryKey: queryKeyOf('getLenderStatus'),
    queryFn: ({ signal }) => appApi(routes.getLenderStatus, { signal }),
  });
}

/** The lender's cash (`cash_available`): what a new bid may reserve. */
export function usePortfolio() {
  return useQuery({
    queryKey: queryKeyOf('lenderPortfolio'),
    queryFn: ({ signal }) => appApi(routes.lenderPortfolio, { signal }),
    staleTime: 0,
  });
}

/** A bid or a withdrawal moves the listing's total, the lender's bids and its cash. */
function useRefreshAfterBid(listingId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('getListing', { id: listingId }) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('listListings') });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('myBids') });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('lenderPortfolio') });
  };
}

/** Places (or, when the lender has a live bid, replaces) a bid under the key the form keeps. */
export function usePlaceBid(listingId: number) {
  const refresh = useRefreshAfterBid(listingId);
  return useMutation({
    mutationFn: ({ body, key }: { body: { amount: number; rate: string }; key: string }) =>
      appApi(routes.placeBid, { params: { id: listingId }, body, headers: { 'idempotency-key': key } }),
    onSettled: refresh,
  });
}

export function useWithdrawBid(listingId: number) {
  const refresh = useRefreshAfterBid(listingId);
  return useMutation({
    mutationFn: (bidId: number) => appApi(routes.withdrawBid, { params: { id: bidId } }),
    onSettled: refresh,
  });
}
