import { routes } from '@sente/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { clearSession, readRefreshToken } from '../../lib/session.ts';

/** Revokes the refresh token on the server, then forgets the session here whatever the answer. */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isLoggingOut, setLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    const refresh = readRefreshToken();
    try {
      if (refresh) await api(routes.logout, { body: { refresh } });
    } catch {
      // The server may be unreachable; signing out on this device must still work.
    } finally {
      clearSession();
      queryClient.clear();
      setLoggingOut(false);
      await navigate(paths.login, { replace: true });
    }
  }, [navigate, queryClient]);

  return { logout, isLoggingOut };
}
