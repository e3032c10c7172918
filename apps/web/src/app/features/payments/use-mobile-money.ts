import { normalizeUgandanMobile, type PlatformTransaction } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { useIdempotencyKeys } from '../../../lib/use-idempotency-key.ts';
import { appApi } from '../../session/app-api.ts';
import { isUnanswered } from '../../session/same-key-retry.ts';

const POLL_EVERY_MS = 3000;
/** After this, the screen stops asking on its own and offers Check again; the notification follows. */
export const POLL_FOR_MS = 3 * 60_000;

export interface MobileMoneyBody {
  readonly amount: number;
  readonly phone_number: string;
}

/**
 * A mobile-money request (a repayment, a deposit, a withdrawal) with one Idempotency-Key per action,
 * amount and number: a retry of the same payment after a lost answer is answered by the server, never
 * paid twice, and a different amount or number is a new payment.
 */
export function useMobileMoneyRequest(
  action: string,
  send: (body: MobileMoneyBody, idempotencyKey: string) => Promise<PlatformTransaction>,
) {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: async (body: MobileMoneyBody) => {
      const number = normalizeUgandanMobile(body.phone_number) ?? body.phone_number.trim();
      const name = `${action}-${body.amount}-${number}`;
      try {
        const transaction = await send(body, keys.keyFor(name));
        keys.settle(name);
        return transaction;
      } catch (error) {
        if (!isUnanswered(error)) keys.settle(name);
        throw error;
      }
    },
  });
}

const isFinal = (status: PlatformTransaction['status']) => status === 'COMPLETED' || status === 'FAILED';

/**
 * The payment's state, read from the person's own transactions (GET /api/wallet/user/{id}/
 * transactions/, newest first) every 3 seconds until it is final or POLL_FOR_MS has passed. Once it
 * is final, the queries in `refreshOnFinal` are read again (a balance, a schedule, a history).
 */
export function usePaymentState(
  userId: number,
  transactionId: number,
  startedAt: number,
  refreshOnFinal: readonly QueryKey[],
) {
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
  const isDone = status !== undefined && isFinal(status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys are read once the payment ends.
  useEffect(() => {
    if (!isDone) return;
    for (const queryKey of refreshOnFinal) void queryClient.invalidateQueries({ queryKey });
  }, [isDone, queryClient]);
  return state;
}
