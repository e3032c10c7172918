import { type PlatformTransaction, routes } from '@sente/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { useIdempotencyKeys } from '../../../lib/use-idempotency-key.ts';
import { appApi } from '../../session/app-api.ts';

const POLL_EVERY_MS = 3000;
/** After this, the screen stops asking on its own and offers Check again; the notification follows. */
export const POLL_FOR_MS = 3 * 60_000;

export function useRepay(loanId: number) {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: { amount: number; phone_number: string }) => {
      // One key per amount and number: a retry of the same payment is answered, never paid twice.
      const action = `repay-${body.amount}-${body.phone_number}`;
      return appApi(routes.repayLoan, {
        params: { id: loanId },
        body,
        headers: { 'idempotency-key': keys.keyFor(action) },
      }).then((transaction) => {
        keys.settle(action);
        return transaction;
      });
    },
  });
}

const isFinal = (status: PlatformTransaction['status']) => status === 'COMPLETED' || status === 'FAILED';

/**
 * The collection's state, read from the borrower's own transactions (GET /api/wallet/user/{id}/
 * transactions/, newest first) every 3 seconds until it is final or POLL_FOR_MS has passed.
 */
export function usePaymentState(userId: number, transactionId: number, loanId: number, startedAt: number) {
  const queryClient = useQueryClient();
  const query = { page: 1, page_size: 20 } as const;
  const state = useQuery({
    queryKey: queryKeyOf('userTransactions', { userId, ...query }),
    queryFn: ({ signal }) => appApi(routes.userTransactions, { params: { userId }, query, signal }),
    select: (page) => page.results.find((transaction) => transaction.id === transactionId) ?? null,
    refetchInterval: (current) => {
      const transaction = current.state.data?.results.find((item) => item.id === transactionId);
      if (transaction && isFinal(transaction.status)) return false;
      return Date.now() - startedAt < POLL_FOR_MS ? POLL_EVERY_MS : false;
    },
    staleTime: 0,
  });
  const status = state.data?.status;
  useEffect(() => {
    if (status !== 'COMPLETED') return;
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('getLoan', { id: loanId }) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('loanBalance', { id: loanId }) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf('myLoans') });
  }, [status, loanId, queryClient]);
  return state;
}
