import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from './offline-banner.tsx';
import { installApp } from './register-service-worker.ts';
import { useFocusOnNavigation } from './use-focus-on-navigation.ts';

/** The layout route above every /app screen: skip link, the offline notice, the manifest and the service worker. */
export function AppShell() {
  useEffect(() => installApp(), []);
  useFocusOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <OfflineBanner />
      <Outlet />
    </div>
  );
}
