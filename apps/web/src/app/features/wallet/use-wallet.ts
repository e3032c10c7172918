import { routes } from '@sente/contract/routes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';
import { useMobileMoneyRequest } from '../payments/use-mobile-money.ts';

const HISTORY_PAGE_SIZE = 10;

/** What to read again once a deposit or withdrawal is final: the cash and the history. */
export const WALLET_QUERIES = [
  queryKeyOf('lenderPortfolio'),
  queryKeyOf('walletBalance'),
  queryKeyOf('userTransactions'),
] as const;

export function useWalletBalance() {
  return useQuery({
    queryKey: queryKeyOf('walletBalance'),
    queryFn: ({ signal }) => appApi(routes.walletBalance, { signal }),
  });
}

export function useDeposit() {
  return useMobileMoneyRequest('deposit', (body, key) =>
    appApi(routes.deposit, { body, headers: { 'idempotency-key': key } }),
  );
}

export function useWithdraw() {
  return useMobileMoneyRequest('withdraw', (body, key) =>
    appApi(routes.withdraw, { body, headers: { 'idempotency-key': key } }),
  );
}

/** The person's own deposits and withdrawals, newest first, 10 at a time. */
export function useWalletHistory(userId: number) {
  return useInfiniteQuery({
    queryKey: queryKeyOf('userTransactions', { userId, page_size: HISTORY_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      appApi(routes.userTransactions, {
        params: { userId },
        query: { page: pageParam, page_size: HISTORY_PAGE_SIZE, ordering: '-created_at' },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next === null ? undefined : lastPage + 1),
  });
}
