import { routes } from '@sente/contract';
import { exportFileName, instantRangeOf, sendCsvExport } from '../../http/csv-export.ts';
import { filteredPagedAnswer, pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import { REPLY_SENT, type RegisterRoute, type ReplySent } from '../../http/register-route.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  loanCsvColumns,
  overdueCsvColumns,
  toInstallmentDto,
  toLoanDto,
  toLoanTransactionDto,
  toOverduePaymentDto,
  toStatusChangeDto,
} from './loans.presenter.ts';
import type { ExportedLoan, LoansService, OverdueRow, WorklistFilter } from './loans.service.ts';
import { type ExportedRepayment, REPAYMENT_CSV_COLUMNS } from './repayment-export.presenter.ts';

/** The worklist's query as the service's filter (the list and its export share it). */
function worklistFilterOf(query: {
  status?: WorklistFilter['status'];
  user?: number | undefined;
  search?: string | undefined;
  arrears?: WorklistFilter['arrears'];
  next_due_from?: string | undefined;
  next_due_to?: string | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
}): WorklistFilter {
  return {
    status: query.status,
    userId: query.user,
    search: query.search,
    arrears: query.arrears,
    nextDueFrom: query.next_due_from,
    nextDueTo: query.next_due_to,
    amountMin: query.amount_min,
    amountMax: query.amount_max,
  };
}

export function registerLoanRoutes(
  register: RegisterRoute,
  {
    loans,
    users,
    applications,
  }: { loans: LoansService; users: UsersService; applications: ApplicationsService },
): void {
  register(routes.listLoans, async ({ query, request }) => {
    const { rows, ...total } = await loans.worklist({
      ...worklistFilterOf(query),
      ordering: query.ordering,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const today = loans.today();
    return filteredPagedAnswer(
      request,
      query,
      total,
      rows.map((row) => toLoanDto(row, today)),
    );
  });

  register(routes.myLoans, async ({ query, user, request }) => {
    const { count, rows } = await loans.list({
      userId: user.id,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const today = loans.today();
    return pagedAnswer(
      request,
      query,
      count,
      rows.map((row) => toLoanDto(row, today)),
    );
  });

  register(routes.getLoan, async ({ params, user }) => {
    const { loan, installments, history, disbursedBy } = await loans.detailFor(user, params.id);
    return {
      ...toLoanDto(loan, loans.today()),
      installments: installments.map(toInstallmentDto),
      status_history: history.map(toStatusChangeDto),
      ...(disbursedBy === undefined ? {} : { disbursed_by: disbursedBy }),
    };
  });

  register(routes.loanBalance, ({ params, user }) => loans.balanceFor(user, params.id));

  register(routes.loanStatistics, ({ query }) => loans.statusStatistics(query.include_outstanding));

  register(routes.adminLoanStats, () => loans.countStatistics());

  register(routes.userLoanStatistics, async ({ params }) => {
    const person = await users.getOpenUser(params.id);
    const [numbers, asked] = await Promise.all([
      loans.userStatistics(person.id),
      applications.statistics(person.id),
    ]);
    return {
      user: person.id,
      user_name: person.name,
      ...numbers,
      total_applications: asked.total_applications,
      pending_applications: asked.pending_applications,
    };
  });

  register(routes.userLoans, async ({ params, query, request }) => {
    const person = await users.getOpenUser(params.id);
    const { count, rows } = await loans.list({
      userId: person.id,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const today = loans.today();
    return pagedAnswer(
      request,
      query,
      count,
      rows.map((row) => toLoanDto(row, today)),
    );
  });

  register(routes.loanTransactions, async ({ query, request }) => {
    const { count, rows } = await loans.listRepayments({
      loanId: query.loan,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toLoanTransactionDto));
  });

  register(routes.exportRepayments, async ({ query, reply }): Promise<ReplySent> => {
    const range = instantRangeOf(query);
    await sendCsvExport<ExportedRepayment>(reply, {
      fileName: exportFileName(query.loan ? `repayments-loan-${query.loan}` : 'repayments', query),
      columns: REPAYMENT_CSV_COLUMNS,
      readPage: (after, limit) =>
        loans.exportRepaymentsPage({
          loanId: query.loan,
          ...range,
          after: after ? { at: after.cursorAt, id: after.repayment.id } : null,
          limit,
        }),
    });
    return REPLY_SENT;
  });

  register(routes.repaymentStatistics, () => loans.repaymentStatistics());

  register(routes.overduePayments, async ({ query, request }) => {
    const { count, rows } = await loans.listOverdue({
      bucket: query.bucket,
      ordering: query.ordering,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    const today = loans.today();
    return pagedAnswer(
      request,
      query,
      count,
      rows.map((row) => toOverduePaymentDto(row, today)),
    );
  });

  register(routes.collectionBuckets, () => loans.collectionBuckets());

  register(routes.exportLoans, async ({ query, reply }): Promise<ReplySent> => {
    const filter = worklistFilterOf(query);
    const range = instantRangeOf(query);
    await sendCsvExport<ExportedLoan>(reply, {
      fileName: exportFileName('loans', query),
      columns: loanCsvColumns(loans.today()),
      readPage: (after, limit) =>
        loans.exportPage(filter, {
          ...range,
          after: after ? { at: after.cursorAt, id: after.loan.id } : null,
          limit,
        }),
    });
    return REPLY_SENT;
  });

  register(routes.exportCollections, async ({ query, reply }): Promise<ReplySent> => {
    await sendCsvExport<OverdueRow>(reply, {
      fileName: exportFileName(query.bucket ? `collections-${query.bucket}` : 'collections', query),
      columns: overdueCsvColumns(loans.today()),
      readPage: (after, limit) =>
        loans.exportOverduePage(query, {
          after: after?.loan.oldestUnpaidDueDate
            ? { due: after.loan.oldestUnpaidDueDate, id: after.loan.id }
            : null,
          limit,
        }),
    });
    return REPLY_SENT;
  });
}
