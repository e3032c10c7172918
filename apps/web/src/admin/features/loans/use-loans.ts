import { routes } from '@sente/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadExport } from '../../../lib/download-export.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

/** The loans worklist's filters and sort as the URL holds them (empty: not filtered). */
export interface LoanListFilters {
  readonly search: string;
  readonly status: string;
  readonly arrears: string;
  readonly nextDueFrom: string;
  readonly nextDueTo: string;
  readonly amountMin: string;
  readonly amountMax: string;
  readonly ordering: string;
}

export function useLoanList({
  page,
  pageSize,
  filters,
}: {
  page: number;
  pageSize: number;
  filters: LoanListFilters;
}) {
  // Only the filters that are set: the query key (and the URL the server sees) stays short.
  const set = (key: string, value: string) => (value ? { [key]: value } : {});
  const query = {
    page,
    page_size: pageSize,
    include_balance: 'true' as const,
    ...set('search', filters.search),
    ...set('status', filters.status),
    ...set('arrears', filters.arrears),
    ...set('next_due_from', filters.nextDueFrom),
    ...set('next_due_to', filters.nextDueTo),
    ...set('amount_min', filters.amountMin),
    ...set('amount_max', filters.amountMax),
    ...set('ordering', filters.ordering),
  };
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

/** What is owed on one loan now: arrears amount, next installment (the loan page, one loan's cards). */
export function useLoanBalance(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('loanBalance', { id }),
    queryFn: ({ signal }) => api(routes.loanBalance, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** The borrower behind a loan, with their contact details (admins only). */
export function useBorrower(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('getUserDetail', { id }),
    queryFn: ({ signal }) => api(routes.getUserDetail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Collections: late loans, one arrears bucket or all, sorted. */
export function useCollections({
  page,
  pageSize,
  bucket,
  ordering,
}: {
  page: number;
  pageSize: number;
  bucket: string;
  ordering: string;
}) {
  const query = {
    page,
    page_size: pageSize,
    ...(bucket ? { bucket } : {}),
    ...(ordering ? { ordering } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf('overduePayments', query),
    queryFn: ({ signal }) => api(routes.overduePayments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCollectionBuckets() {
  return useQuery({
    queryKey: queryKeyOf('collectionBuckets'),
    queryFn: ({ signal }) => api(routes.collectionBuckets, { signal }),
  });
}

/** Every loan matching the worklist's filters (opened within the range), streamed as CSV by the server. */
export function exportLoans(
  filters: LoanListFilters,
  range: { from?: string; to?: string },
): Promise<string> {
  const set = (key: string, value: string) => (value ? { [key]: value } : {});
  return downloadExport(
    routes.exportLoans,
    {
      ...range,
      ...set('search', filters.search.trim()),
      ...set('status', filters.status),
      ...set('arrears', filters.arrears),
      ...set('next_due_from', filters.nextDueFrom),
      ...set('next_due_to', filters.nextDueTo),
      ...set('amount_min', filters.amountMin),
      ...set('amount_max', filters.amountMax),
    },
    'loans.csv',
  );
}

/** Every repayment (of one loan, when the screen shows one) paid within the range, streamed as CSV. */
export function exportRepayments(
  loanId: number | null,
  range: { from?: string; to?: string },
): Promise<string> {
  return downloadExport(
    routes.exportRepayments,
    { ...range, ...(loanId ? { loan: loanId } : {}) },
    loanId ? `repayments-loan-${loanId}.csv` : 'repayments.csv',
  );
}

/** Every late loan in the bucket (late since a day within the range), streamed as CSV by the server. */
export function exportCollections(bucket: string, range: { from?: string; to?: string }): Promise<string> {
  return downloadExport(
    routes.exportCollections,
    { ...range, ...(bucket ? { bucket } : {}) },
    'collections.csv',
  );
}
