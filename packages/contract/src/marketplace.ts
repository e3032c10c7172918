import { z } from 'zod';
import {
  ApiError,
  Id,
  IdempotencyHeaders,
  IdParams,
  IsoDate,
  IsoDateTime,
  pageOf,
  pageQuery,
  RateString,
  UgxInput,
  UgxString,
} from './common.ts';
import { RiskGrade } from './lenders.ts';
import { RateInput } from './loan-types.ts';
import { route } from './route.ts';

export const LISTING_STATUSES = ['OPEN', 'OFFERED', 'FUNDED', 'DISBURSED', 'EXPIRED'] as const;
export const ListingStatus = z.enum(LISTING_STATUSES);
export const BID_STATUSES = ['LIVE', 'WITHDRAWN', 'REPLACED', 'RELEASED', 'ACCEPTED'] as const;
export const BidStatus = z.enum(BID_STATUSES);

export const OfferStatus = z.enum(['OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED']);

export const Bid = z
  .object({
    id: z.number().int(),
    listing: z.number().int(),
    amount: UgxString,
    rate: RateString,
    status: BidStatus,
    automatic: z.boolean(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'Bid' });
export type Bid = z.infer<typeof Bid>;

/**
 * What a lender sees of a listing (decisions.md, The marketplace): the loan and the business, never
 * the borrower's name, NIN, phone, e-mail, exact address or documents.
 */
export const Listing = z
  .object({
    id: z.number().int(),
    application: z.number().int(),
    status: ListingStatus,
    amount: UgxString,
    term_months: z.number().int(),
    loan_type: z.number().int(),
    loan_type_name: z.string(),
    interest_type: z.enum(['FLAT', 'COMPOUND']),
    max_rate: RateString,
    risk_grade: RiskGrade,
    business_type: z.string().nullable(),
    /** The district or town: the first part of the business location, never the street. */
    district: z.string(),
    purpose: z.string(),
    monthly_income_band: z.string(),
    borrower_record: z.object({
      loans_repaid: z.number().int(),
      loans_total: z.number().int(),
      worst_days_in_arrears: z.number().int(),
    }),
    funded_amount: UgxString,
    bids_count: z.number().int(),
    /** The smallest bid the platform takes (the MIN_BID setting), so the phone can check it first. */
    min_bid: UgxString,
    closes_at: IsoDateTime,
    my_bid: Bid.nullable(),
  })
  .meta({ id: 'Listing' });
export type Listing = z.infer<typeof Listing>;

export const Offer = z
  .object({
    id: z.number().int(),
    kind: z.enum(['full', 'lower-rate', 'partial']),
    amount: UgxString,
    rate: RateString,
    term_weeks: z.number().int(),
    weekly_repayment: UgxString,
    total_interest: UgxString,
    total_payable: UgxString,
    lenders: z.number().int(),
    expires_at: IsoDateTime,
    status: OfferStatus,
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof Offer>;

export const ListingSummary = z.object({
  id: z.number().int(),
  status: ListingStatus,
  funded_amount: UgxString,
  closes_at: IsoDateTime,
});

export const Participation = z
  .object({
    id: z.number().int(),
    /** null: the platform funded this share itself. */
    lender: z.number().int().nullable(),
    lender_name: z.string(),
    rate: RateString,
    principal_share: UgxString,
    principal_repaid: UgxString,
    interest_paid: UgxString,
    fees_paid: UgxString,
    principal_outstanding: UgxString,
  })
  .meta({ id: 'Participation' });

const ListingParams = z.object({ id: Id });
const ApplicationParams = z.object({ id: Id });

export const listListings = route({
  method: 'GET',
  path: '/api/marketplace/listings/',
  auth: 'user',
  summary: 'Listings on the marketplace (lenders and admins)',
  tags: ['marketplace'],
  query: pageQuery(20).extend({
    status: ListingStatus.optional(),
    risk_grade: RiskGrade.optional(),
    loan_type: Id.optional(),
    /** Only listings of at most this many months (an auto-invest rule's longest term). */
    max_term_months: z.coerce.number().int().min(1).max(24).optional(),
    /** Only listings whose maximum rate reaches this rate ("2.50"), so a bid at it is allowed. */
    min_rate: RateInput.optional(),
  }),
  responses: { 200: pageOf(Listing), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const getListing = route({
  method: 'GET',
  path: '/api/marketplace/listings/:id/',
  auth: 'user',
  summary: 'One listing, with the caller’s live bid',
  tags: ['marketplace'],
  params: ListingParams,
  responses: { 200: Listing, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const placeBid = route({
  method: 'POST',
  path: '/api/marketplace/listings/:id/bids/',
  auth: 'user',
  summary: 'A verified lender bids (replaces its earlier live bid); the amount is reserved at once',
  tags: ['marketplace'],
  params: ListingParams,
  headers: IdempotencyHeaders,
  body: z.object({ amount: UgxInput, rate: RateString }),
  responses: { 201: Bid, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const withdrawBid = route({
  method: 'DELETE',
  path: '/api/marketplace/bids/:id/',
  auth: 'user',
  summary: 'A lender withdraws its own live bid while the listing is open; the money is released',
  tags: ['marketplace'],
  params: z.object({ id: Id }),
  responses: { 200: Bid, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const myBids = route({
  method: 'GET',
  path: '/api/marketplace/bids/',
  auth: 'user',
  summary: 'The signed-in lender’s bids, newest first',
  tags: ['marketplace'],
  query: pageQuery(20).extend({ status: BidStatus.optional() }),
  responses: { 200: pageOf(Bid), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const applicationOffers = route({
  method: 'GET',
  path: '/api/loans/applications/:id/offers/',
  auth: 'user',
  summary: 'The offers lenders made for an application (its owner, or an admin)',
  tags: ['marketplace'],
  params: ApplicationParams,
  responses: { 200: z.array(Offer), 400: ApiError, 401: ApiError, 404: ApiError },
});

export const requestOffers = route({
  method: 'POST',
  path: '/api/loans/applications/:id/offers/request/',
  auth: 'user',
  summary: 'Close bidding early when bids already cover the amount, and make the offers',
  tags: ['marketplace'],
  params: ApplicationParams,
  responses: { 200: z.array(Offer), 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError },
});

export const acceptOffer = route({
  method: 'POST',
  path: '/api/loans/applications/:id/offers/:offerId/accept/',
  auth: 'user',
  summary: 'The borrower accepts one offer; every other reservation is released',
  tags: ['marketplace'],
  params: z.object({ id: Id, offerId: Id }),
  headers: IdempotencyHeaders,
  responses: { 200: Offer, 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError },
});

export const declineOffers = route({
  method: 'POST',
  path: '/api/loans/applications/:id/offers/decline/',
  auth: 'user',
  summary: 'The borrower declines every offer; all bids are released',
  tags: ['marketplace'],
  params: ApplicationParams,
  responses: { 200: z.array(Offer), 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError },
});

export const adminListings = route({
  method: 'GET',
  path: '/api/marketplace/admin/listings/',
  auth: 'admin',
  summary: 'Listings by status, for the back-office',
  tags: ['marketplace'],
  query: pageQuery(20).extend({ status: ListingStatus.optional() }),
  responses: { 200: pageOf(Listing), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const relistListing = route({
  method: 'POST',
  path: '/api/marketplace/admin/listings/:id/relist/',
  auth: 'admin',
  summary: 'Put an expired listing back on the marketplace for a new round',
  tags: ['marketplace'],
  params: ListingParams,
  responses: { 200: Listing, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const loanParticipations = route({
  method: 'GET',
  path: '/api/marketplace/admin/loans/:id/participations/',
  auth: 'admin',
  summary: 'Who funded a loan, and what each share has had back',
  tags: ['marketplace'],
  params: z.object({ id: Id }),
  responses: { 200: z.array(Participation), 400: ApiError, 401: ApiError, 403: ApiError },
});

/** A lender's money and returns (decisions.md, The marketplace; the figures' rules: docs/marketplace.md). */
export const Portfolio = z
  .object({
    cash_available: UgxString,
    cash_reserved: UgxString,
    outstanding_principal: UgxString,
    principal_repaid: UgxString,
    /** Interest the borrowers paid on the lender's shares, before the platform's fee. */
    interest_earned: UgxString,
    fees_paid: UgxString,
    loans: z.object({
      active: z.number().int(),
      overdue: z.number().int(),
      default: z.number().int(),
      fully_paid: z.number().int(),
    }),
    /**
     * XIRR of the lender's cash flows, percent per year with two decimals ("14.25", "-3.10"); null
     * until it can be worked out. Never in exponent form: the rate is at most 10^9 a year (xirr.ts).
     */
    net_annual_return: z
      .string()
      .regex(/^-?\d+\.\d{2}$/)
      .nullable(),
  })
  .meta({ id: 'Portfolio' });

export const LenderParticipation = z
  .object({
    id: z.number().int(),
    loan: z.number().int(),
    loan_ref: z.string(),
    status: z.enum(['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID']),
    rate: RateString,
    share: UgxString,
    principal_outstanding: UgxString,
    interest_earned: UgxString,
    next_due_date: z.string().nullable(),
    days_in_arrears: z.number().int(),
  })
  .meta({ id: 'LenderParticipation' });

/** A lender's shares, by their loan's status; the lender's own route and the back-office's. */
export const LenderParticipationQuery = pageQuery(20).extend({
  status: z.enum(['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID']).optional(),
});

export const MarketplaceStats = z
  .object({
    open_listings: z.number().int(),
    amount_bid: UgxString,
    funded_this_month: UgxString,
    active_lenders: z.number().int(),
    average_clearing_rate: RateString.nullable(),
  })
  .meta({ id: 'MarketplaceStats' });

export const lenderPortfolio = route({
  method: 'GET',
  path: '/api/lender/portfolio/',
  auth: 'user',
  summary: 'The signed-in lender’s cash, money lent out, returns and loans by status',
  tags: ['marketplace'],
  responses: { 200: Portfolio, 401: ApiError, 403: ApiError },
});

export const lenderParticipations = route({
  method: 'GET',
  path: '/api/lender/participations/',
  auth: 'user',
  summary: 'The signed-in lender’s shares of loans, newest first',
  tags: ['marketplace'],
  query: LenderParticipationQuery,
  responses: { 200: pageOf(LenderParticipation), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const adminLenderPortfolio = route({
  method: 'GET',
  path: '/api/marketplace/admin/lenders/:id/portfolio/',
  auth: 'admin',
  summary: 'A lender’s portfolio as the lender sees it (cash, money lent out, returns, loans by status)',
  tags: ['marketplace'],
  params: IdParams,
  responses: { 200: Portfolio, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const adminLenderParticipations = route({
  method: 'GET',
  path: '/api/marketplace/admin/lenders/:id/participations/',
  auth: 'admin',
  summary: 'A lender’s shares of loans as the lender sees them, newest first',
  tags: ['marketplace'],
  params: IdParams,
  query: LenderParticipationQuery,
  responses: { 200: pageOf(LenderParticipation), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const marketplaceStats = route({
  method: 'GET',
  path: '/api/marketplace/admin/stats/',
  auth: 'admin',
  summary: 'Open listings, amount bid, funded this month, active lenders, average clearing rate',
  tags: ['marketplace'],
  responses: { 200: MarketplaceStats, 401: ApiError, 403: ApiError },
});

export const StatementLine = z.object({
  at: IsoDateTime,
  kind: z.enum(['LENT', 'RETURNED', 'REPAYMENT']),
  description: z.string(),
  /** Positive: money to the lender's wallet; negative: money it lent out. */
  amount: UgxString,
});

export const LenderStatement = z
  .object({
    from: IsoDate.nullable(),
    to: IsoDate.nullable(),
    lines: z.array(StatementLine),
    total_lent: UgxString,
    total_received: UgxString,
  })
  .meta({ id: 'LenderStatement' });

export const lenderStatement = route({
  method: 'GET',
  path: '/api/lender/statement/',
  auth: 'user',
  summary:
    'What the signed-in lender lent and got back between two Kampala dates (JSON, or CSV with Accept: text/csv)',
  tags: ['marketplace'],
  query: z.object({ from: IsoDate.optional(), to: IsoDate.optional() }),
  responses: { 200: LenderStatement, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const marketplaceRoutes = {
  lenderStatement,
  lenderPortfolio,
  lenderParticipations,
  adminLenderPortfolio,
  adminLenderParticipations,
  marketplaceStats,
  listListings,
  getListing,
  placeBid,
  withdrawBid,
  myBids,
  applicationOffers,
  requestOffers,
  acceptOffer,
  declineOffers,
  adminListings,
  relistListing,
  loanParticipations,
} as const;
