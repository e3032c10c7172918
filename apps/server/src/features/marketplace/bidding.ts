import { formatUgx, toRateString } from '@sente/contract';
import { transaction } from '../../db/retry-transaction.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-error.ts';
import { lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import {
  type BidRow,
  findBid,
  findLiveBid,
  insertBid,
  lockBid,
  lockListing,
  setBidStatus,
} from './marketplace.repo.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';
import { releaseBid, reserveBid } from './reservations.ts';

/** The lowest rate a bid may ask: 1.00% per month (decisions.md). */
export const MIN_BID_RATE_BP = 100;

export interface BidRequest {
  readonly lenderId: number;
  readonly listingId: number;
  readonly amount: number;
  readonly rateBp: number;
  readonly idempotencyKey: string;
  readonly automatic?: boolean;
}

/**
 * A verified lender bids on an OPEN listing. One unit of work: the listing is locked (so it cannot
 * close meanwhile), the lender's wallet and reserved accounts are locked, its available cash is read
 * under that lock, an earlier live bid on the same listing is replaced (its reservation released),
 * and the new amount is reserved. Nothing is reserved when any rule refuses.
 */
export async function placeBid(deps: MarketplaceDeps, request: BidRequest): Promise<BidRow> {
  const { ledger, config } = deps;
  const id = await deps.idempotency.run(
    {
      scope: `marketplace.bid:${request.listingId}`,
      key: request.idempotencyKey,
      userId: request.lenderId,
      request: { amount: request.amount, rate: request.rateBp },
    },
    () =>
      transaction(deps.db, async (tx) => {
        const listing = await lockListing(tx, request.listingId);
        if (!listing) throw new NotFoundError('LISTING_NOT_FOUND', 'Listing not found');
        await deps.lenders.assertMayBid(tx, request.lenderId);
        const now = deps.clock.now();
        if (listing.status !== 'OPEN' || listing.closesAt <= now) {
          throw new ConflictError('LISTING_NOT_OPEN', 'Bidding on this listing has closed');
        }
        const problems: Record<string, string[]> = {};
        if (request.amount < config.minBid) {
          problems.amount = [`A bid is at least ${formatUgx(config.minBid)}`];
        } else if (request.amount % 1000 !== 0) {
          problems.amount = ['Bid in whole thousands of shillings'];
        } else if (request.amount > listing.amount) {
          problems.amount = [`A bid is at most the listing's ${formatUgx(listing.amount)}`];
        }
        if (request.rateBp < MIN_BID_RATE_BP || request.rateBp > listing.maxRateBp) {
          problems.rate = [
            `The rate is from ${toRateString(MIN_BID_RATE_BP)}% to ${toRateString(listing.maxRateBp)}% per month`,
          ];
        }
        if (Object.keys(problems).length > 0)
          throw new InvalidInputError('INVALID_BID', 'Invalid bid', problems);

        await ledger.lockAccounts(tx, [userWallet(request.lenderId), lenderReserved(request.lenderId)]);
        const earlier = await findLiveBid(tx, listing.id, request.lenderId);
        const available =
          -(await ledger.balanceOf(tx, userWallet(request.lenderId))) + (earlier?.amount ?? 0);
        if (request.amount > available) {
          throw new InvalidInputError('INSUFFICIENT_CASH', 'Not enough available cash for this bid', {
            amount: [`You can bid at most ${formatUgx(Math.max(available, 0))}`],
          });
        }
        if (earlier) {
          await setBidStatus(tx, [earlier.id], 'REPLACED', now);
          await releaseBid(tx, ledger, earlier, earlier.amount, 'replaced by a new bid');
        }
        const bid = await insertBid(tx, {
          listingId: listing.id,
          lenderId: request.lenderId,
          round: listing.round,
          amount: request.amount,
          rateBp: request.rateBp,
          status: 'LIVE',
          automatic: request.automatic ?? false,
          createdAt: now,
          updatedAt: now,
        });
        await reserveBid(tx, ledger, bid);
        return bid.id;
      }),
  );
  const bid = await findBid(deps.db, id);
  if (!bid) throw new Error(`bid ${id} vanished`);
  return bid;
}

/** A lender takes back its own live bid while the listing is still OPEN; the money is released. */
export async function withdrawBid(
  deps: Pick<MarketplaceDeps, 'db' | 'clock' | 'ledger'>,
  lenderId: number,
  bidId: number,
): Promise<BidRow> {
  return transaction(deps.db, async (tx) => {
    const found = await findBid(tx, bidId);
    // Someone else's bid does not exist, as far as this lender can tell.
    if (!found || found.lenderId !== lenderId) throw new NotFoundError('BID_NOT_FOUND', 'Bid not found');
    // Listing before bid, the order every marketplace transaction locks in.
    const listing = await lockListing(tx, found.listingId);
    const bid = (await lockBid(tx, bidId)) ?? found;
    if (bid.status !== 'LIVE')
      throw new ConflictError('BID_NOT_LIVE', `This bid is already ${bid.status.toLowerCase()}`);
    if (listing?.status !== 'OPEN') {
      throw new ConflictError('LISTING_NOT_OPEN', 'Bids can only be withdrawn while the listing is open');
    }
    const now = deps.clock.now();
    await setBidStatus(tx, [bid.id], 'WITHDRAWN', now);
    await releaseBid(tx, deps.ledger, bid, bid.amount, 'withdrawn by the lender');
    return { ...bid, status: 'WITHDRAWN' as const, updatedAt: now };
  });
}
