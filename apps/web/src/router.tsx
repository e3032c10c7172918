import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from './lib/paths.ts';
import { RouteErrorPage } from './ui/route-error-page.tsx';

/** Everything under /login and /dashboard comes from one lazily loaded chunk. */
const loadAdmin = () => import('./admin/admin-entry.ts');
/**
 * Public pages inside the single-page app (dev server, a link from the back-office). In production each
 * one is a prerendered document with its own small entry (site-entry.tsx), so this is rarely loaded.
 */
const loadSite = async () => ({ Component: (await import('./site/site-route.tsx')).SiteRoute });

function HydrateFallback() {
  return <p role="status">Loading...</p>;
}

export const routeTree: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback,
    children: [
      { index: true, lazy: loadSite },
      { path: '*', lazy: loadSite },
      // decisions.md: /privacy → /privacy-policy, /admin-login → /login.
      { path: paths.privacy, element: <Navigate to={paths.privacyPolicy} replace /> },
      { path: paths.adminLogin, element: <Navigate to={paths.login} replace /> },
      {
        lazy: async () => ({ Component: (await loadAdmin()).AdminProviders }),
        children: [
          { path: paths.login, lazy: async () => ({ Component: (await loadAdmin()).LoginPage }) },
          {
            path: paths.resetPassword,
            lazy: async () => ({ Component: (await loadAdmin()).ResetPasswordPage }),
          },
          {
            path: paths.dashboard,
            lazy: async () => ({ Component: (await loadAdmin()).AdminRoot }),
            children: [
              { index: true, lazy: async () => ({ Component: (await loadAdmin()).DashboardPage }) },
              { path: 'users', lazy: async () => ({ Component: (await loadAdmin()).UsersPage }) },
              {
                path: 'users/:userId',
                lazy: async () => ({ Component: (await loadAdmin()).UserProfilePage }),
              },
              {
                path: 'applications',
                lazy: async () => ({ Component: (await loadAdmin()).ApplicationsPage }),
              },
              { path: 'loans', lazy: async () => ({ Component: (await loadAdmin()).LoansPage }) },
              {
                path: 'transactions',
                lazy: async () => ({ Component: (await loadAdmin()).TransactionsPage }),
              },
              {
                path: 'marketplace',
                lazy: async () => ({ Component: (await loadAdmin()).MarketplacePage }),
              },
              { path: 'lenders', lazy: async () => ({ Component: (await loadAdmin()).LendersPage }) },
              { path: 'security', lazy: async () => ({ Component: (await loadAdmin()).SecurityPage }) },
              { path: '*', lazy: async () => ({ Component: (await loadAdmin()).AdminNotFoundPage }) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
