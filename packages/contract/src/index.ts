import { accountRoutes } from './accounts.ts';
import { applicationRoutes } from './applications.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';
import { jobsRoutes } from './jobs.ts';
import { lendersRoutes } from './lenders.ts';
import { loanTypeRoutes } from './loan-types.ts';
import { loanRoutes } from './loans.ts';
import { marketplaceRoutes } from './marketplace.ts';
import { messagesRoutes } from './messages.ts';
import { mfaRoutes } from './mfa.ts';
import { notificationsRoutes } from './notifications.ts';
import { paymentsRoutes } from './payments.ts';
import { publicFormsRoutes } from './public-forms.ts';
import { usersRoutes } from './users.ts';
import { walletRoutes } from './wallet.ts';

export * from './accounts.ts';
export * from './applications.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './csv.ts';
export * from './csv-export.ts';
export * from './documents.ts';
export * from './health.ts';
export * from './jobs.ts';
export * from './kampala-time.ts';
export * from './lenders.ts';
export * from './loan-types.ts';
export * from './loans.ts';
export * from './marketplace.ts';
export * from './messages.ts';
export * from './mfa.ts';
export * from './money.ts';
export * from './notifications.ts';
export * from './password.ts';
export * from './payments.ts';
export * from './phone.ts';
export * from './public-forms.ts';
export * from './rate.ts';
export * from './route.ts';
export * from './schedule.ts';
export * from './standard-loan-types.ts';
export * from './users.ts';
export * from './wallet.ts';

/** Every endpoint of the API, once. The server registers exactly these; the docs list exactly these. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...mfaRoutes,
  ...walletRoutes,
  ...paymentsRoutes,
  ...notificationsRoutes,
  ...publicFormsRoutes,
  ...usersRoutes,
  ...loanTypeRoutes,
  ...applicationRoutes,
  ...loanRoutes,
  ...marketplaceRoutes,
  ...lendersRoutes,
  ...auditRoutes,
  ...jobsRoutes,
  ...messagesRoutes,
} as const;
export type Routes = typeof routes;
