import { routes } from '@sente/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

/** The signed-in lender's cash, money lent out, returns and loans by status. */
export function usePortfolio() {
  return useQuery({
    queryKey: queryKeyOf('lenderPortfolio'),
    queryFn: ({ signal }) => appApi(routes.lenderPortfolio, { signal }),
  });
}

export const PARTICIPATION_STATUSES = ['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];
export const PARTICIPATIONS_PAGE_SIZE = 20;

/** The lender's shares of loans, one page, optionally of one loan status. */
export function useParticipations(status: ParticipationStatus | null, page: number) {
  const query = {
    page,
    page_size: PARTICIPATIONS_PAGE_SIZE,
    ...(status ? { status } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf('lenderParticipations', query),
    queryFn: ({ signal }) => appApi(routes.lenderParticipations, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
