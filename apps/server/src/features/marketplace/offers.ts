import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { applications, loanTypes, users } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../domain-error.ts';
import { kampalaSmsTime } from '../messages/kampala-sms-time.ts';
import { lenderCount, runAuction } from './auction.ts';
import { tellBidsReleased, tellListingEnded } from './lender-messages.ts';
import {
  fillsOf,
  findListingsToClose,
  findListingsWithLapsedOffers,
  findOffer,
  insertOffer,
  insertOfferFills,
  type ListingRow,
  liveBidsOf,
  lockListing,
  lockListingOfApplication,
  type OfferRow,
  offersOfRound,
  setBidStatus,
  setOfferStatus,
  updateListing,
} from './marketplace.repo.ts';
import { HOUR, type MarketplaceDeps } from './marketplace-deps.ts';
import { offerTerms } from './offer-terms.ts';
import { endWithoutLoan, releaseAll, releaseBid } from './reservations.ts';

type Deps = Pick<MarketplaceDeps, 'db' | 'clock' | 'ledger' | 'config' | 'messages'>;

async function loanFacts(tx: Tx, applicationId: number) {
  const [row] = await tx
    .select({
      userId: applications.userId,
      borrowerName: users.name,
      months: applications.loanTermMonths,
      interestType: loanTypes.interestType,
      minimumAmount: loanTypes.minAmount,
    })
    .from(applications)
    .innerJoin(loanTypes, eq(loanTypes.id, applications.loanTypeId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId));
  if (!row) throw new Error(`Application ${applicationId} of a listing is gone`);
  return row;
}

/**
 * Bidding ends (the window closed, or the borrower asked early): the uniform-price auction makes at
 * most two offers out of the live bids. Bids in neither offer are released at once; the others stay
 * reserved until the borrower chooses, and the borrower is told the offers are ready. No offer at
 * all: every bid is released and the listing EXPIRED. The caller holds the listing's lock.
 */
export async function closeListing(tx: Tx, deps: Deps, listing: ListingRow): Promise<ListingRow> {
  const now = deps.clock.now();
  const live = await liveBidsOf(tx, listing.id);
  const facts = await loanFacts(tx, listing.applicationId);
  const made = runAuction({
    amount: listing.amount,
    minimumAmount: Math.min(facts.minimumAmount, listing.amount),
    bids: live.map((b) => ({
      id: b.id,
      lenderId: b.lenderId,
      amount: b.amount,
      rateBp: b.rateBp,
      placedAt: b.createdAt,
    })),
  });
  if (made.length === 0) {
    await releaseAll(tx, deps, live, 'the listing closed without an offer');
    await tellListingEnded(tx, deps.messages, live, 'no-offer');
    return updateListing(tx, listing.id, { status: 'EXPIRED', closedAt: now, updatedAt: now });
  }
  const expiresAt = new Date(now.getTime() + deps.config.offerHours * HOUR);
  const inAnOffer = new Set<number>();
  for (const offer of made) {
    const terms = offerTerms({
      amount: offer.amount,
      rateBp: offer.rateBp,
      months: facts.months,
      interestType: facts.interestType,
    });
    const row = await insertOffer(tx, {
      listingId: listing.id,
      round: listing.round,
      kind: offer.kind,
      amount: offer.amount,
      rateBp: offer.rateBp,
      termWeeks: terms.termWeeks,
      weeklyRepayment: terms.weeklyRepayment,
      totalInterest: terms.totalInterest,
      totalPayable: terms.totalPayable,
      lenders: lenderCount(offer),
      status: 'OPEN',
      expiresAt,
      createdAt: now,
    });
    await insertOfferFills(
      tx,
      offer.fills.map((fill) => ({
        offerId: row.id,
        bidId: fill.bidId,
        lenderId: fill.lenderId,
        amount: fill.amount,
      })),
    );
    for (const fill of offer.fills) inAnOffer.add(fill.bidId);
  }
  const outbid = live.filter((b) => !inAnOffer.has(b.id));
  await releaseAll(tx, deps, outbid, 'not needed by any offer');
  await tellBidsReleased(
    tx,
    deps.messages,
    outbid.map((bid) => ({ bid, amount: bid.amount })),
    'outbid',
  );
  // Once per round whatever retries the close: the dedupe key names the listing's round.
  await deps.messages.send(
    tx,
    facts.userId,
    'offers.ready',
    {
      name: facts.borrowerName,
      applicationId: listing.applicationId,
      offers: made.length,
      amount: Math.max(...made.map((offer) => offer.amount)),
      expiresAt: kampalaSmsTime(expiresAt),
    },
    { dedupeKey: `offers-ready:${listing.id}:${listing.round}` },
  );
  return updateListing(tx, listing.id, { status: 'OFFERED', closedAt: now, updatedAt: now });
}

/** The listing of an application, if its owner (or an admin) asks; anyone else is told it does not exist. */
async function listingOfOwnApplication(
  tx: Tx,
  viewer: { id: number; role: string },
  applicationId: number,
): Promise<ListingRow> {
  const [application] = await tx
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!application || (viewer.role !== 'admin' && application.userId !== viewer.id)) {
    throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
  }
  const listing = await lockListingOfApplication(tx, applicationId);
  if (!listing) throw new ConflictError('NOT_LISTED', 'This application is not on the marketplace');
  return listing;
}

