import { routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

export interface LoanTypeForm {
  readonly loan_type_name: string;
  readonly min_amount: string;
  readonly max_amount: string;
  readonly interest_rate: string;
  readonly interest_type: 'FLAT' | 'COMPOUND';
  readonly appraisal_time: string;
  readonly status: 'ACTIVE' | 'INACTIVE';
}

export function useLoanTypeList({ page, pageSize }: { page: number; pageSize: number }) {
  const query = { page, page_size: pageSize };
  return useQuery({
    queryKey: queryKeyOf('listLoanTypes', query),
    queryFn: ({ signal }) => api(routes.listLoanTypes, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useLoanTypesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyOf('listLoanTypes') });
}

export function useSaveLoanType() {
  const changed = useLoanTypesChanged();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: LoanTypeForm }) =>
      id === null
        ? api(routes.createLoanType, { body: form })
        : api(routes.updateLoanType, { params: { id }, body: form }),
    onSuccess: () => changed(),
  });
}

export function useDeleteLoanType() {
  const changed = useLoanTypesChanged();
  return useMutation({
    mutationFn: (id: number) => api(routes.deleteLoanType, { params: { id } }),
    onSuccess: () => changed(),
  });
}
