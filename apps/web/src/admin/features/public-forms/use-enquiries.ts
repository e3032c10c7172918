import { type EnquiryStatus, routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export type EnquiryKind = 'contact' | 'lenders';

export interface EnquiryUpdate {
  readonly status?: EnquiryStatus;
  readonly assignee_id?: number | null;
  readonly notes?: string | null;
}

function pageQuery(page: number, pageSize: number, status: string) {
  return { page, page_size: pageSize, ...(status ? { status: status as EnquiryStatus } : {}) };
}

export function useContactMessages(page: number, pageSize: number, status: string, isEnabled: boolean) {
  const query = pageQuery(page, pageSize, status);
  return useQuery({
    queryKey: queryKeyOf('listContactMessages', query),
    queryFn: ({ signal }) => api(routes.listContactMessages, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useLenderSignUps(page: number, pageSize: number, status: string, isEnabled: boolean) {
  const query = pageQuery(page, pageSize, status);
  return useQuery({
    queryKey: queryKeyOf('listLenderInterest', query),
    queryFn: ({ signal }) => api(routes.listLenderInterest, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/** The sidebar's figure; refreshed each minute, as new messages arrive from the public site. */
export function useEnquiryCounts() {
  return useQuery({
    queryKey: queryKeyOf('enquiryCounts'),
    queryFn: ({ signal }) => api(routes.enquiryCounts, { signal }),
    refetchInterval: 60_000,
  });
}

async function refreshInbox(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyOf('listContactMessages') }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf('listLenderInterest') }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf('enquiryCounts') }),
  ]);
}

export function useUpdateEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id, body }: { kind: EnquiryKind; id: number; body: EnquiryUpdate }) => {
      if (kind === 'contact') await api(routes.updateContactMessage, { params: { id }, body });
      else await api(routes.updateLenderInterest, { params: { id }, body });
    },
    onSuccess: () => refreshInbox(queryClient),
  });
}

export function useInviteLender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(routes.inviteLender, { params: { id } }),
    onSuccess: () => refreshInbox(queryClient),
  });
}

/** The admins an enquiry may be assigned to. */
export function useAdmins() {
  return useQuery({
    queryKey: queryKeyOf('listAuditAdmins'),
    queryFn: ({ signal }) => api(routes.listAuditAdmins, { signal }),
    staleTime: 5 * 60_000,
  });
}
