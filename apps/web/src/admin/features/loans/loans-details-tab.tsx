import {
  formatKampalaDate,
  formatNumber,
  formatRate,
  formatUgx,
  type LoanDto,
  parseRate,
  ugxOrZero,
} from '@sente/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { buttonClassName } from '../../../ui/button.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { LOAN_MESSAGES, LOAN_STATUS_LABELS } from './loan-messages.ts';
import { useLoanList, useLoanStatistics } from './use-loans.ts';

function percentOf(loan: LoanDto): number {
  return Number.isFinite(loan.payment_percentage) ? loan.payment_percentage : 0;
}

const columns: Column<LoanDto>[] = [
  {
    id: 'loanId',
    header: 'Loan ID',
    cell: (l) => <span className="font-mono whitespace-nowrap">{l.loan_id}</span>,
    csv: (l) => l.loan_id,
  },
  {
    id: 'name',
    header: 'Name',
    cell: (l) => <span className="whitespace-nowrap">{l.user_name}</span>,
    csv: (l) => l.user_name,
  },
  { id: 'type', header: 'Loan Type', cell: (l) => l.loan_type_name, csv: (l) => l.loan_type_name },
  {
    id: 'amount',
    header: 'Amount (UGX)',
    isNumeric: true,
    cell: (l) => formatUgx(l.amount),
    csv: (l) => ugxOrZero(l.amount),
  },
  {
    id: 'rate',
    header: 'Interest Rate',
    isNumeric: true,
    cell: (l) => formatRate(parseRate(l.interest_rate) ?? 0),
    csv: (l) => l.interest_rate,
  },
  {
    id: 'term',
    header: 'Loan Term (Weeks)',
    isNumeric: true,
    cell: (l) => l.loan_term,
    csv: (l) => l.loan_term,
  },
  {
    id: 'remaining',
    header: 'Remaining Balance',
    cell: (l) => (
      <div className="flex min-w-40 flex-col gap-1">
        <span className="tabular-nums whitespace-nowrap">{formatUgx(l.remaining_balance)}</span>
        <ProgressBar percent={percentOf(l)} label={`${l.loan_id} paid`} />
        <span className="text-xs text-slate-600 dark:text-slate-300">{percentOf(l).toFixed(0)}% paid</span>
      </div>
    ),
    csv: (l) => ugxOrZero(l.remaining_balance),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (l) => (
      <StatusBadge
        label={LOAN_STATUS_LABELS[l.status]}
        tone={l.status === 'ACTIVE' ? 'blue' : toneOfStatus(l.status)}
      />
    ),
    csv: (l) => l.status,
  },
  {
    id: 'opening',
    header: 'Opening Date',
    cell: (l) => <span className="whitespace-nowrap">{formatKampalaDate(l.opening_date)}</span>,
    csv: (l) => l.opening_date.slice(0, 10),
  },
  {
    id: 'closing',
    header: 'Closing Date',
    cell: (l) => <span className="whitespace-nowrap">{formatKampalaDate(l.closing_date)}</span>,
    csv: (l) => l.closing_date,
  },
  {
    id: 'weekly',
    header: 'Weekly Repayment',
    isNumeric: true,
    cell: (l) => formatUgx(l.weekly_repayment),
    csv: (l) => ugxOrZero(l.weekly_repayment),
  },
  {
    id: 'transactions',
    header: 'View Transactions',
    cell: (l) => (
      <Link
        to={{ search: `?tab=repayments&loan=${l.id}` }}
        className={`${buttonClassName('ghost', 'sm')} whitespace-nowrap underline`}
      >
        View Transactions<span className="sr-only"> of {l.loan_id}</span>
      </Link>
    ),
  },
];

export function LoansDetailsTab() {
  const paging = useUrlPaging();
  const list = useLoanList(paging);
  const stats = useLoanStatistics();
  const [dismissedError, setDismissedError] = useState<Error | null>(null);

  const statusCard = (label: string, entry: { count: number; total: string } | undefined) => (
    <StatCard
      label={label}
      value={formatUgx(entry?.total)}
      hint={`${formatNumber(entry?.count ?? 0)} ${(entry?.count ?? 0) === 1 ? 'loan' : 'loans'}`}
      isLoading={stats.isPending}
      isUnavailable={stats.isError}
    />
  );

  return (
    <>
      <section aria-label="Loan statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {statusCard('Active', stats.data?.active_loans)}
        {statusCard('Overdue', stats.data?.overdue_loans)}
        {statusCard('Default', stats.data?.default_loans)}
        {statusCard('Fully Paid', stats.data?.fully_paid_loans)}
        <StatCard
          label="Outstanding Balance"
          value={formatUgx(stats.data?.outstanding_balance)}
          hint="Whole portfolio, all loans"
          isLoading={stats.isPending}
          isUnavailable={stats.isError}
        />
      </section>
      {list.isError && list.error !== dismissedError ? (
        <ErrorBanner
          message={LOAN_MESSAGES.loansFailed}
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
          onDismiss={() => setDismissedError(list.error)}
        />
      ) : null}
      <PagedTable
        caption="Loans"
        pagerLabel="Loans pages"
        columns={columns}
        list={list}
        paging={paging}
        rowKey={(l) => l.id}
        exportName="loans"
      />
    </>
  );
}
