import type { Db } from '../../db/client.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { LoansService } from '../loans/loans.service.ts';
import type { MarketplaceService } from '../marketplace/marketplace.service.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { disburse, requestPayout } from './disburse.ts';
import { repay } from './repay.ts';
import { disbursementFlow } from './settle-disbursement.ts';
import { repaymentFlow } from './settle-repayment.ts';

export interface LendingDeps {
  readonly db: Db;
  readonly ledger: LedgerService;
  readonly payments: PaymentsService;
  readonly idempotency: IdempotencyService;
  readonly applications: ApplicationsService;
  readonly loans: LoansService;
  readonly messages: Pick<MessagesService, 'send' | 'sendAll'>;
  readonly marketplace: MarketplaceService;
  /** How long a disbursement request waits for the payout before answering that it is on its way. */
  readonly syncWaitMs: number;
}

/**
 * Lending's use cases that move money, one file each: disburse (disburse.ts), repay (repay.ts), and
 * what happens when a payout or a collection settles or fails (settle-*.ts), which it registers with
 * the payments gateway for its two payment types.
 */
export function createLendingService(deps: LendingDeps) {
  deps.payments.registerFlow('DISBURSEMENT', disbursementFlow(deps));
  deps.payments.registerFlow(
    'REPAYMENT',
    repaymentFlow({
      ...deps,
      splitRepayments: (tx, repayments) => deps.marketplace.repaymentLinesOfMany(tx, repayments),
    }),
  );
  return {
    disburse: (input: Parameters<typeof disburse>[1]) => disburse(deps, input),
    repay: (input: Parameters<typeof repay>[1]) => repay(deps, input),
    /** Records a payout PENDING without sending it (the demo history completes it itself). */
    requestPayout: (input: Parameters<typeof requestPayout>[1]) => requestPayout(deps, input),
  };
}
export type LendingService = ReturnType<typeof createLendingService>;
