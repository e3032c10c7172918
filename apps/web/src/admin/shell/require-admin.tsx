import { routes } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { clearSession } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { ErrorAlert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { AdminUserContext } from './admin-user.tsx';

export const NO_ADMIN_ACCESS_MESSAGE = 'This account does not have admin access.';

export interface LoginNotice {
  readonly notice: string;
}

/**
 * Lets only a signed-in admin through. The stored user is a hint; the server's answer to
 * GET /api/auth/me/ decides (an expired token is refreshed there, a refused one signs out).
 */
export function RequireAdmin({ children }: { readonly children: ReactNode }) {
  const session = useSession();
  const me = useQuery({
    queryKey: ['me', session?.user.id],
    queryFn: ({ signal }) => api(routes.me, { signal }),
    enabled: session !== null,
  });
  const isNotAdmin = me.data !== undefined && me.data.role !== 'admin';

  useEffect(() => {
    if (isNotAdmin) clearSession();
  }, [isNotAdmin]);

  if (session === null) return <Navigate to={paths.login} replace />;
  if (isNotAdmin) {
    const state: LoginNotice = { notice: NO_ADMIN_ACCESS_MESSAGE };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (me.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4 p-6">
        <ErrorAlert>Could not check your session: {me.error.message}</ErrorAlert>
        <Button onClick={() => void me.refetch()}>Try again</Button>
      </div>
    );
  }
  if (me.data === undefined) return <p role="status">Loading...</p>;
  return <AdminUserContext.Provider value={me.data}>{children}</AdminUserContext.Provider>;
}
