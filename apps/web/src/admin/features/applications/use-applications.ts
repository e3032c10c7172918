import { type ApplicationStatus, routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export interface ApplicationFilters {
  readonly page: number;
  readonly pageSize: number;
  readonly status: ApplicationStatus | '';
}

export function useApplicationList({ page, pageSize, status }: ApplicationFilters) {
  const query = {
    page,
    page_size: pageSize,
    ordering: '-created_at' as const,
    ...(status ? { status } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf('listApplications', query),
    queryFn: ({ signal }) => api(routes.listApplications, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApplicationStatistics() {
  return useQuery({
    queryKey: queryKeyOf('applicationStatistics'),
    queryFn: ({ signal }) => api(routes.applicationStatistics, { signal }),
  });
}

/** Signed URLs expire within minutes, so every opening of the modal asks afresh. */
export function useApplicationDocuments(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('listApplicationDocuments', { id }),
    queryFn: ({ signal }) => api(routes.listApplicationDocuments, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** After a decision or a disbursement the list and the statistics reload (spec section 4). */
function useApplicationsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf('listApplications') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('applicationStatistics') }),
      // A disbursement also moves loans and money figures elsewhere in the back-office.
      queryClient.invalidateQueries({ queryKey: queryKeyOf('listLoans') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('loanStatistics') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('adminLoanStats') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('financialStats') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('allTransactions') }),
    ]);
}

export type Decision = 'approve' | 'reject';

export function useDecideApplication() {
  const changed = useApplicationsChanged();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      note,
      share = false,
    }: {
      id: number;
      decision: Decision;
      note: string;
      /** A rejection's note shown to the applicant too (otherwise it stays with the staff). */
      share?: boolean;
    }) =>
      decision === 'approve'
        ? api(routes.approveApplication, { params: { id }, body: { admin_notes: note } })
        : api(routes.rejectApplication, {
            params: { id },
            body: { admin_notes: note, share_with_applicant: share },
          }),
    onSuccess: () => changed(),
  });
}

/**
 * Pays an approved application out. 201 answers the new loan; 202 means the payout is on its way
 * and the loan is created when the provider confirms it (docs/money.md).
 */
export function useDisburseApplication() {
  const changed = useApplicationsChanged();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      api(routes.disburseApplication, { params: { id }, headers: { 'idempotency-key': key } }),
    onSuccess: () => changed(),
  });
}
