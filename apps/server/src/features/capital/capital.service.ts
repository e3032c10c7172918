import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { ConflictError, InvalidInputError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_CAPITAL, PLATFORM_WALLET } from '../ledger/ledger-accounts.ts';

export interface CapitalPayment {
  readonly postingId: number;
  readonly amount: number;
  readonly reference: string;
  readonly platformWalletBalance: number;
  readonly postedAt: Date;
}

/**
 * Owners' capital paid into the platform's mobile-money float (Dr platform wallet, Cr capital), so a
 * production database without demo data can lend.
 */
export function createCapitalService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;
  return {
    /**
     * Records a transfer into the float with its reference, by an admin or the CLI (adminId null).
     * The key makes a repeat post once and answer the first posting; the same key for another amount
     * or reference is refused.
     */
    async payIn(input: {
      amount: number;
      reference: string;
      idempotencyKey: string;
      adminId: number | null;
    }): Promise<CapitalPayment> {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new InvalidInputError('INVALID_AMOUNT', 'Capital must be a whole number of shillings above 0');
      }
      const memo = `Capital paid into the platform wallet, reference ${input.reference}`;
      return transaction(db, async (tx) => {
        const { posting, isNew } = await ledger.postJournal(tx, {
          idempotencyKey: `capital:${input.idempotencyKey}`,
          kind: 'CAPITAL',
          memo: input.adminId === null ? memo : `${memo} (recorded by admin #${input.adminId})`,
          lines: [
            { account: PLATFORM_WALLET, amount: input.amount },
            { account: PLATFORM_CAPITAL, amount: -input.amount },
          ],
        });
        if (isNew) {
          // A repeat with the same key posts nothing, so it is not a second change either.
          await recordAudit(tx, {
            actorId: input.adminId,
            action: 'capital.paid_in',
            entityType: 'posting',
            entityId: posting.id,
            after: { amount: input.amount, reference: input.reference },
            at: posting.createdAt,
          });
        } else {
          const earlier = await ledger.entriesOf(tx, posting.id);
          const paidIn = earlier.find((entry) => entry.account === PLATFORM_WALLET)?.amount;
          if (paidIn !== input.amount || !posting.memo.startsWith(memo)) {
            throw new ConflictError(
              'IDEMPOTENCY_KEY_REUSED',
              'This Idempotency-Key was already used for a different capital payment.',
            );
          }
        }
        return {
          postingId: posting.id,
          amount: input.amount,
          reference: input.reference,
          platformWalletBalance: await ledger.balanceOf(tx, PLATFORM_WALLET),
          postedAt: posting.createdAt,
        };
      });
    },
  };
}
export type CapitalService = ReturnType<typeof createCapitalService>;
