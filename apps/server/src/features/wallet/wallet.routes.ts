import { routes, toUgxString } from '@sente/contract';
import { pagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toPlatformTransactionDto } from '../payments/payments.presenter.ts';
import { toWalletBalanceDto } from './wallet.presenter.ts';
import type { WalletService } from './wallet.service.ts';

export function registerWalletRoutes(register: RegisterRoute, wallet: WalletService): void {
  register(routes.walletBalance, async ({ user }) => toWalletBalanceDto(await wallet.balance(user.id)));

  register(routes.withdraw, async ({ body, headers, user }) =>
    toPlatformTransactionDto(
      await wallet.withdraw({
        userId: user.id,
        amount: body.amount,
        phoneNumber: body.phone_number,
        idempotencyKey: headers['idempotency-key'],
      }),
    ),
  );

  register(routes.deposit, async ({ body, headers, user }) =>
    toPlatformTransactionDto(
      await wallet.deposit({
        userId: user.id,
        role: user.role,
        amount: body.amount,
        phoneNumber: body.phone_number,
        idempotencyKey: headers['idempotency-key'],
      }),
    ),
  );

  register(routes.withdrawalHistory, async ({ query, user, request }) => {
    const { rows, count } = await wallet.withdrawals(user.id, query.status, {
      page: query.page,
      pageSize: query.page_size,
    });
    return pagedAnswer(request, query, count, rows.map(toPlatformTransactionDto));
  });

  register(routes.walletSummary, async ({ user }) => {
    const summary = await wallet.summary(user.id);
    return {
      ...toWalletBalanceDto(summary.balance),
      total_deposits: toUgxString(summary.totals.deposits),
      total_withdrawals: toUgxString(summary.totals.withdrawals),
      total_received: toUgxString(summary.totals.received),
      total_repaid: toUgxString(summary.totals.repaid),
      transaction_count: summary.count,
      recent_transactions: summary.recent.map(toPlatformTransactionDto),
    };
  });
}
