import type { Routes } from './index.ts';
import type { RouteDefinition } from './route.ts';

/**
 * Where each route of `routes` (index.ts) is called: method, path and who may call it, without its
 * zod schemas. The app imports this (`@sente/contract/routes`) instead of the contract's `routes`, so
 * a phone calls the API without first downloading and building every schema (docs/app.md, What the
 * first screen loads). The type below makes the compiler refuse an entry that differs from the
 * contract's route or a route left out, so the contract stays the one place an endpoint is declared.
 */
export interface RouteAddress<R extends RouteDefinition = RouteDefinition> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly auth: R['auth'];
  /** For the types only, never set: lets `api(routes.x)` know route x's params, body and answer. */
  readonly definition?: R;
}

export type RouteAddresses = { readonly [K in keyof Routes]: RouteAddress<Routes[K]> };

const addresses = {
  health: { method: 'GET', path: '/api/health', auth: 'public' },
  login: { method: 'POST', path: '/api/auth/login/', auth: 'public' },
  refreshToken: { method: 'POST', path: '/api/token/refresh/', auth: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout/', auth: 'public' },
  me: { method: 'GET', path: '/api/auth/me/', auth: 'user' },
  register: { method: 'POST', path: '/api/auth/register/', auth: 'public' },
  phoneCodeState: { method: 'GET', path: '/api/auth/phone/', auth: 'user' },
  verifyPhone: { method: 'POST', path: '/api/auth/phone/verify/', auth: 'user' },
  resendPhoneCode: { method: 'POST', path: '/api/auth/phone/resend/', auth: 'user' },
  myData: { method: 'GET', path: '/api/auth/me/data/', auth: 'user' },
  simulatorSms: { method: 'GET', path: '/api/simulator/sms/', auth: 'admin' },
  loginMfa: { method: 'POST', path: '/api/auth/login/mfa/', auth: 'public' },
  loginMfaSetup: { method: 'POST', path: '/api/auth/login/mfa/setup/', auth: 'public' },
  mfaStatus: { method: 'GET', path: '/api/auth/mfa/', auth: 'admin' },
  mfaSetup: { method: 'POST', path: '/api/auth/mfa/setup/', auth: 'admin' },
  mfaConfirm: { method: 'POST', path: '/api/auth/mfa/confirm/', auth: 'admin' },
  mfaDisable: { method: 'POST', path: '/api/auth/mfa/disable/', auth: 'admin' },
  addPlatformCapital: { method: 'POST', path: '/api/wallet/admin/capital/', auth: 'admin' },
  financialStats: { method: 'GET', path: '/api/wallet/admin/financial-stats/', auth: 'admin' },
  weeklyFlows: { method: 'GET', path: '/api/wallet/admin/weekly-flows/', auth: 'admin' },
  allTransactions: { method: 'GET', path: '/api/wallet/admin/all-transactions/', auth: 'admin' },
  listTransactions: { method: 'GET', path: '/api/wallet/transactions/', auth: 'admin' },
  exportTransactions: { method: 'GET', path: '/api/wallet/admin/all-transactions/export/', auth: 'admin' },
  userTransactions: { method: 'GET', path: '/api/wallet/user/:userId/transactions/', auth: 'user' },
  walletBalance: { method: 'GET', path: '/api/wallet/balance/', auth: 'user' },
  withdraw: { method: 'POST', path: '/api/wallet/withdraw/', auth: 'user' },
  deposit: { method: 'POST', path: '/api/wallet/deposit/', auth: 'user' },
  withdrawalHistory: { method: 'GET', path: '/api/wallet/withdrawal_history/', auth: 'user' },
  walletSummary: { method: 'GET', path: '/api/wallet/summary/', auth: 'user' },
  paymentCallback: { method: 'POST', path: '/api/payments/callback/:provider/', auth: 'public' },
  paymentsNeedingAttention: { method: 'GET', path: '/api/payments/admin/attention/', auth: 'admin' },
  listNotifications: { method: 'GET', path: '/api/notifications/', auth: 'user' },
  markNotificationRead: { method: 'POST', path: '/api/notifications/:id/read/', auth: 'user' },
  markAllNotificationsRead: { method: 'POST', path: '/api/notifications/read_all/', auth: 'user' },
  submitContactMessage: { method: 'POST', path: '/api/public/contact/', auth: 'public' },
  submitLenderInterest: { method: 'POST', path: '/api/public/lender-interest/', auth: 'public' },
  listContactMessages: { method: 'GET', path: '/api/public/admin/contact-messages/', auth: 'admin' },
  listLenderInterest: { method: 'GET', path: '/api/public/admin/lender-interest/', auth: 'admin' },
  listUsers: { method: 'GET', path: '/api/auth/admin/users/', auth: 'admin' },
  userStats: { method: 'GET', path: '/api/auth/admin/stats/', auth: 'admin' },
  toggleUserStatus: { method: 'PATCH', path: '/api/auth/admin/users/:id/toggle-status/', auth: 'admin' },
  getUser: { method: 'GET', path: '/api/auth/admin/users/:id/', auth: 'admin' },
  updateUser: { method: 'PATCH', path: '/api/auth/admin/users/:id/', auth: 'admin' },
  setOpenApplicationsAllowed: {
    method: 'PUT',
    path: '/api/auth/admin/users/:id/open-applications/',
    auth: 'admin',
  },
  deleteUser: { method: 'DELETE', path: '/api/auth/admin/users/:id/', auth: 'admin' },
  getUserDetail: { method: 'GET', path: '/api/auth/admin/users/:id/detail/', auth: 'admin' },
  getKyc: { method: 'GET', path: '/api/auth/kyc/', auth: 'user' },
  updateKyc: { method: 'PUT', path: '/api/auth/kyc/', auth: 'user' },
  createPasswordResetLink: {
    method: 'POST',
    path: '/api/auth/admin/users/:id/reset-password/',
    auth: 'admin',
  },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password/', auth: 'public' },
  listLoanTypes: { method: 'GET', path: '/api/loans/loan-types/', auth: 'user' },
  createLoanType: { method: 'POST', path: '/api/loans/loan-types/', auth: 'admin' },
  updateLoanType: { method: 'PUT', path: '/api/loans/loan-types/:id/', auth: 'admin' },
  deleteLoanType: { method: 'DELETE', path: '/api/loans/loan-types/:id/', auth: 'admin' },
  publicLoanTypes: { method: 'GET', path: '/api/public/loan-types/', auth: 'public' },
  createApplication: { method: 'POST', path: '/api/loans/applications/', auth: 'user' },
  listApplications: { method: 'GET', path: '/api/loans/applications/', auth: 'admin' },
  myApplications: { method: 'GET', path: '/api/loans/my-applications/', auth: 'user' },
  applicationStatistics: { method: 'GET', path: '/api/loans/applications/statistics/', auth: 'admin' },
  getApplication: { method: 'GET', path: '/api/loans/applications/:id/', auth: 'user' },
  applicationReview: { method: 'GET', path: '/api/loans/applications/:id/review/', auth: 'admin' },
  exportApplications: { method: 'GET', path: '/api/loans/applications/export/', auth: 'admin' },
  uploadApplicationDocument: { method: 'POST', path: '/api/loans/applications/:id/documents/', auth: 'user' },
  listApplicationDocuments: { method: 'GET', path: '/api/loans/applications/:id/documents/', auth: 'admin' },
  approveApplication: { method: 'POST', path: '/api/loans/applications/:id/approve/', auth: 'admin' },
  rejectApplication: { method: 'POST', path: '/api/loans/applications/:id/reject/', auth: 'admin' },
  disburseApplication: { method: 'POST', path: '/api/loans/applications/:id/disburse/', auth: 'admin' },
  applicationDocumentFile: { method: 'GET', path: '/api/loans/documents/:id/file/', auth: 'public' },
  listLoans: { method: 'GET', path: '/api/loans/loans/', auth: 'admin' },
  myLoans: { method: 'GET', path: '/api/loans/my-loans/', auth: 'user' },
  getLoan: { method: 'GET', path: '/api/loans/loans/:id/', auth: 'user' },
  loanBalance: { method: 'GET', path: '/api/loans/loans/:id/balance/', auth: 'user' },
  loanStatistics: { method: 'GET', path: '/api/loans/loans/statistics/', auth: 'admin' },
  adminLoanStats: { method: 'GET', path: '/api/loans/admin/loan-stats/', auth: 'admin' },
  userLoanStatistics: { method: 'GET', path: '/api/loans/user/:id/statistics/', auth: 'admin' },
  userLoans: { method: 'GET', path: '/api/loans/user/:id/loans/', auth: 'admin' },
  loanTransactions: { method: 'GET', path: '/api/loans/transactions/', auth: 'admin' },
  repaymentStatistics: { method: 'GET', path: '/api/loans/repayment-statistics/', auth: 'admin' },
  overduePayments: { method: 'GET', path: '/api/loans/overdue-payments/', auth: 'admin' },
  repayLoan: { method: 'POST', path: '/api/loans/loans/:id/repay/', auth: 'user' },
  lenderStatement: { method: 'GET', path: '/api/lender/statement/', auth: 'user' },
  lenderPortfolio: { method: 'GET', path: '/api/lender/portfolio/', auth: 'user' },
  lenderParticipations: { method: 'GET', path: '/api/lender/participations/', auth: 'user' },
  adminLenderPortfolio: {
    method: 'GET',
    path: '/api/marketplace/admin/lenders/:id/portfolio/',
    auth: 'admin',
  },
  adminLenderParticipations: {
    method: 'GET',
    path: '/api/marketplace/admin/lenders/:id/participations/',
    auth: 'admin',
  },
  marketplaceStats: { method: 'GET', path: '/api/marketplace/admin/stats/', auth: 'admin' },
  listListings: { method: 'GET', path: '/api/marketplace/listings/', auth: 'user' },
  getListing: { method: 'GET', path: '/api/marketplace/listings/:id/', auth: 'user' },
  placeBid: { method: 'POST', path: '/api/marketplace/listings/:id/bids/', auth: 'user' },
  withdrawBid: { method: 'DELETE', path: '/api/marketplace/bids/:id/', auth: 'user' },
  myBids: { method: 'GET', path: '/api/marketplace/bids/', auth: 'user' },
  applicationOffers: { method: 'GET', path: '/api/loans/applications/:id/offers/', auth: 'user' },
  requestOffers: { method: 'POST', path: '/api/loans/applications/:id/offers/request/', auth: 'user' },
  acceptOffer: { method: 'POST', path: '/api/loans/applications/:id/offers/:offerId/accept/', auth: 'user' },
  declineOffers: { method: 'POST', path: '/api/loans/applications/:id/offers/decline/', auth: 'user' },
  adminListings: { method: 'GET', path: '/api/marketplace/admin/listings/', auth: 'admin' },
  relistListing: { method: 'POST', path: '/api/marketplace/admin/listings/:id/relist/', auth: 'admin' },
  loanParticipations: {
    method: 'GET',
    path: '/api/marketplace/admin/loans/:id/participations/',
    auth: 'admin',
  },
  acceptLenderTerms: { method: 'POST', path: '/api/lender/terms/accept/', auth: 'user' },
  getLenderStatus: { method: 'GET', path: '/api/lender/status/', auth: 'user' },
  listLenders: { method: 'GET', path: '/api/marketplace/admin/lenders/', auth: 'admin' },
  verifyLender: { method: 'POST', path: '/api/marketplace/admin/lenders/:id/verify/', auth: 'admin' },
  getAutoInvestRule: { method: 'GET', path: '/api/marketplace/auto-invest/', auth: 'user' },
  saveAutoInvestRule: { method: 'PUT', path: '/api/marketplace/auto-invest/', auth: 'user' },
} as const satisfies RouteAddresses;

export const routes: RouteAddresses = addresses;
