import { endOfKampalaDate, kampalaDate, kampalaPeriods, startOfKampalaDate } from '@sente/contract';
import type { Tx } from '../../db/client.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { type AutoInvestRules, runAutoInvest } from './auto-invest.ts';
import { type BidRequest, placeBid, withdrawBid } from './bidding.ts';
import {
  type Funding,
  fundingOf,
  lenderPayoutLines,
  prepareFunding,
  recordParticipations,
  repaymentLinesOfMany,
} from './funding.ts';
import { listApproved, relist } from './listing.ts';
import { type LoanStatus, listParticipationsOfLender, marketplaceFigures } from './portfolio.repo.ts';
import { portfolioOf, statementOf } from './portfolio.ts';

function startOfKampalaMonth(now: Date): Date {
  return startOfKampalaDate(kampalaPeriods(now).monthStart);
}

import {
  type BidStatus,
  borrowerRecords,
  findListingOfApplication,
  findListingView,
  type ListingFilter,
  type ListingView,
  listBidsOfLender,
  listListingViews,
  liveBidsOfLenderOn,
  offersOfRound,
  participationsOf,
} from './marketplace.repo.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';
import { acceptOffer, closeDueListings, declineOffers, expireLapsedOffers, requestOffers } from './offers.ts';

export type { Funding } from './funding.ts';
export type { LenderGate } from './marketplace-deps.ts';

interface Viewer {
  readonly id: number;
  readonly role: string;
}

/**
 * The marketplace (decisions.md, The marketplace): approved applications are listed, verified lenders
 * bid, the auction makes offers, the borrower chooses, and the chosen bids fund the loan and share
 * its repayments. Lending calls in at payout and repayment (funding, participations, splits).
 */
export function createMarketplaceService(
  deps: MarketplaceDeps & { applications: ApplicationsService; autoInvest: AutoInvestRules },
) {
  deps.applications.onApproved((tx, application) =>
    listApproved(tx, deps, application).then(() => undefined),
  );

  async function withLenderView(rows: ListingView[], lenderId: number | null) {
    const today = kampalaDate(deps.clock.now());
    const [records, mine] = await Promise.all([
      borrowerRecords(deps.db, [...new Set(rows.map((r) => r.borrowerId))], today),
      lenderId === null
        ? Promise.resolve([])
        : liveBidsOfLenderOn(
            deps.db,
            lenderId,
            rows.map((r) => r.listing.id),
          ),
    ]);
    return rows.map((row) => ({
      row,
      record: records.get(row.borrowerId) ?? { loansRepaid: 0, loansTotal: 0, worstDaysInArrears: 0 },
      myBid: mine.find((bid) => bid.listingId === row.listing.id) ?? null,
      minBid: deps.config.minBid,
    }));
  }

  return {
    // ---- lenders ----
    async listings(viewer: Viewer, filter: ListingFilter, paging: { limit: number; offset: number }) {
      const { rows, count } = await listListingViews(deps.db, filter, paging);
      return { rows: await withLenderView(rows, viewer.role === 'lender' ? viewer.id : null), count };
    },

    async listing(viewer: Viewer, id: number) {
      const row = await findListingView(deps.db, id);
      if (!row) throw new NotFoundError('LISTING_NOT_FOUND', 'Listing not found');
      const [view] = await withLenderView([row], viewer.role === 'lender' ? viewer.id : null);
      if (!view) throw new NotFoundError('LISTING_NOT_FOUND', 'Listing not found');
      return view;
    },

    /** The listing an approval made (the demo seed and the admin screens start from the application). */
    async listingOfApplication(applicationId: number) {
      const listing = await findListingOfApplication(deps.db, applicationId);
      if (!listing)
        throw new NotFoundError('LISTING_NOT_FOUND', 'This application is not on the marketplace');
      return listing;
    },

    portfolio: (lenderId: number) => portfolioOf(deps, lenderId),
    /** Kampala dates, both included. */
    statement: (lenderId: number, from: string | undefined, to: string | undefined) =>
      statementOf(deps, lenderId, {
        from: from ? startOfKampalaDate(from) : undefined,
        to: to ? endOfKampalaDate(to) : undefined,
      }),
    participationsOfLender: (
      lenderId: number,
      status: LoanStatus | undefined,
      paging: { limit: number; offset: number },
    ) => listParticipationsOfLender(deps.db, lenderId, status, paging),
    async stats() {
      return marketplaceFigures(deps.db, kampalaDate(startOfKampalaMonth(deps.clock.now())));
    },
    today: () => kampalaDate(deps.clock.now()),

    placeBid: (request: BidRequest) => placeBid(deps, request),
    withdrawBid: (lenderId: number, bidId: number) => withdrawBid(deps, lenderId, bidId),
    bidsOf: (lenderId: number, status: BidStatus | undefined, paging: { limit: number; offset: number }) =>
      listBidsOfLender(deps.db, lenderId, status, paging),

    // ---- borrowers ----
    /** The offers of the listing's current round, for the application's owner or an admin. */
    async offersOf(viewer: Viewer, applicationId: number) {
      const { application } = await deps.applications.getFor(
        viewer as Parameters<ApplicationsService['getFor']>[0],
        applicationId,
      );
      const listing = await findListingOfApplication(deps.db, application.id);
      if (!listing) return [];
      return offersOfRound(deps.db, listing.id, listing.round);
    },
    requestOffers: (viewer: Viewer, applicationId: number) => requestOffers(deps, viewer, applicationId),
    acceptOffer: (input: Parameters<typeof acceptOffer>[1]) => acceptOffer(deps, input),
    declineOffers: (viewer: Viewer, applicationId: number) => declineOffers(deps, viewer, applicationId),

    // ---- admins ----
    /** A lender's portfolio and shares exactly as the lender reads them, for the back-office. */
    async portfolioForAdmin(lenderId: number) {
      await deps.lenders.assertIsLender(deps.db, lenderId);
      return portfolioOf(deps, lenderId);
    },
    async participationsForAdmin(
      lenderId: number,
      status: LoanStatus | undefined,
      paging: { limit: number; offset: number },
    ) {
      await deps.lenders.assertIsLender(deps.db, lenderId);
      return listParticipationsOfLender(deps.db, lenderId, status, paging);
    },
    relist: (listingId: number, adminId: number | null = null) => relist(deps, listingId, adminId),
    participationsOf: (loanId: number) => participationsOf(deps.db, loanId),

    // ---- jobs ----
    closeDueListings: () => closeDueListings(deps),
    runAutoInvest: () => runAutoInvest(deps, deps.autoInvest),
    expireLapsedOffers: () => expireLapsedOffers(deps),

    // ---- lending's units of work call these with their transaction ----
    prepareFunding: (tx: Tx, applicationId: number): Promise<Funding> =>
      prepareFunding(tx, deps, applicationId),
    fundingOf: (tx: Tx, applicationId: number): Promise<Funding> => fundingOf(tx, applicationId),
    lenderPayoutLines,
    recordParticipations: (tx: Tx, loan: Parameters<typeof recordParticipations>[2], funding: Funding) =>
      recordParticipations(tx, deps, loan, funding),
    /** How allocated repayments are booked among their loans' lenders (funding.ts). */
    repaymentLinesOfMany: (tx: Tx, repayments: Parameters<typeof repaymentLinesOfMany>[2]) =>
      repaymentLinesOfMany(tx, deps, repayments),
  };
}
export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
