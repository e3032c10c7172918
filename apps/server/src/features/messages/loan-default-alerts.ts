import type { Tx } from '../../db/client.ts';
import { lenderSharesOfLoans } from './lender-messages.repo.ts';
import type { MessagesService } from './messages.service.ts';

/**
 * Loans that just went into DEFAULT: every lender with a share in one is told, in the status
 * change's transaction, once per lender and loan however often the loan leaves and re-enters default.
 */
export async function tellLendersOfDefaults(
  tx: Tx,
  messages: Pick<MessagesService, 'send'>,
  loanIds: readonly number[],
): Promise<number> {
  let written = 0;
  for (const share of await lenderSharesOfLoans(tx, loanIds)) {
    written += await messages.send(
      tx,
      share.lenderId,
      'lender.loan-defaulted',
      { name: share.name, loanRef: share.loanRef, outstanding: share.outstanding },
      { dedupeKey: `loan-default:${share.loanId}:${share.lenderId}` },
    );
  }
  return written;
}
