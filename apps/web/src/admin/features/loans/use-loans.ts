import { routes } from '@sente/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export function useLoanList({ page, pageSize }: { page: number; pageSize: number }) {
  const query = { page, page_size: pageSize, include_balance: 'true' as const };
  return useQuery({
    queryKey: queryKeyOf('listLoans', query),
    queryFn: ({ signal }) => api(routes.listLoans, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Per-status counts and totals, with the portfolio-wide outstanding balance (decisions.md). */
export function useLoanStatistics() {
  const query = { include_outstanding: 'true' as const };
  return useQuery({
    queryKey: queryKeyOf('loanStatistics', query),
    queryFn: ({ signal }) => api(routes.loanStatistics, { query, signal }),
  });
}

export function useRepaymentList({
  page,
  pageSize,
  loan,
}: {
  page: number;
  pageSize: number;
  loan: number | null;
}) {
  const query = { page, page_size: pageSize, ...(loan ? { loan } : {}) };
  return useQuery({
    queryKey: queryKeyOf('loanTransactions', query),
    queryFn: ({ signal }) => api(routes.loanTransactions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRepaymentStatistics() {
  return useQuery({
    queryKey: queryKeyOf('repaymentStatistics'),
    queryFn: ({ signal }) => api(routes.repaymentStatistics, { signal }),
  });
}

export function useLoan(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('getLoan', { id }),
    queryFn: ({ signal }) => api(routes.getLoan, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Who funded a loan (the marketplace's participations); the platform when it funded the loan itself. */
export function useLoanParticipations(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('loanParticipations', { id }),
    queryFn: ({ signal }) => api(routes.loanParticipations, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}
