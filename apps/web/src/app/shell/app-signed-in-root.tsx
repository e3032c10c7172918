import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { setAppSessionExpiredHandler } from '../session/app-api.ts';
import { appQueryClient } from '../session/app-query-client.ts';
import { AppLayout } from './app-layout.tsx';
import { RequireAppUser } from './require-app-user.tsx';

/** Every screen behind sign-in: the app's query cache, the guard and the layout with navigation. */
export function AppSignedInRoot() {
  const navigate = useNavigate();
  // A refused refresh ends the session: forget what was loaded and sign in again.
  useEffect(() => {
    setAppSessionExpiredHandler(() => {
      appQueryClient.clear();
      void navigate(paths.appLogin, { replace: true });
    });
  }, [navigate]);

  return (
    <QueryClientProvider client={appQueryClient}>
      <RequireAppUser>
        <AppLayout />
      </RequireAppUser>
    </QueryClientProvider>
  );
}
