import { formatUgx } from '@sente/contract';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_WALLET, providerClearing, userWallet } from '../ledger/ledger-accounts.ts';
import type { PaymentFlow } from '../payments/payment-flow.ts';

/**
 * A withdrawal reserves the money at request (the wallet is debited into the provider's clearing
 * account, so it cannot be spent twice), and on success the money leaves the platform wallet.
 * A failed withdrawal is reversed: the money is back in the wallet.
 */
export function withdrawalFlow(ledger: LedgerService): PaymentFlow {
  return {
    direction: 'send',
    userSees: 'DEBIT',
    category: 'WALLET',
    async reserve(tx, payment) {
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:reserve`,
        kind: 'WITHDRAWAL_RESERVE',
        postedAt: payment.createdAt,
        memo: `Withdrawal ${payment.referenceId} reserved`,
        platformTransactionId: payment.id,
        lines: [
          { account: userWallet(payment.userId), amount: payment.amount },
          { account: providerClearing(payment.provider), amount: -payment.amount },
        ],
      });
    },
    async settle(tx, payment) {
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:settle`,
        kind: 'WITHDRAWAL',
        ...(payment.completedAt ? { postedAt: payment.completedAt } : {}),
        memo: `Withdrawal ${payment.referenceId} paid out`,
        platformTransactionId: payment.id,
        lines: [
          { account: providerClearing(payment.provider), amount: payment.amount },
          { account: PLATFORM_WALLET, amount: -payment.amount },
        ],
      });
    },
    notice(payment, outcome) {
      return outcome === 'COMPLETED'
        ? {
            title: 'Withdrawal sent',
            message: `${formatUgx(payment.amount)} was sent to ${payment.phoneNumber}.`,
          }
        : {
            title: 'Withdrawal failed',
            message: `${formatUgx(payment.amount)} could not be sent to ${payment.phoneNumber}${payment.failureReason ? ` (${payment.failureReason})` : ''}. The money is back in your wallet.`,
          };
    },
  };
}

/** A lender's deposit is a collection: nothing is posted until the provider confirms the money arrived. */
export function depositFlow(ledger: LedgerService): PaymentFlow {
  return {
    direction: 'request',
    userSees: 'CREDIT',
    category: 'WALLET',
    async settle(tx, payment) {
      await ledger.postJournal(tx, {
        idempotencyKey: `payment:${payment.id}:settle`,
        kind: 'DEPOSIT',
        ...(payment.completedAt ? { postedAt: payment.completedAt } : {}),
        memo: `Deposit ${payment.referenceId} received`,
        platformTransactionId: payment.id,
        lines: [
          { account: PLATFORM_WALLET, amount: payment.amount },
          { account: userWallet(payment.userId), amount: -payment.amount },
        ],
      });
    },
    notice(payment, outcome) {
      return outcome === 'COMPLETED'
        ? {
            title: 'Deposit received',
            message: `${formatUgx(payment.amount)} from ${payment.phoneNumber} was added to your wallet.`,
          }
        : {
            title: 'Deposit failed',
            message: `${formatUgx(payment.amount)} was not collected from ${payment.phoneNumber}${payment.failureReason ? ` (${payment.failureReason})` : ''}. Nothing was charged.`,
          };
    },
  };
}
