import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { clearAppSession } from '../session/app-session.ts';
import { useAppSession } from '../session/use-app-session.ts';
import { AppUserContext } from './app-user.tsx';
import { useMe } from './use-me.ts';

export const ADMIN_IN_APP_NOTICE = 'Admins use the back-office: sign in here.';

/**
 * Lets a signed-in borrower or lender through. The stored user draws the screen at once, also
 * offline; the server's answer to /api/auth/me/ replaces it, and an admin's token is never kept here.
 */
export function RequireAppUser({ children }: { readonly children: ReactNode }) {
  const session = useAppSession();
  const location = useLocation();
  const me = useMe(session !== null);
  // Latched: clearing the session below must not turn the redirect into the app's own sign-in.
  const [isAdmin, setAdmin] = useState(false);
  if (!isAdmin && (me.data?.role === 'admin' || session?.user.role === 'admin')) setAdmin(true);

  useEffect(() => {
    if (isAdmin) clearAppSession();
  }, [isAdmin]);

  if (isAdmin) return <Navigate to={paths.login} replace state={{ notice: ADMIN_IN_APP_NOTICE }} />;
  if (session === null) {
    return (
      <Navigate to={paths.appLogin} replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return <AppUserContext.Provider value={me.data ?? session.user}>{children}</AppUserContext.Provider>;
}
