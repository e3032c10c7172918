import type { PaymentNumbers } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

const KEY = queryKeyOf('paymentNumbers');

/** The user's mobile-money numbers (the phone on file, an added one) and their limits. */
export function usePaymentNumbers() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => appApi(routes.paymentNumbers, { signal }),
    staleTime: 0,
  });
}

/** Every change answers the numbers as they are now: the screen shows that answer at once. */
function useNumbersChange<T>(
  send: (input: T) => Promise<PaymentNumbers>,
  options: { refreshOnError?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (numbers) => queryClient.setQueryData(KEY, numbers),
    // A wrong code costs a try: read the tries left again.
    onError: () => {
      if (options.refreshOnError) void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export const useAddPaymentNumber = () =>
  useNumbersChange((phoneNumber: string) =>
    appApi(routes.addPaymentNumber, { body: { phone_number: phoneNumber } }),
  );

export const useVerifyPaymentNumber = () =>
  useNumbersChange((code: string) => appApi(routes.verifyPaymentNumber, { body: { code } }), {
    refreshOnError: true,
  });

export const useResendPaymentNumberCode = () =>
  useNumbersChange(() => appApi(routes.resendPaymentNumberCode));

export const useRemovePaymentNumber = () => useNumbersChange(() => appApi(routes.removePaymentNumber));
