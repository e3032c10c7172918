import type { ApplicationDto, BorrowerApplicationDto, CreateApplicationBody } from '@sente/contract';
import { routes } from '@sente/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { appApi } from '../../session/app-api.ts';

const MY_APPLICATIONS = { page: 1, page_size: 20 } as const;

export function useMyApplications() {
  return useQuery({
    queryKey: queryKeyOf('myApplications', MY_APPLICATIONS),
    queryFn: ({ signal }) => appApi(routes.myApplications, { query: MY_APPLICATIONS, signal }),
  });
}

/**
 * GET /api/loans/applications/{id}/ answers its owner the borrower's view; only an admin gets the
 * whole record, which the app never holds. Narrowed here so the screens know one shape.
 */
function asBorrowerView(application: ApplicationDto | BorrowerApplicationDto): BorrowerApplicationDto {
  if ('decision_reason' in application) return application;
  const { admin_notes, decided_by, decided_by_name, credit_score, credit_reasons, ...shown } = application;
  return { ...shown, decision_reason: null };
}

export function useApplication(id: number) {
  return useQuery({
    queryKey: queryKeyOf('getApplication', { id }),
    queryFn: async ({ signal }) =>
      asBorrowerView(await appApi(routes.getApplication, { params: { id }, signal })),
  });
}

/** Active loan types with their ranges (signed-in borrowers only ever see ACTIVE ones). */
export function useLoanTypes() {
  const query = { page: 1, page_size: 100 } as const;
  return useQuery({
    queryKey: queryKeyOf('listLoanTypes', query),
    queryFn: ({ signal }) => appApi(routes.listLoanTypes, { query, signal }),
    select: (page) => page.results.filter((type) => type.status === 'ACTIVE'),
    staleTime: 5 * 60_000,
  });
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApplicationBody) => appApi(routes.createApplication, { body }),
    onSuccess: (application) => {
      queryClient.setQueryData(queryKeyOf('getApplication', { id: application.id }), application);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf('myApplications') });
    },
  });
}
