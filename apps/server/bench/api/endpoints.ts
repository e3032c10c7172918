/** The admin list and statistics endpoints the benchmark drives (spec: back-office screens). */
export type EndpointKind = 'statistics' | 'list';

export interface Endpoint {
  readonly name: string;
  readonly kind: EndpointKind;
  readonly url: string;
}

export interface BenchIds {
  /** A borrower with a long history (most loans). */
  readonly borrowerId: number;
  /** A lender with wallet movements, or the borrower when there is none. */
  readonly walletUserId: number;
  /** A surname many users share, to search for. */
  readonly searchTerm: string;
  /** The last eight characters of a transaction reference, as the back-office shows them. */
  readonly referenceTail: string | null;
}

export function endpoints(ids: BenchIds): Endpoint[] {
  const list = (name: string, url: string): Endpoint => ({ name, kind: 'list', url });
  const stats = (name: string, url: string): Endpoint => ({ name, kind: 'statistics', url });
  return [
    list('users', '/api/auth/admin/users/'),
    list('users ?search=name', `/api/auth/admin/users/?search=${encodeURIComponent(ids.searchTerm)}`),
    list('users ?search=phone', '/api/auth/admin/users/?search=0772'),
    stats('user stats', '/api/auth/admin/stats/'),
    list('applications', '/api/loans/applications/'),
    list('applications ?status=PENDING', '/api/loans/applications/?status=PENDING'),
    stats('application statistics', '/api/loans/applications/statistics/'),
    list('loans', '/api/loans/loans/'),
    list('loans ?status=OVERDUE', '/api/loans/loans/?status=OVERDUE'),
    stats('loan statistics', '/api/loans/loans/statistics/?include_outstanding=true'),
    stats('loan-stats', '/api/loans/admin/loan-stats/'),
    list('repayments', '/api/loans/transactions/'),
    stats('repayment statistics', '/api/loans/repayment-statistics/'),
    list('overdue payments', '/api/loans/overdue-payments/'),
    list('loan types', '/api/loans/loan-types/'),
    list('all-transactions', '/api/wallet/admin/all-transactions/'),
    list(
      'all-transactions ?type&status',
      '/api/wallet/admin/all-transactions/?type=REPAYMENT&status=COMPLETED',
    ),
    list(
      'all-transactions ?search',
      `/api/wallet/admin/all-transactions/?search=${encodeURIComponent(ids.referenceTail ?? ids.searchTerm)}`,
    ),
    stats('financial stats', '/api/wallet/admin/financial-stats/'),
    list("a user's loans", `/api/loans/user/${ids.borrowerId}/loans/`),
    stats("a user's loan statistics", `/api/loans/user/${ids.borrowerId}/statistics/`),
    list("a user's transactions", `/api/wallet/user/${ids.walletUserId}/transactions/`),
  ];
}

/** Goals at scale 100 on the 2-core machine (issue 8). */
export const GOALS = { statisticsP99: 50, listP99: 100, ratio: 1.5 } as const;
