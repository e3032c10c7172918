import type { PhoneCodeState } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isStatus } from '../../../lib/api-error-message.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';
import { saveAppUser } from '../../session/app-session.ts';

/** Where the confirmation stands; null when no code is waiting (404), e.g. after too many tries. */
export function usePhoneCodeState(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf('phoneCodeState'),
    queryFn: async ({ signal }): Promise<PhoneCodeState | null> => {
      try {
        return await appApi(routes.phoneCodeState, { signal });
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
    },
    enabled,
    staleTime: 0,
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => appApi(routes.verifyPhone, { body: { code } }),
    onSuccess: (user) => {
      saveAppUser(user);
      queryClient.setQueryData(queryKeyOf('me'), user);
    },
    // Every try counts, the refused ones too: read the tries left again.
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeyOf('phoneCodeState') }),
  });
}

export function useResendPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => appApi(routes.resendPhoneCode),
    onSuccess: (state) => queryClient.setQueryData(queryKeyOf('phoneCodeState'), state),
  });
}
