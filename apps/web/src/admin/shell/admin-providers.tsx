import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ToastProvider } from '../../ui/toast.tsx';

/**
 * The layout route above /login and /dashboard. It lives in the lazy back-office chunk, so the
 * public site ships neither TanStack Query nor the API client.
 */
export function AdminProviders() {
  const navigate = useNavigate();

  // A refused refresh ends the session: forget cached data and go to the login (spec section 4).
  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.clear();
      void navigate(paths.login, { replace: true });
    });
  }, [navigate]);

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </QueryClientProvider>
  );
}