/** The borrower asks for offers before the window ends: allowed once live bids cover the full amount. */
export async function requestOffers(
  deps: Deps,
  viewer: { id: number; role: string },
  applicationId: number,
): Promise<ListingRow> {
  return transaction(deps.db, async (tx) => {
    const listing = await listingOfOwnApplication(tx, viewer, applicationId);
    if (listing.status !== 'OPEN') {
      throw new ConflictError(
        'LISTING_NOT_OPEN',
        `Bidding has already closed (the listing is ${listing.status})`,
      );
    }
    const covered = (await liveBidsOf(tx, listing.id)).reduce((sum, b) => sum + b.amount, 0);
    if (covered < listing.amount) {
      throw new ConflictError(
        'BIDS_DO_NOT_COVER',
        'Bids do not cover the full amount yet; offers come when bidding closes',
      );
    }
    return closeListing(tx, deps, listing);
  });
}

/**
 * The borrower accepts one offer: its bids become the loan's future participations (the marginal
 * bid may be filled in part and gives back the rest), every other reservation is released at once,
 * and the listing is FUNDED. Accepting twice, or racing the expiry, funds once: the listing is locked
 * and its state decides.
 */
export async function acceptOffer(
  deps: Deps & Pick<MarketplaceDeps, 'idempotency'>,
  input: {
    viewer: { id: number; role: string };
    applicationId: number;
    offerId: number;
    idempotencyKey: string;
  },
): Promise<OfferRow> {
  const offerId = await deps.idempotency.run(
    {
      scope: `marketplace.accept:${input.applicationId}`,
      key: input.idempotencyKey,
      userId: input.viewer.id,
      request: { offer: input.offerId },
    },
    () =>
      transaction(deps.db, async (tx) => {
        const listing = await listingOfOwnApplication(tx, input.viewer, input.applicationId);
        const offers = await offersOfRound(tx, listing.id, listing.round);
        const offer = offers.find((o) => o.id === input.offerId);
        if (!offer) throw new NotFoundError('OFFER_NOT_FOUND', 'Offer not found');
        const now = deps.clock.now();
        if (listing.status !== 'OFFERED' || offer.status !== 'OPEN' || offer.expiresAt <= now) {
          throw new ConflictError(
            'OFFER_NOT_OPEN',
            offer.status === 'ACCEPTED'
              ? 'This offer was already accepted'
              : 'This offer can no longer be accepted',
          );
        }
        await setOfferStatus(tx, listing.id, listing.round, 'OPEN', 'ACCEPTED', now, offer.id);
        await setOfferStatus(tx, listing.id, listing.round, 'OPEN', 'DECLINED', now);
        const fills = new Map((await fillsOf(tx, offer.id)).map((f) => [f.bidId, f.amount]));
        const live = await liveBidsOf(tx, listing.id);
        const accepted = live.filter((b) => fills.has(b.id));
        await setBidStatus(
          tx,
          accepted.map((b) => b.id),
          'ACCEPTED',
          now,
        );
        const rests = accepted.map((bid) => ({ bid, amount: bid.amount - (fills.get(bid.id) ?? 0) }));
        for (const rest of rests) {
          await releaseBid(tx, deps.ledger, rest.bid, rest.amount, 'the rest of a partly filled bid');
        }
        await tellBidsReleased(tx, deps.messages, rests, 'partly-filled');
        const notChosen = live.filter((b) => !fills.has(b.id));
        await releaseAll(tx, deps, notChosen, 'the borrower chose another offer');
        await tellBidsReleased(
          tx,
          deps.messages,
          notChosen.map((bid) => ({ bid, amount: bid.amount })),
          'other-offer',
        );
        await updateListing(tx, listing.id, { status: 'FUNDED', updatedAt: now });
        return offer.id;
      }),
  );
  const offer = await findOffer(deps.db, offerId);
  if (!offer) throw new Error(`offer ${offerId} vanished`);
  return offer;
}

/** The borrower declines every offer: all bids are released and the listing EXPIRED (an admin may relist). */
export async function declineOffers(
  deps: Deps,
  viewer: { id: number; role: string },
  applicationId: number,
): Promise<ListingRow> {
  return transaction(deps.db, async (tx) => {
    const listing = await listingOfOwnApplication(tx, viewer, applicationId);
    if (listing.status !== 'OFFERED') {
      throw new ConflictError(
        'NO_OPEN_OFFERS',
        `There are no offers to decline (the listing is ${listing.status})`,
      );
    }
    return endWithoutLoan(tx, deps, listing, 'DECLINED', 'the borrower declined the offers', 'declined');
  });
}

/**
 * Jobs: listings whose window ended are closed, and offers whose time ran out expire, releasing
 * what they reserved. Each listing is locked and its state rechecked, so of several replicas running
 * the same job, one does the work and the others find nothing left to do.
 */
export async function closeDueListings(deps: Deps, limit = 100): Promise<number> {
  const due = await findListingsToClose(deps.db, deps.clock.now(), limit);
  let closed = 0;
  for (const candidate of due) {
    await transaction(deps.db, async (tx) => {
      const listing = await lockListing(tx, candidate.id);
      if (listing?.status !== 'OPEN' || listing.closesAt > deps.clock.now()) return;
      await closeListing(tx, deps, listing);
      closed++;
    });
  }
  return closed;
}

export async function expireLapsedOffers(deps: Deps, limit = 100): Promise<number> {
  const listingIds = await findListingsWithLapsedOffers(deps.db, deps.clock.now(), limit);
  let expired = 0;
  for (const id of listingIds) {
    await transaction(deps.db, async (tx) => {
      const listing = await lockListing(tx, id);
      if (listing?.status !== 'OFFERED') return;
      const now = deps.clock.now();
      const open = (await offersOfRound(tx, listing.id, listing.round)).filter((o) => o.status === 'OPEN');
      if (open.length === 0 || open.some((o) => o.expiresAt > now)) return;
      await endWithoutLoan(tx, deps, listing, 'EXPIRED', 'the offers expired', 'offers-lapsed');
      expired++;
    });
  }
  return expired;
}
