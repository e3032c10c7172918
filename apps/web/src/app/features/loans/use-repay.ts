import { routes } from '@sente/contract/routes';
import { appApi } from '../../session/app-api.ts';
import { useMobileMoneyRequest } from '../payments/use-mobile-money.ts';

export function useRepay(loanId: number) {
  return useMobileMoneyRequest(`repay-${loanId}`, (body, key) =>
    appApi(routes.repayLoan, { params: { id: loanId }, body, headers: { 'idempotency-key': key } }),
  );
}
