import {
  type ApplicationDto,
  type ApplicationOrdering,
  type ApplicationStatus,
  routes,
} from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadExport } from '../../../lib/download-export.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export interface ApplicationFilters {
  readonly page: number;
  readonly pageSize: number;
  readonly status: ApplicationStatus | '';
  readonly ordering: ApplicationOrdering;
  readonly search: string;
  readonly submittedFrom: string;
  readonly submittedTo: string;
  readonly amountMin: string;
  readonly amountMax: string;
  readonly scoreMin: string;
  readonly scoreMax: string;
  readonly isAwaitingDisbursement: boolean;
}

/** The worklist's query: empty filters are left out, so the URL and the query key stay short. */
export function useApplicationList(filters: ApplicationFilters) {
  const optional = {
    status: filters.status,
    search: filters.search.trim(),
    submitted_from: filters.submittedFrom,
    submitted_to: filters.submittedTo,
    amount_min: filters.amountMin,
    amount_max: filters.amountMax,
    score_min: filters.scoreMin,
    score_max: filters.scoreMax,
    awaiting_disbursement: filters.isAwaitingDisbursement ? 'true' : '',
  };
  const query = {
    page: filters.page,
    page_size: filters.pageSize,
    ordering: filters.ordering,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== '')),
  };
  return useQuery({
    queryKey: queryKeyOf('listApplications', query),
    queryFn: ({ signal }) => api(routes.listApplications, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every application matching the worklist's filters within the submission range, streamed as CSV by
 * the server (not only the page on screen).
 */
export function exportApplications(
  filters: Omit<ApplicationFilters, 'page' | 'pageSize' | 'ordering' | 'submittedFrom' | 'submittedTo'>,
  range: { from?: string; to?: string },
): Promise<string> {
  const optional = {
    status: filters.status,
    search: filters.search.trim(),
    amount_min: filters.amountMin,
    amount_max: filters.amountMax,
    score_min: filters.scoreMin,
    score_max: filters.scoreMax,
    awaiting_disbursement: filters.isAwaitingDisbursement ? 'true' : '',
  };
  return downloadExport(
    routes.exportApplications,
    { ...range, ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== '')) },
    'applications.csv',
  );
}

/** One application as an admin reviews it: applicant, score and reasons, flags, history. */
export function useApplicationReview(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf('applicationReview', { id }),
    queryFn: ({ signal }) => api(routes.applicationReview, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useApplicationStatistics() {
  return useQuery({
    queryKey: queryKeyOf('applicationStatistics'),
    queryFn: ({ signal }) => api(routes.applicationStatistics, { signal }),
  });
}

/** The borrower's loans with their arrears, for the application's page. */
export function useBorrowerLoans(userId: number) {
  return useQuery({
    queryKey: queryKeyOf('userLoans', { id: userId }),
    queryFn: ({ signal }) => api(routes.userLoans, { params: { id: userId }, signal }),
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

/**
 * After a decision or a disbursement the statistics reload at once; the lists are marked stale and
 * the changed row is replaced in place with the server's answer, so it stays where the admin is
 * looking with its new status instead of vanishing from a filtered page (docs/back-office.md). The
 * next filter or page change loads the lists afresh.
 */
function useApplicationsChanged() {
  const queryClient = useQueryClient();
  return async (changed: ApplicationDto) => {
    queryClient.setQueriesData<{ results: ApplicationDto[] }>(
      { queryKey: queryKeyOf('listApplications') },
      (page) =>
        page
          ? { ...page, results: page.results.map((row) => (row.id === changed.id ? changed : row)) }
          : page,
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf('listApplications'), refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('applicationReview', { id: changed.id }) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('applicationStatistics') }),
      // A disbursement also moves loans and money figures elsewhere in the back-office.
      queryClient.invalidateQueries({ queryKey: queryKeyOf('listLoans') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('loanStatistics') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('adminLoanStats') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('financialStats') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('allTransactions') }),
    ]);
  };
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
    onSuccess: (answer) => changed(answer),
  });
}

/**
 * Pays an approved application out. 201 answers the new loan; 202 means the payout is on its way
 * and the loan is created when the provider confirms it (docs/money.md).
 */
export function useDisburseApplication() {
  const changed = useApplicationsChanged();
  return useMutation({
    mutationFn: ({ application, key }: { application: ApplicationDto; key: string }) =>
      api(routes.disburseApplication, {
        params: { id: application.id },
        headers: { 'idempotency-key': key },
      }),
    onSuccess: (answer, { application }) =>
      // 201 names the new loan; 202 leaves the application approved until the payout is confirmed.
      changed('loan_id' in answer ? { ...application, approved_loan: answer.id } : application),
  });
}
