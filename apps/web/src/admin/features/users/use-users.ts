import { routes } from '@sente/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';

/** The user list's page size (spec section 9). */
export const USERS_PAGE_SIZE = 10;

export interface UserListFilters {
  readonly page: number;
  readonly search: string;
  readonly status: 'Active' | 'Inactive' | '';
}

export function useUserList({ page, search, status }: UserListFilters) {
  const query = {
    page,
    page_size: USERS_PAGE_SIZE,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(status ? { status } : {}),
  };
  return useQuery({
    queryKey: queryKeyOf('listUsers', query),
    queryFn: ({ signal }) => api(routes.listUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserStats() {
  return useQuery({
    queryKey: queryKeyOf('userStats'),
    queryFn: ({ signal }) => api(routes.userStats, { signal }),
  });
}

export function useUserDetail(id: number) {
  return useQuery({
    queryKey: queryKeyOf('getUserDetail', { id }),
    queryFn: ({ signal }) => api(routes.getUserDetail, { params: { id }, signal }),
    enabled: id > 0,
  });
}

/** After a change to a user: the list, the counts (users and dashboard) and the profile reload. */
function useUserChanged() {
  const queryClient = useQueryClient();
  return async (id: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf('listUsers') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('userStats') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('getUserDetail', { id }) }),
    ]);
  };
}

export function useToggleUserStatus() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (id: number) => api(routes.toggleUserStatus, { params: { id } }),
    onSuccess: (_answer, id) => changed(id),
  });
}

export function useDeleteUser() {
  const changed = useUserChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(routes.deleteUser, { params: { id } }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeyOf('getUserDetail', { id }) });
      await changed(id);
    },
  });
}

export function useCreateResetLink() {
  return useMutation({
    mutationFn: (id: number) => api(routes.createPasswordResetLink, { params: { id } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api(routes.resetPassword, { body }),
  });
}

/** An admin allows a borrower more than one open application (audited on the server). */
export function useSetOpenApplicationsAllowed(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maxOpen: number) =>
      api(routes.setOpenApplicationsAllowed, { params: { id }, body: { max_open_applications: maxOpen } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('getUserDetail', { id }) }),
  });
}
