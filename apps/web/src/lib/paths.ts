/** Every route of the spec's route table (section 2), once. Links come from here, never from literals. */
export const paths = {
  home: '/',
  products: '/products',
  howItWorks: '/how-it-works',
  about: '/about',
  faq: '/faq',
  blog: '/blog',
  successStories: '/success-stories',
  contact: '/contact',
  lender: '/lender',
  apply: '/apply',
  download: '/download',
  /** Redirects to privacyPolicy (decisions.md). */
  privacy: '/privacy',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  /** Redirects to login (decisions.md). */
  adminLogin: '/admin-login',
  login: '/login',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  users: '/dashboard/users',
  user: (userId: number | string) => `/dashboard/users/${encodeURIComponent(String(userId))}`,
  applications: '/dashboard/applications',
  /** One application with its score, flags and history (issue 18). */
  application: (applicationId: number) =>
    `/dashboard/applications/${encodeURIComponent(String(applicationId))}`,
  /** The loan's own page (issue 18, built on the loans branch). */
  loanDetail: (loanId: number) => `/dashboard/loans/${encodeURIComponent(String(loanId))}`,
  loans: '/dashboard/loans',
  /** One loan's page: terms, schedule, arrears, history, repayments, who funded it, the borrower. */
  loan: (loanId: number | string) => `/dashboard/loans/${encodeURIComponent(String(loanId))}`,
  /** The Repayments tab filtered to one loan. */
  loanRepayments: (loanId: number) =>
    `/dashboard/loans?tab=repayments&loan=${encodeURIComponent(String(loanId))}`,
  /** Late loans by arrears bucket (issue 18; not in the spec's route table). */
  collections: '/dashboard/collections',
  transactions: '/dashboard/transactions',
  /** The marketplace's listings and figures (docs/marketplace.md; not in the spec's route table). */
  marketplace: '/dashboard/marketplace',
  /** Lenders and their verification (docs/marketplace.md; not in the spec's route table). */
  lenders: '/dashboard/lenders',
  /** Who changed what, when (issue 18; not in the spec's route table). */
  audit: '/dashboard/audit',
  /** Contact messages and lender sign-ups (issue 18; not in the spec's route table). */
  enquiries: '/dashboard/enquiries',
  /** Background job queues, their failures and retries (issue 19; not in the spec's route table). */
  jobs: '/dashboard/jobs',
  /** The signed-in admin's two-factor sign-in (issue 9; not in the spec's route table). */
  security: '/dashboard/security',
  /** The borrowers' and lenders' app (docs/app.md; not in the spec's route table). */
  app: '/app',
  appLogin: '/app/login',
  appRegister: '/app/register',
  /** `?role=lender` preselects the lender role (the /lender page links there). */
  appRegisterAs: (role: 'borrower' | 'lender') => `/app/register?role=${role}`,
  appVerifyPhone: '/app/verify-phone',
  appProfile: '/app/profile',
  appApply: '/app/apply',
  appApplications: '/app/applications',
  appApplication: (applicationId: number) => `/app/applications/${encodeURIComponent(String(applicationId))}`,
  appLoans: '/app/loans',
  appLoan: (loanId: number) => `/app/loans/${encodeURIComponent(String(loanId))}`,
  appRepay: (loanId: number) => `/app/loans/${encodeURIComponent(String(loanId))}/repay`,
  appNotifications: '/app/notifications',
  /** The lender's cash: deposit, withdraw, history. */
  appWallet: '/app/wallet',
  /** The user's mobile-money numbers: the phone on file and one added, confirmed by SMS. */
  appNumbers: '/app/numbers',
  /** The lender's money lent out, its shares of loans and the statement. */
  appPortfolio: '/app/portfolio',
  /** The lender's marketplace: open listings, filters in the query (`?risk_grade=B&page=2`). */
  appMarket: '/app/market',
  appMarketListing: (listingId: number) => `/app/market/${encodeURIComponent(String(listingId))}`,
  appMarketBids: '/app/market/bids',
  appAutoInvest: '/app/auto-invest',
} as const;

export type ProductAnchor =
  | 'receivable'
  | 'term-loan'
  | 'short-term'
  | 'merchant-cash'
  | 'equipment'
  | 'working-capital';

export function productPath(anchor: ProductAnchor): string {
  return `${paths.products}#${anchor}`;
}
