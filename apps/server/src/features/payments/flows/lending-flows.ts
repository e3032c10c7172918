import type { Tx } from '../../../db/client.ts';
import { formatUgx } from '../../../format-ugx.ts';
import { HttpError } from '../../../http/errors.ts';
import type { JournalLine, LedgerService } from '../../ledger/ledger.service.ts';
import {
  INTEREST_INCOME,
  LOANS_RECEIVABLE,
  PLATFORM_WALLET,
  providerClearing,
  userWallet,
} from '../../ledger/ledger-accounts.ts';
import type { LoansService } from '../../loans/loans.service.ts';
import type { NotificationsService } from '../../notifications/notifications.service.ts';
import { updateTransaction } from '../payments.repo.ts';
import type { PaymentFlow } from './payment-flow.ts';

export const PAYMENT_MODE: Record<string, string> = { mtn: 'MTN Mobile Money', airtel: 'Airtel Money' };

/**
 * A disbursement reserves the loan amount out of the platform wallet when it is requested. When the
 * provider confirms the payout, the loan and its schedule are created in the same transaction as the
 * settling posting; when the payout fails the reservation is reversed and no loan exists.
 */
export function disbursementFlow(ledger: LedgerService, loans: LoansService): PaymentFlow {
  return {
    direction: 'send',
    userSees: 'CREDIT',
    category: 'LOAN',
    async reserve(tx, payment) {
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:reserve`,
        kind: 'DISBURSEMENT_RESERVE',
        memo: `Loan payout ${payment.referenceId} reserved`,
        platformTransactionId: payment.id,
        postedAt: payment.createdAt,
        lines: [
          { account: providerClearing(payment.provider), amount: payment.amount },
          { account: PLATFORM_WALLET, amount: -payment.amount },
        ],
      });
    },
    async settle(tx, payment) {
      if (payment.applicationId === null) throw new Error(`Disbursement ${payment.id} has no application`);
      const disbursedAt = payment.completedAt ?? payment.updatedAt;
      const loan = await loans.createLoanFromApplication(tx, {
        applicationId: payment.applicationId,
        disbursedAt,
        platformTransactionId: payment.id,
      });
      await updateTransaction(tx, payment.id, { loanId: loan.id });
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:settle`,
        kind: 'DISBURSEMENT',
        memo: `Loan ${loan.loanRef} paid out (${payment.referenceId})`,
        platformTransactionId: payment.id,
        postedAt: disbursedAt,
        lines: [
          { account: LOANS_RECEIVABLE, amount: payment.amount },
          { account: providerClearing(payment.provider), amount: -payment.amount },
        ],
      });
    },
    notice(payment, outcome) {
      return outcome === 'COMPLETED'
        ? {
            title: 'Loan disbursed',
            message: `Your loan of ${formatUgx(payment.amount)} was sent to ${payment.phoneNumber}.`,
          }
        : {
            title: 'Loan payout failed',
            message: `We could not send ${formatUgx(payment.amount)} to ${payment.phoneNumber}${payment.failureReason ? ` (${payment.failureReason})` : ''}. Your application is still approved.`,
          };
    },
  };
}

/** Allocates in a savepoint, so a refusal (the loan was paid off meanwhile) leaves the transaction usable. */
async function allocate(
  tx: Tx,
  loans: LoansService,
  input: Parameters<LoansService['allocateRepayment']>[1],
) {
  try {
    return await tx.transaction((savepoint) => loans.allocateRepayment(savepoint, input));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return null;
    throw error;
  }
}

/**
 * A repayment is a collection: nothing is posted until the provider confirms. Then it is allocated to
 * the schedule (oldest installment first, interest before principal) and posted split between
 * principal and interest. Money that arrives for a loan with nothing left to pay (it was settled by
 * another payment meanwhile) is never lost: it is held in the borrower's wallet, withdrawable.
 */
export function repaymentFlow(
  ledger: LedgerService,
  loans: LoansService,
  notifications: NotificationsService,
): PaymentFlow {
  return {
    direction: 'request',
    userSees: 'DEBIT',
    category: 'LOAN',
    async settle(tx, payment) {
      if (payment.loanId === null) throw new Error(`Repayment ${payment.id} has no loan`);
      const paidAt = payment.completedAt ?? payment.updatedAt;
      const allocation = await allocate(tx, loans, {
        loanId: payment.loanId,
        amount: payment.amount,
        paidAt,
        platformTransactionId: payment.id,
        paymentMode: PAYMENT_MODE[payment.provider] ?? 'Mobile Money',
      });
      const lines: JournalLine[] = [{ account: PLATFORM_WALLET, amount: payment.amount }];
      if (!allocation) lines.push({ account: userWallet(payment.userId), amount: -payment.amount });
      if (allocation && allocation.principal > 0)
        lines.push({ account: LOANS_RECEIVABLE, amount: -allocation.principal });
      if (allocation && allocation.interest > 0)
        lines.push({ account: INTEREST_INCOME, amount: -allocation.interest });
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:settle`,
        kind: allocation ? 'REPAYMENT' : 'OVERPAYMENT',
        memo: allocation
          ? `Repayment ${payment.referenceId}: principal ${allocation.principal}, interest ${allocation.interest}`
          : `Repayment ${payment.referenceId} arrived for a loan with nothing owed; held in the wallet`,
        platformTransactionId: payment.id,
        postedAt: paidAt,
        lines,
      });
      await notifications.notify(tx, {
        userId: payment.userId,
        kind: 'payment.completed',
        title: 'Repayment received',
        message: allocation
          ? `${formatUgx(payment.amount)} was received for your loan. ${allocation.remainingBalance > 0 ? `Remaining balance: ${formatUgx(allocation.remainingBalance)}.` : 'Your loan is fully paid. Thank you!'}`
          : `${formatUgx(payment.amount)} was received, but nothing was owed on the loan any more. The money is in your wallet; you can withdraw it.`,
        data: { transaction_id: payment.id, reference_id: payment.referenceId, loan_id: payment.loanId },
      });
    },
    notice(payment, outcome) {
      return outcome === 'COMPLETED'
        ? null // settle() tells the borrower, with the balance that remains
        : {
            title: 'Repayment not completed',
            message: `The payment of ${formatUgx(payment.amount)} from ${payment.phoneNumber} did not go through${payment.failureReason ? ` (${payment.failureReason})` : ''}. Nothing was taken.`,
          };
    },
  };
}
