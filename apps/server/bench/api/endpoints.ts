/** The read endpoints the benchmark drives: the back-office's lists and statistics, and the marketplace's. */
export type EndpointKind = 'statistics' | 'list';

export interface Endpoint {
  readonly name: string;
  readonly kind: EndpointKind;
  readonly url: string;
  /** Who calls it: the admin unless said (the lender is BenchIds.lenderEmail). */
  readonly as?: 'lender';
}

export interface BenchIds {
  /** A borrower with a long history (most loans). */
  readonly borrowerId: number;
  /** A lender with wallet movements, or the borrower when there is none. */
  readonly walletUserId: number;
  /** A surname many users share, to search for. */
  readonly searchTerm: string;
  /** An applicant's NIN as the data holds it, searched for as an admin types it. */
  readonly nin: string;
  /** The last eight characters of a transaction reference, as the back-office shows them. */
  readonly referenceTail: string | null;
  /** An application to open on its own page (the review); without one that page is left out. */
  readonly applicationId?: number;
  /** A disbursed loan's reference (SL-2026-000041), searched for in the transactions. */
  readonly loanRef?: string | null;
  /** The verified lender in the most loans (its portfolio is the largest to read), and its e-mail. */
  readonly lenderId?: number;
  readonly lenderEmail?: string;
  /** A loan funded by lenders: its participations. */
  readonly participatedLoanId?: number;
  /** The lender's latest month so far (Kampala dates, both included): its statement, as the app asks. */
  readonly statementMonth?: { readonly from: string; readonly to: string };
  /** The last whole month before the newest money (Kampala dates): the exports' range. */
  readonly exportMonth?: { readonly from: string; readonly to: string };
}

const list = (name: string, url: string): Endpoint => ({ name, kind: 'list', url });
const stats = (name: string, url: string): Endpoint => ({ name, kind: 'statistics', url });

/** The applications worklist: each search, filter and sort it offers (docs/back-office.md). */
function applicationWorklist(ids: BenchIds): Endpoint[] {
  const list = (name: string, query: string): Endpoint => ({
    name: `applications ?${name}`,
    kind: 'list',
    url: `/api/loans/applications/?${query}`,
  });
  const sorts = ['amount_requested', 'business_name', 'loan_term', 'credit_score', 'status'].flatMap(
    (key) => [list(`ordering=${key}`, `ordering=${key}`), list(`ordering=-${key}`, `ordering=-${key}`)],
  );
  return [
    list('oldest first', 'ordering=created_at'),
    ...sorts,
    list('ordering with status', 'status=PENDING&ordering=-amount_requested'),
    list('search=name', `search=${encodeURIComponent(ids.searchTerm)}`),
    list('search=NIN', `search=${encodeURIComponent(ids.nin)}`),
    list('search=name, oldest first', `search=${encodeURIComponent(ids.searchTerm)}&ordering=created_at`),
    list('awaiting disbursement', 'awaiting_disbursement=true'),
    list('submitted in a week', 'submitted_from=2026-06-08&submitted_to=2026-06-14'),
    // The seed asks for UGX 350,000–5,000,000 with scores up to 69: ranges that hold applications.
    list('amount range', 'amount_min=4000000&amount_max=5000000&ordering=-amount_requested'),
    list('high scores', 'score_min=69&ordering=-credit_score'),
    ...(ids.applicationId === undefined
      ? []
      : [
          {
            name: 'application review',
            kind: 'list' as const,
            url: `/api/loans/applications/${ids.applicationId}/review/`,
          },
        ]),
  ];
}

export function endpoints(ids: BenchIds): Endpoint[] {
  return [
    list('users', '/api/auth/admin/users/'),
    list('users ?search=name', `/api/auth/admin/users/?search=${encodeURIComponent(ids.searchTerm)}`),
    list('users ?search=phone', '/api/auth/admin/users/?search=0772'),
    stats('user stats', '/api/auth/admin/stats/'),
    list('applications', '/api/loans/applications/'),
    list('applications ?status=PENDING', '/api/loans/applications/?status=PENDING'),
    stats('application statistics', '/api/loans/applications/statistics/'),
    ...applicationWorklist(ids),
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
    // The loans worklist and Collections (issue 18): every search, filter and sort the API allows.
    ...loanWorklistEndpoints(ids),
    list("a user's loans", `/api/loans/user/${ids.borrowerId}/loans/`),
    stats("a user's loan statistics", `/api/loans/user/${ids.borrowerId}/statistics/`),
    list("a user's transactions", `/api/wallet/user/${ids.walletUserId}/transactions/`),
    ...marketplaceEndpoints(ids),
    ...backOfficeEndpoints(),
  ];
}

