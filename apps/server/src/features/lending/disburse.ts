import { formatUgx } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { ConflictError, ProviderFailedError } from '../../domain-error.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_WALLET } from '../ledger/ledger-accounts.ts';
import type { MarketplaceService } from '../marketplace/marketplace.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { TransactionRow, TransactionWithUser } from '../payments/platform-transaction.ts';

export const ALREADY_DISBURSING = 'This application is already being disbursed';

export type DisbursementOutcome =
  | { readonly kind: 'loan'; readonly loanId: number }
  | { readonly kind: 'pending'; readonly payment: TransactionWithUser };

export interface DisburseDeps {
  readonly db: Db;
  readonly ledger: LedgerService;
  readonly payments: PaymentsService;
  readonly idempotency: IdempotencyService;
  readonly applications: ApplicationsService;
  readonly marketplace: Pick<MarketplaceService, 'prepareFunding'>;
  readonly syncWaitMs: number;
}

/**
 * One unit of work: checks that the application can be paid out, locks the platform wallet, checks
 * that it holds the amount, and records the payout PENDING with its reservation posted. Every read
 * goes through the transaction. A second live payout of the same application is refused by a unique
 * index, so two concurrent calls can never make two loans; the platform wallet cannot go below zero
 * (checked here under the lock, and by a constraint on the account).
 */
export async function requestPayout(
  deps: Pick<DisburseDeps, 'db' | 'ledger' | 'payments' | 'applications' | 'marketplace'>,
  input: { applicationId: number; requestKey: string; adminId?: number | null },
): Promise<TransactionRow> {
  const { ledger, payments, applications } = deps;
  try {
    return await transaction(deps.db, async (tx) => {
      const earlier = await payments.findByRequestKey(tx, input.requestKey);
      if (earlier) return earlier;
      const { application, userPhone } = await applications.get(input.applicationId, tx);
      if (application.approvedLoanId !== null)
        throw new ConflictError('APPLICATION_ALREADY_DISBURSED', 'Application already disbursed');
      if (application.status !== 'APPROVED') {
        throw new ConflictError(
          'APPLICATION_NOT_APPROVED',
          `Only approved applications can be disbursed (this one is ${application.status})`,
        );
      }
      if (!userPhone)
        throw new ConflictError('NO_MOBILE_MONEY_NUMBER', 'The borrower has no mobile-money number on file');
      // The accepted offer's lenders fund it, or the platform does (and the listing is withdrawn).
      const funding = await deps.marketplace.prepareFunding(tx, input.applicationId);
      const amount = funding.kind === 'lenders' ? funding.amount : application.amountRequested;
      const [wallet] = await ledger.lockAccounts(tx, [PLATFORM_WALLET]);
      const float = wallet?.balance ?? 0;
      if (float < amount) {
        throw new ConflictError(
          'PLATFORM_WALLET_SHORT',
          `The platform wallet holds ${formatUgx(float)}, less than the ${formatUgx(amount)} to disburse`,
        );
      }
      if (funding.kind === 'platform') {
        // The float also holds lenders' and borrowers' money: a loan the platform makes itself may
        // use only what is the platform's own (under the float's lock, so two payouts cannot both).
        const own = float - (await ledger.heldForOthers(tx)) - (await payments.sumOpenWithdrawals(tx));
        if (own < amount) {
          throw new ConflictError(
            'PLATFORM_FUNDS_SHORT',
            `The platform's own money in the wallet is ${formatUgx(Math.max(own, 0))} (the rest belongs to lenders and borrowers), less than the ${formatUgx(amount)} to disburse`,
          );
        }
      }
      const { payment } = await payments.create(tx, {
        type: 'DISBURSEMENT',
        userId: application.userId,
        amount,
        phoneNumber: userPhone,
        applicationId: input.applicationId,
        requestedById: input.adminId ?? null,
        requestKey: input.requestKey,
        description: `Loan disbursement for application #${input.applicationId} to ${userPhone}`,
      });
      await recordAudit(tx, {
        actorId: input.adminId ?? null,
        action: 'application.disbursed',
        entityType: 'application',
        entityId: input.applicationId,
        before: { status: application.status, approved_loan: null },
        after: {
          payout_reference: payment.referenceId,
          amount: amount,
          funded_by: funding.kind,
          phone_number: userPhone,
        },
        at: payment.createdAt,
      });
      return payment;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'platform_transactions_live_disbursement_key')) {
      throw new ConflictError('ALREADY_DISBURSING', ALREADY_DISBURSING);
    }
    throw error;
  }
}

/**
 * An admin pays an approved application out and, when the provider confirms within the wait, gets
 * the loan it created. All or nothing: a failed payout is reversed and leaves the application
 * APPROVED with no loan. A payout still on its way answers `pending`; the poller or the callback
 * finishes it and creates the loan then. The Idempotency-Key makes a repeat answer the first result.
 */
export async function disburse(
  deps: DisburseDeps,
  input: { applicationId: number; adminId: number; idempotencyKey: string },
): Promise<DisbursementOutcome> {
  const { payments, idempotency } = deps;
  const paymentId = await idempotency.run(
    {
      scope: 'loans.disburse',
      key: input.idempotencyKey,
      userId: input.adminId,
      request: { application: input.applicationId },
    },
    async () => {
      const payout = await requestPayout(deps, {
        applicationId: input.applicationId,
        requestKey: `loans.disburse:${input.applicationId}:${input.adminId}:${input.idempotencyKey}`,
        adminId: input.adminId,
      });
      const sent = await payments.submit(payout);
      const final = await payments.waitUntilFinal(sent.id, deps.syncWaitMs);
      if (final.status === 'FAILED') {
        throw new ProviderFailedError(
          'PAYOUT_FAILED',
          `The mobile-money payout failed${final.failureReason ? ` (${final.failureReason})` : ''}. The application is still approved and no money moved.`,
        );
      }
      return final.id;
    },
  );
  const payment = await payments.getWithUser(paymentId);
  if (payment.status === 'COMPLETED' && payment.loanId !== null)
    return { kind: 'loan', loanId: payment.loanId };
  return { kind: 'pending', payment };
}
