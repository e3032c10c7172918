import type { RouteResponse, Routes } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

const MY_LOANS = { page: 1, page_size: 20 } as const;

export function useMyLoans() {
  return useQuery({
    queryKey: queryKeyOf('myLoans', MY_LOANS),
    queryFn: ({ signal }) => appApi(routes.myLoans, { query: MY_LOANS, signal }),
  });
}

export function useLoan(id: number) {
  return useQuery({
    queryKey: queryKeyOf('getLoan', { id }),
    queryFn: ({ signal }) => appApi(routes.getLoan, { params: { id }, signal }),
  });
}

export function useLoanBalance(id: number) {
  return useQuery({
    queryKey: queryKeyOf('loanBalance', { id }),
    queryFn: ({ signal }) => appApi(routes.loanBalance, { params: { id }, signal }),
  });
}

export type LoanDetail = RouteResponse<Routes['getLoan']>;
export type LoanBalance = RouteResponse<Routes['loanBalance']>;
