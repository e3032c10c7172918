import { routes, toUgxString } from '@sente/contract';
import { ForbiddenError } from '../../http/errors.ts';
import { pagedAnswer } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import { toPlatformTransactionDto } from '../payments/payments.presenter.ts';
import type { PlatformTransactionsService } from './platform-transactions.service.ts';
import {
  toCapitalPaymentDto,
  toPeriodTotalsDto,
  toSummaryDto,
  toWalletBalanceDto,
} from './wallet.presenter.ts';
import type { WalletService } from './wallet.service.ts';

export function registerWalletRoutes(
  register: RegisterRoute,
  { wallet, transactions }: { wallet: WalletService; transactions: PlatformTransactionsService },
): void {
  register(routes.financialStats, async () => {
    const stats = await transactions.financialStats();
    return {
      platform_wallet_balance: toUgxString(stats.platformWallet),
      total_disbursements: toUgxString(stats.disbursements.total),
      total_repayments: toUgxString(stats.repayments.total),
      disbursements: toPeriodTotalsDto(stats.disbursements),
      repayments: toPeriodTotalsDto(stats.repayments),
      as_of: stats.asOf.toISOString(),
    };
  });

  register(routes.weeklyFlows, async ({ query }) => {
    const flows = await transactions.weeklyFlows(query.weeks);
    return {
      weeks: flows.weeks.map((week) => ({
        week_start: week.weekStart,
        disbursements: toUgxString(week.disbursements),
        repayments: toUgxString(week.repayments),
      })),
      as_of: flows.asOf.toISOString(),
    };
  });

  register(routes.allTransactions, async ({ query }) => {
    const { rows, summary, count } = await transactions.page(
      { status: query.status, type: query.type, search: query.search || undefined },
      { page: query.page, pageSize: query.page_size, ordering: query.ordering },
    );
    const totalPages = Math.ceil(count / query.page_size);
    return {
      transactions: rows.map(toPlatformTransactionDto),
      summary: toSummaryDto(summary),
      pagination: {
        total_count: count,
        has_next: query.page < totalPages,
        has_previous: query.page > 1,
        page: query.page,
        page_size: query.page_size,
        total_pages: totalPages,
      },
    };
  });

  register(routes.listTransactions, async ({ query, request }) => {
    const { rows, count } = await transactions.page(
      { userId: query.user, loanId: query.loan, status: query.status, type: query.type },
      { page: query.page, pageSize: query.page_size, ordering: query.ordering },
    );
    return pagedAnswer(request, query, count, rows.map(toPlatformTransactionDto));
  });

  register(routes.userTransactions, async ({ params, query, user, request }) => {
    if (user.role !== 'admin' && user.id !== params.userId) {
      throw new ForbiddenError('You can only see your own transactions');
    }
    const { rows, count } = await transactions.pageOfUser(params.userId, {
      page: query.page,
      pageSize: query.page_size,
      ordering: query.ordering,
    });
    return pagedAnswer(request, query, count, rows.map(toPlatformTransactionDto));
  });

  register(routes.addPlatformCapital, async ({ body, headers, user }) =>
    toCapitalPaymentDto(
      await transactions.payInCapital({
        amount: body.amount,
        reference: body.reference,
        idempotencyKey: headers['idempotency-key'],
        adminId: user.id,
      }),
    ),
  );

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
    const { rows, count } = await transactions.page(
      { userId: user.id, type: 'WITHDRAWAL', status: query.status },
      { page: query.page, pageSize: query.page_size, ordering: '-created_at' },
    );
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
