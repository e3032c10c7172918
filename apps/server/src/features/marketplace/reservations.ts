import type { Clock } from '../../clock.ts';
import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import type { ListingEndReason } from '../messages/templates/lender.ts';
import { type LenderMessages, tellListingEnded } from './lender-messages.ts';
import {
  type BidRow,
  type ListingRow,
  liveBidsOf,
  setBidStatus,
  setOfferStatus,
  updateListing,
} from './marketplace.repo.ts';

/**
 * A bid's money moves between the lender's wallet (available cash) and its reserved account; the
 * float itself does not move. Each movement is keyed by the bid, so a retry posts it once.
 */
export async function reserveBid(tx: Tx, ledger: LedgerService, bid: BidRow): Promise<void> {
  await ledger.postJournal(tx, {
    idempotencyKey: `bid:${bid.id}:reserve`,
    kind: 'BID_RESERVE',
    memo: `Bid #${bid.id} on listing #${bid.listingId} reserved`,
    lines: [
      { account: userWallet(bid.lenderId), amount: bid.amount },
      { account: lenderReserved(bid.lenderId), amount: -bid.amount },
    ],
  });
}

/** Gives back `amount` of a bid's reservation (all of it, or what an accepted offer did not use). */
export async function releaseBid(
  tx: Tx,
  ledger: LedgerService,
  bid: BidRow,
  amount: number,
  why: string,
): Promise<void> {
  if (amount <= 0) return;
  await ledger.postJournal(tx, {
    idempotencyKey: `bid:${bid.id}:release`,
    kind: 'BID_RELEASE',
    memo: `Bid #${bid.id} on listing #${bid.listingId} released: ${why}`,
    lines: [
      { account: lenderReserved(bid.lenderId), amount },
      { account: userWallet(bid.lenderId), amount: -amount },
    ],
  });
}

/** Every given bid RELEASED and its whole reservation given back. */
export async function releaseAll(
  tx: Tx,
  deps: { clock: Clock; ledger: LedgerService },
  bids: readonly BidRow[],
  why: string,
): Promise<void> {
  await setBidStatus(
    tx,
    bids.map((b) => b.id),
    'RELEASED',
    deps.clock.now(),
  );
  for (const bid of bids) await releaseBid(tx, deps.ledger, bid, bid.amount, why);
}

/**
 * A listing leaves the marketplace without a loan from its lenders (declined, offers lapsed, or the
 * platform funding it itself): its open offers end, every live bid is released, and it is EXPIRED;
 * each lender whose money it held is told why.
 * The caller holds the listing's lock.
 */
export async function endWithoutLoan(
  tx: Tx,
  deps: { clock: Clock; ledger: LedgerService; messages: LenderMessages },
  listing: ListingRow,
  offersBecome: 'DECLINED' | 'EXPIRED',
  why: string,
  reason: ListingEndReason,
): Promise<ListingRow> {
  const now = deps.clock.now();
  await setOfferStatus(tx, listing.id, listing.round, 'OPEN', offersBecome, now);
  const live = await liveBidsOf(tx, listing.id);
  await releaseAll(tx, deps, live, why);
  await tellListingEnded(tx, deps.messages, live, reason);
  return updateListing(tx, listing.id, {
    status: 'EXPIRED',
    closedAt: listing.closedAt ?? now,
    updatedAt: now,
  });
}
