import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from './lib/paths.ts';
import { RouteErrorPage } from './ui/route-error-page.tsx';

/** Everything under /login and /dashboard comes from one lazily loaded chunk. */
const loadAdmin = () => import('./admin/admin-entry.ts');
/**
 * The borrowers' and lenders' app under /app: a small first chunk, then the signed-in frame with the
 * home, then the other screens behind sign-in.
 */
const loadApp = () => import('./app/app-entry.ts');
const loadAppHome = () => import('./app/app-home-entry.ts');
const loadAppScreens = () => import('./app/app-screens-entry.ts');
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
        path: paths.app,
        lazy: async () => ({ Component: (await loadApp()).AppShell }),
        children: [
          { path: 'login', lazy: async () => ({ Component: (await loadApp()).LoginPage }) },
          { path: 'register', lazy: async () => ({ Component: (await loadApp()).RegisterPage }) },
          {
            lazy: async () => ({ Component: (await loadAppHome()).AppSignedInRoot }),
            children: [
              { index: true, lazy: async () => ({ Component: (await loadAppHome()).RoleHomePage }) },
              {
                path: 'verify-phone',
                lazy: async () => ({ Component: (await loadAppScreens()).VerifyPhonePage }),
              },
              { path: 'profile', lazy: async () => ({ Component: (await loadAppScreens()).ProfilePage }) },
              { path: 'apply', lazy: async () => ({ Component: (await loadAppScreens()).ApplyPage }) },
              {
                path: 'applications/:applicationId',
                lazy: async () => ({ Component: (await loadAppScreens()).ApplicationPage }),
              },
              { path: 'loans/:loanId', lazy: async () => ({ Component: (await loadAppScreens()).LoanPage }) },
              {
                path: 'loans/:loanId/repay',
                lazy: async () => ({ Component: (await loadAppScreens()).RepayPage }),
              },
              {
                path: 'notifications',
                lazy: async () => ({ Component: (await loadAppScreens()).NotificationsPage }),
              },
              { path: 'wallet', lazy: async () => ({ Component: (await loadAppScreens()).WalletPage }) },
              { path: 'numbers', lazy: async () => ({ Component: (await loadAppScreens()).NumbersPage }) },
              {
                path: 'portfolio',
                lazy: async () => ({ Component: (await loadAppScreens()).PortfolioPage }),
              },
              { path: 'market', lazy: async () => ({ Component: (await loadAppScreens()).MarketPage }) },
              {
                path: 'market/bids',
                lazy: async () => ({ Component: (await loadAppScreens()).MyBidsPage }),
              },
              {
                path: 'market/:listingId',
                lazy: async () => ({ Component: (await loadAppScreens()).ListingPage }),
              },
              {
                path: 'auto-invest',
                lazy: async () => ({ Component: (await loadAppScreens()).AutoInvestPage }),
              },
              { path: '*', lazy: async () => ({ Component: (await loadAppScreens()).AppNotFoundPage }) },
            ],
          },
        ],
      },
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
              {
                path: 'applications/:applicationId',
                lazy: async () => ({ Component: (await loadAdmin()).ApplicationDetailPage }),
              },
              { path: 'loans', lazy: async () => ({ Component: (await loadAdmin()).LoansPage }) },
              {
                path: 'loans/:loanId',
                lazy: async () => ({ Component: (await loadAdmin()).LoanDetailPage }),
              },
              {
                path: 'collections',
                lazy: async () => ({ Component: (await loadAdmin()).CollectionsPage }),
              },
              {
                path: 'transactions',
                lazy: async () => ({ Component: (await loadAdmin()).TransactionsPage }),
              },
              {
                path: 'marketplace',
                lazy: async () => ({ Component: (await loadAdmin()).MarketplacePage }),
              },
              { path: 'lenders', lazy: async () => ({ Component: (await loadAdmin()).LendersPage }) },
              { path: 'enquiries', lazy: async () => ({ Component: (await loadAdmin()).EnquiriesPage }) },
              { path: 'audit', lazy: async () => ({ Component: (await loadAdmin()).AuditPage }) },
              { path: 'jobs', lazy: async () => ({ Component: (await loadAdmin()).JobsPage }) },
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
