// The back-office chunk: router.tsx loads it lazily, so the public site ships none of it.

export { ApplicationDetailPage } from './features/applications/application-detail-page.tsx';
export { ApplicationsPage } from './features/applications/applications-page.tsx';
export { AuditPage } from './features/audit/audit-page.tsx';
export { LoginPage } from './features/auth/login-page.tsx';
export { SecurityPage } from './features/auth/security-page.tsx';
export { JobsPage } from './features/jobs/jobs-page.tsx';
export { LendersPage } from './features/lenders/lenders-page.tsx';
export { CollectionsPage } from './features/loans/collections-page.tsx';
export { LoanDetailPage } from './features/loans/loan-detail-page.tsx';
export { LoansPage } from './features/loans/loans-page.tsx';
export { MarketplacePage } from './features/marketplace/marketplace-page.tsx';
export { EnquiriesPage } from './features/public-forms/enquiries-page.tsx';
export { DashboardPage } from './features/stats/dashboard-page.tsx';
export { ResetPasswordPage } from './features/users/reset-password-page.tsx';
export { UserProfilePage } from './features/users/user-profile-page.tsx';
export { UsersPage } from './features/users/users-page.tsx';
export { TransactionsPage } from './features/wallet/transactions-page.tsx';
export { AdminNotFoundPage } from './shell/admin-not-found-page.tsx';
export { AdminProviders } from './shell/admin-providers.tsx';
export { AdminRoot } from './shell/admin-root.tsx';
