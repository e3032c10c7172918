import { formatUgx } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { ForbiddenError, InvalidInputError } from '../../domain-error.ts';
import type { IdempotencyService } from '../idempotency/idempotency.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { providerClearing, userWallet } from '../ledger/ledger-accounts.ts';
import type { MoneyReportsService } from '../money-reports/money-reports.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type {
  TransactionRow,
  TransactionStatus,
  TransactionWithUser,
} from '../payments/platform-transaction.ts';
import { mobileMoneyNumberOrRefuse } from '../users/phone-number.ts';
import { userTotals } from './wallet.repo.ts';
import { depositFlow, withdrawalFlow } from './wallet-flows.ts';

export interface MobileMoneyRequest {
  readonly userId: number;
  readonly amount: number;
  readonly phoneNumber: string;
  readonly idempotencyKey: string;
}

export interface WalletBalance {
  readonly userId: number;
  readonly available: number;
  readonly pendingWithdrawals: number;
}

/**
 * A user's own wallet: what the platform holds for them, topped up and paid out by mobile money. It
 * registers what deposits and withdrawals do with the payments gateway (wallet-flows.ts).
 */
export function createWalletService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  payments: PaymentsService;
  idempotency: IdempotencyService;
  reports: MoneyReportsService;
}) {
  const { db, ledger, payments, idempotency, reports } = deps;
  payments.registerFlow('WITHDRAWAL', withdrawalFlow(ledger));
  payments.registerFlow('DEPOSIT', depositFlow(ledger));

  /**
   * Sends what was created but not yet sent (also a retry after a crash between the two) and answers
   * its id: the idempotency record keeps the id, so a repeat answers the same payment as it is now.
   */
  async function send(payment: TransactionRow): Promise<number> {
    const sent = payment.status === 'PENDING' ? await payments.submit(payment) : payment;
    return sent.id;
  }

  return {
    async balance(userId: number): Promise<WalletBalance> {
      const [owed, totals] = await Promise.all([
        ledger.balanceOf(db, userWallet(userId)),
        userTotals(db, userId),
      ]);
      // The wallet is a liability of the platform: its ledger balance is negative when money is held.
      return { userId, available: -owed, pendingWithdrawals: totals.openWithdrawals };
    },

    /**
     * Pays out of the wallet. The balance is read under a lock on the wallet account and the money is
     * reserved in the same transaction, so concurrent requests can never spend it twice.
     */
    async withdraw(request: MobileMoneyRequest): Promise<TransactionWithUser> {
      const id = await idempotency.run(
        {
          scope: 'wallet.withdraw',
          key: request.idempotencyKey,
          userId: request.userId,
          request: { amount: request.amount, phone_number: request.phoneNumber },
        },
        async () => {
          const phoneNumber = mobileMoneyNumberOrRefuse(request.phoneNumber);
          const provider = payments.providerFor(phoneNumber);
          const requestKey = `wallet.withdraw:${request.userId}:${request.idempotencyKey}`;
          const payment = await transaction(db, async (tx) => {
            const earlier = await payments.findByRequestKey(tx, requestKey);
            if (earlier) return earlier;
            await ledger.lockAccounts(tx, [userWallet(request.userId), providerClearing(provider)]);
            // 0 - balance, not -balance: an empty wallet is 0, never a signed zero ("UGX -0").
            const available = Math.max(0, 0 - (await ledger.balanceOf(tx, userWallet(request.userId))));
            if (request.amount > available) {
              throw new InvalidInputError('INSUFFICIENT_WALLET_BALANCE', 'Insufficient wallet balance', {
                amount: [
                  available > 0
                    ? `You can withdraw at most ${formatUgx(available)}`
                    : 'There is nothing in your wallet to withdraw',
                ],
              });
            }
            const created = await payments.createForUser(tx, {
              type: 'WITHDRAWAL',
              userId: request.userId,
              amount: request.amount,
              phoneNumber,
              requestKey,
              description: `Wallet withdrawal to ${phoneNumber}`,
            });
            return created.payment;
          });
          return send(payment);
        },
      );
      return payments.getWithUser(id);
    },

    /** A lender tops up: a collection request the lender approves on their phone; credited when it completes. */
    async deposit(request: MobileMoneyRequest & { role: string }): Promise<TransactionWithUser> {
      if (request.role !== 'lender')
        throw new ForbiddenError('LENDERS_ONLY', 'Only lenders can deposit into a wallet');
      const id = await idempotency.run(
        {
          scope: 'wallet.deposit',
          key: request.idempotencyKey,
          userId: request.userId,
          request: { amount: request.amount, phone_number: request.phoneNumber },
        },
        async () => {
          const phoneNumber = mobileMoneyNumberOrRefuse(request.phoneNumber);
          const { payment } = await transaction(db, (tx) =>
            payments.createForUser(tx, {
              type: 'DEPOSIT',
              userId: request.userId,
              amount: request.amount,
              phoneNumber,
              requestKey: `wallet.deposit:${request.userId}:${request.idempotencyKey}`,
              description: `Wallet deposit from ${phoneNumber}`,
            }),
          );
          return send(payment);
        },
      );
      return payments.getWithUser(id);
    },

    /** The user's own withdrawals, newest first. */
    withdrawals(
      userId: number,
      status: TransactionStatus | undefined,
      paging: { page: number; pageSize: number },
    ) {
      return reports.page(
        { userId, type: 'WITHDRAWAL', status },
        { page: paging.page, pageSize: paging.pageSize, ordering: '-created_at' },
      );
    },

    async summary(userId: number) {
      const [owed, totals, recent] = await Promise.all([
        ledger.balanceOf(db, userWallet(userId)),
        userTotals(db, userId),
        reports.latestOf(userId, 5),
      ]);
      return {
        balance: { userId, available: -owed, pendingWithdrawals: totals.openWithdrawals },
        totals: {
          deposits: totals.completed.get('DEPOSIT') ?? 0,
          withdrawals: totals.completed.get('WITHDRAWAL') ?? 0,
          received: totals.completed.get('DISBURSEMENT') ?? 0,
          repaid: totals.completed.get('REPAYMENT') ?? 0,
        },
        count: totals.count,
        recent,
      };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