/** The marketplace (issue 16): the back-office's listings, lenders and portfolios, and a lender's own. */
function marketplaceEndpoints(ids: BenchIds): Endpoint[] {
  const lender = ids.lenderId;
  const month = ids.statementMonth;
  const asLender: Endpoint[] = ids.lenderEmail
    ? [
        // As the app asks: open listings, ten a page (apps/web market-filters.ts).
        list('lender: listings', '/api/marketplace/listings/?status=OPEN&page_size=10'),
        list(
          'lender: listings ?risk_grade=B',
          '/api/marketplace/listings/?status=OPEN&risk_grade=B&page_size=10',
        ),
        list('lender: bids', '/api/marketplace/bids/'),
        list('lender: participations', '/api/lender/participations/'),
        list('lender: participations ?status=OVERDUE', '/api/lender/participations/?status=OVERDUE'),
        stats('lender: portfolio', '/api/lender/portfolio/'),
        list(
          'lender: statement',
          `/api/lender/statement/${month ? `?from=${month.from}&to=${month.to}` : ''}`,
        ),
        stats('lender: wallet summary', '/api/wallet/summary/'),
      ].map((endpoint) => ({ ...endpoint, as: 'lender' as const }))
    : [];
  return [
    list('marketplace listings', '/api/marketplace/admin/listings/'),
    list('marketplace listings ?status=OPEN', '/api/marketplace/admin/listings/?status=OPEN'),
    list('marketplace listings ?status=DISBURSED', '/api/marketplace/admin/listings/?status=DISBURSED'),
    stats('marketplace stats', '/api/marketplace/admin/stats/'),
    list('lenders', '/api/marketplace/admin/lenders/'),
    list('lenders ?verified=false', '/api/marketplace/admin/lenders/?verified=false'),
    ...(lender === undefined
      ? []
      : [
          stats("a lender's portfolio", `/api/marketplace/admin/lenders/${lender}/portfolio/`),
          list("a lender's participations", `/api/marketplace/admin/lenders/${lender}/participations/`),
        ]),
    ...(ids.participatedLoanId === undefined
      ? []
      : [
          list(
            "a loan's participations",
            `/api/marketplace/admin/loans/${ids.participatedLoanId}/participations/`,
          ),
        ]),
    ...asLender,
  ];
}

/** The back-office's other lists (issue 18): audit log, payments needing attention, enquiries, flows. */
function backOfficeEndpoints(): Endpoint[] {
  return [
    list('audit log', '/api/audit/'),
    list('payments needing attention', '/api/payments/admin/attention/'),
    list('contact messages', '/api/public/admin/contact-messages/'),
    list('lender interest', '/api/public/admin/lender-interest/'),
    stats('enquiry counts', '/api/public/admin/enquiries/counts/'),
    stats('weekly flows', '/api/wallet/admin/weekly-flows/'),
  ];
}

function loanWorklistEndpoints(ids: BenchIds): Endpoint[] {
  const loans = (query: string) => list(`loans ?${query}`, `/api/loans/loans/?${query}`);
  const overdue = (query: string) =>
    list(`overdue payments ?${query}`, `/api/loans/overdue-payments/?${query}`);
  return [
    loans(`search=${encodeURIComponent(ids.searchTerm)}`),
    ...(ids.loanRef ? [loans(`search=${ids.loanRef.slice(0, 12)}`), loans(`search=${ids.loanRef}`)] : []),
    ...['opening_date', 'amount', '-amount', 'next_due', '-next_due', 'days_in_arrears'].map((o) =>
      loans(`ordering=${o}`),
    ),
    loans('status=ACTIVE&ordering=-amount'),
    loans('status=ACTIVE&ordering=amount'),
    loans('status=OVERDUE&ordering=next_due'),
    loans('status=ACTIVE&ordering=-next_due'),
    loans('arrears=1-30'),
    // The oldest debts, newest loan first: the bucket is open at its start (loan-list.repo.ts).
    loans('arrears=90%2B'),
    loans('arrears=90%2B&ordering=-amount'),
    loans('amount_min=1000000&amount_max=2000000'),
    loans(`search=${encodeURIComponent(ids.searchTerm)}&ordering=next_due`),
    overdue('bucket=31-60'),
    overdue('ordering=days_in_arrears'),
    overdue('ordering=-remaining_balance'),
    overdue('bucket=90%2B&ordering=remaining_balance'),
    { name: 'collection buckets', kind: 'statistics', url: '/api/loans/overdue-payments/buckets/' },
    ...(ids.loanRef
      ? [
          list(
            'all-transactions ?search=loan ref',
            `/api/wallet/admin/all-transactions/?search=${ids.loanRef}`,
          ),
        ]
      : []),
  ];
}

/** Goals at scale 100 on the 2-core machine (issue 8). */
export const GOALS = { statisticsP99: 50, listP99: 100, ratio: 1.5 } as const;
