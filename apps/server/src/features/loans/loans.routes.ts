import { routes } from '@sente/contract';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import type { RegisterRoute } from '../../http/register-route.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  toInstallmentDto,
  toLoanDto,
  toLoanTransactionDto,
  toOverduePaymentDto,
  toStatusChangeDto,
} from './loans.presenter.ts';
import type { LoansService } from './loans.service.ts';

export function registerLoanRoutes(
  register: RegisterRoute,
  {
    loans,
    users,
    applications,
  }: { loans: LoansService; users: UsersService; applications: ApplicationsService },
): void {
  register(routes.listLoans, async ({ query, request }) => {
    const { count, rows } = await loans.worklist({
      status: query.status,
      userId: query.user,
      search: query.search,
      arrears: query.arrears,
      nextDueFrom: query.next_due_from,
      nextDueTo: query.next_due_to,
      amountMin: query.amount_min,
      amountMax: query.amount_max,
      ordering: query.ordering,
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
    const { loan, installments, history } = await loans.detailFor(user, params.id);
    return {
      ...toLoanDto(loan, loans.today()),
      installments: installments.map(toInstallmentDto),
      status_history: history.map(toStatusChangeDto),
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
}
