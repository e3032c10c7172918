import { routes } from '@sente/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadExport } from '../../../lib/download-export.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export interface AuditFilters {
  readonly admin: string;
  readonly action: string;
  readonly from: string;
  readonly to: string;
}

function queryOf({ admin, action, from, to }: AuditFilters) {
  return {
    ...(admin ? { admin: Number(admin) } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to && (!from || to >= from) ? { to } : {}),
  };
}

export function useAuditLog(filters: AuditFilters, paging: { page: number; pageSize: number }) {
  const query = { page: paging.page, page_size: paging.pageSize, ...queryOf(filters) };
  return useQuery({
    queryKey: queryKeyOf('listAuditLog', query),
    queryFn: ({ signal }) => api(routes.listAuditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditAdmins() {
  return useQuery({
    queryKey: queryKeyOf('listAuditAdmins'),
    queryFn: ({ signal }) => api(routes.listAuditAdmins, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Every entry the filters match (dates included), streamed as CSV by the server. */
export function exportAuditLog(filters: AuditFilters): Promise<string> {
  return downloadExport(routes.exportAuditLog, queryOf(filters), 'audit-log.csv');
}
