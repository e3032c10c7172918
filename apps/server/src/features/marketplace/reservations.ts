import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import type { BidRow } from './marketplace.repo.ts';

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
