import { type LenderParticipationQuery, routes } from '@sente/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export type ShareStatus = NonNullable<z.infer<typeof LenderParticipationQuery>['status']>;

/** A lender's portfolio, asked for once its tab has been opened (as the other profile tabs). */
export function useLenderPortfolio(lenderId: number, isOpened: boolean) {
  return useQuery({
    queryKey: queryKeyOf('adminLenderPortfolio', { id: lenderId }),
    queryFn: ({ signal }) => api(routes.adminLenderPortfolio, { params: { id: lenderId }, signal }),
    enabled: isOpened && lenderId > 0,
  });
}

export function useLenderParticipations(
  lenderId: number,
  { page, pageSize, status }: { page: number; pageSize: number; status: ShareStatus | '' },
  isOpened: boolean,
) {
  const query = { page, page_size: pageSize, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: queryKeyOf('adminLenderParticipations', { id: lenderId, ...query }),
    queryFn: ({ signal }) =>
      api(routes.adminLenderParticipations, { params: { id: lenderId }, query, signal }),
    enabled: isOpened && lenderId > 0,
    placeholderData: keepPreviousData,
  });
}
