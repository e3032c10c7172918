import { routes, toUgxString } from '@sente/contract';
import { ForbiddenError } from '../../domain-error.ts';
import { exportFileName, instantRangeOf, sendCsvExport } from '../../http/csv-export.ts';
import { pagedAnswer } from '../../http/paged-answer.ts';
import { REPLY_SENT, type RegisterRoute, type ReplySent } from '../../http/register-route.ts';
import { toPlatformTransactionDto } from '../payments/payments.presenter.ts';
import { TRANSACTION_CSV_COLUMNS, toPeriodTotalsDto, toSummaryDto } from './money-reports.presenter.ts';
import type { ExportedTransaction, MoneyReportsService } from './money-reports.service.ts';

export function registerMoneyReportsRoutes(register: RegisterRoute, reports: MoneyReportsService): void {
  register(routes.financialStats, async () => {
    const stats = await reports.financialStats();
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
    const flows = await reports.weeklyFlows(query.weeks);
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
    const { rows, summary, count } = await reports.page(
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

  register(routes.exportTransactions, async ({ query, reply }): Promise<ReplySent> => {
    const filter = {
      status: query.status,
      type: query.type,
      search: query.search || undefined,
      userId: query.user,
      loanId: query.loan,
    };
    const range = instantRangeOf(query);
    await sendCsvExport<ExportedTransaction>(reply, {
      fileName: exportFileName('transactions', query),
      columns: TRANSACTION_CSV_COLUMNS,
      readPage: (after, limit) =>
        reports.exportPage(filter, {
          ...range,
          after: after ? { at: after.cursorAt, id: after.id } : null,
          limit,
        }),
    });
    return REPLY_SENT;
  });

  register(routes.listTransactions, async ({ query, request }) => {
    const { rows, count } = await reports.page(
      { userId: query.user, loanId: query.loan, status: query.status, type: query.type },
      { page: query.page, pageSize: query.page_size, ordering: query.ordering },
    );
    return pagedAnswer(request, query, count, rows.map(toPlatformTransactionDto));
  });

  register(routes.userTransactions, async ({ params, query, user, request }) => {
    if (user.role !== 'admin' && user.id !== params.userId) {
      throw new ForbiddenError('NOT_YOUR_TRANSACTIONS', 'You can only see your own transactions');
    }
    const { rows, count } = await reports.pageOfUser(params.userId, {
      page: query.page,
      pageSize: query.page_size,
      ordering: query.ordering,
    });
    return pagedAnswer(request, query, count, rows.map(toPlatformTransactionDto));
  });
}
