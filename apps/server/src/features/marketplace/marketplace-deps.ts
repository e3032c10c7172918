import type { Clock } from '../../clock.ts';
import type { MarketplaceConfig } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MessagesService } from '../messages/messages.service.ts';

/** Who may bid: the lenders feature answers (KYC, terms, an admin's verification). */
export interface LenderGate {
  assertMayBid(tx: Tx, userId: number): Promise<void>;
  /** The back-office reads a lender's money by id: 404 LENDER_NOT_FOUND unless it is a lender. */
  assertIsLender(db: DbOrTx, userId: number): Promise<void>;
}

export interface MarketplaceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly ledger: LedgerService;
  readonly idempotency: IdempotencyService;
  readonly lenders: LenderGate;
  /** Borrowers hear that offers are ready, lenders what became of their bids, in the same transaction. */
  readonly messages: Pick<MessagesService, 'send'>;
  readonly config: MarketplaceConfig;
}

export const HOUR = 60 * 60 * 1000;
