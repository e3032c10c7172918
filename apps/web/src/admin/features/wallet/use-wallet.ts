import { routes } from '@sente/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadExport } from '../../../lib/download-export.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { TRANSACTIONS_PAGE_SIZE } from './transaction-messages.ts';

export interface TransactionFilters {
  readonly page: number;
  readonly status: string;
  readonly type: string;
  readonly search: string;
}

export function useAllTransactions({ page, status, type, search }: TransactionFilters) {
  const query = {
    page,
    page_size: TRANSACTIONS_PAGE_SIZE,
    ordering: '-created_at' as const,
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf('allTransactions', query),
    queryFn: ({ signal }) => api(routes.allTransactions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every transaction matching the screen's filters within the range, streamed as CSV by the server. */
export function exportTransactions(
  { status, type, search }: Omit<TransactionFilters, 'page'>,
  range: { from?: string; to?: string },
): Promise<string> {
  return downloadExport(
    routes.exportTransactions,
    {
      ...range,
      ...(status ? { status } : {}),
      ...(type ? { type } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    },
    'transactions.csv',
  );
}
