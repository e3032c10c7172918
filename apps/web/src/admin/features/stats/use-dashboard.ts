import { routes } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shouldRetry } from '../../../lib/query-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

/** Four independent sources (spec section 4): one failing never holds back the others. */
export function useDashboardSources() {
  const users = useQuery({
    queryKey: queryKeyOf('userStats'),
    queryFn: ({ signal }) => api(routes.userStats, { signal }),
  });
  const applications = useQuery({
    queryKey: queryKeyOf('applicationStatistics'),
    queryFn: ({ signal }) => api(routes.applicationStatistics, { signal }),
  });
  const loans = useQuery({
    queryKey: queryKeyOf('adminLoanStats'),
    queryFn: ({ signal }) => api(routes.adminLoanStats, { signal }),
    // The spec retries this call once on failure.
    retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
  });
  const financial = useQuery({
    queryKey: queryKeyOf('financialStats'),
    queryFn: ({ signal }) => api(routes.financialStats, { signal }),
  });
  return { users, applications, loans, financial };
}

/** The marketplace's figures (not one of the spec's four sources; it fails alone like them). */
export function useMarketplaceFigures() {
  return useQuery({
    queryKey: queryKeyOf('marketplaceStats'),
    queryFn: ({ signal }) => api(routes.marketplaceStats, { signal }),
  });
}

export const CHART_WEEKS = 12;

export function useWeeklyFlows() {
  const query = { weeks: CHART_WEEKS };
  return useQuery({
    queryKey: queryKeyOf('weeklyFlows', query),
    queryFn: ({ signal }) => api(routes.weeklyFlows, { query, signal }),
  });
}
