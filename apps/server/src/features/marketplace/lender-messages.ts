import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { BidReleaseReason, ListingEndReason } from '../messages/templates/lender.ts';
import type { BidRow } from './marketplace.repo.ts';

/** What the marketplace needs of the outbox: a message written in its own transaction. */
export type LenderMessages = Pick<MessagesService, 'send'>;

async function namesOf(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A lender's reservation came back while the listing went on without it (outbid, another offer
 * chosen, the unused part of a filled bid). Keyed by the bid: a bid is released once.
 */
export async function tellBidsReleased(
  tx: Tx,
  messages: LenderMessages,
  released: readonly { bid: BidRow; amount: number }[],
  reason: BidReleaseReason,
): Promise<void> {
  const given = released.filter((r) => r.amount > 0);
  const names = await namesOf(
    tx,
    given.map((r) => r.bid.lenderId),
  );
  for (const { bid, amount } of given) {
    await messages.send(
      tx,
      bid.lenderId,
      'lender.bid-released',
      { name: names.get(bid.lenderId) ?? '', listingId: bid.listingId, amount, reason },
      { dedupeKey: `bid-released:${bid.id}` },
    );
  }
}

/**
 * A listing ended without a loan from its lenders: each lender whose money was still held on it is
 * told why, and that the money is back. One message per bid, never also a "bid released" one.
 */
export async function tellListingEnded(
  tx: Tx,
  messages: LenderMessages,
  bids: readonly BidRow[],
  reason: ListingEndReason,
): Promise<void> {
  const names = await namesOf(
    tx,
    bids.map((b) => b.lenderId),
  );
  for (const bid of bids) {
    await messages.send(
      tx,
      bid.lenderId,
      'lender.listing-expired',
      { name: names.get(bid.lenderId) ?? '', listingId: bid.listingId, amount: bid.amount, reason },
      { dedupeKey: `listing-ended:${bid.id}` },
    );
  }
}

/** The payout made the loan: each lender of the accepted offer learns what it lent, and at what rate. */
export async function tellBidsFilled(
  tx: Tx,
  messages: LenderMessages,
  loan: { loanRef: string; rateBp: number },
  fills: readonly { bidId: number; lenderId: number; amount: number }[],
): Promise<void> {
  const names = await namesOf(
    tx,
    fills.map((f) => f.lenderId),
  );
  for (const fill of fills) {
    await messages.send(
      tx,
      fill.lenderId,
      'lender.bid-filled',
      {
        name: names.get(fill.lenderId) ?? '',
        loanRef: loan.loanRef,
        amount: fill.amount,
        rateBp: loan.rateBp,
      },
      { dedupeKey: `bid-filled:${fill.bidId}` },
    );
  }
}
