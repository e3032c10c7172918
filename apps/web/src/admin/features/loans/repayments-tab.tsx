import {
  formatKampalaDate,
  formatKampalaDateTime,
  formatNumber,
  formatUgx,
  ugxOrZero,
} from '@sente/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ExportAll } from '../../../ui/export-all.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { LOAN_MESSAGES } from './loan-messages.ts';
import { ParticipationsSection } from './participations-section.tsx';
import {
  exportRepayments,
  useLoan,
  useLoanBalance,
  useRepaymentList,
  useRepaymentStatistics,
} from './use-loans.ts';

interface Repayment {
  readonly id: number;
  readonly transaction_id: string;
  readonly loan: number;
  readonly loan_id: string;
  readonly user_name: string;
  readonly amount_paid: string;
  readonly payment_date: string;
  readonly remaining_balance: string;
  readonly payment_mode: string;
}

const columns: Column<Repayment>[] = [
  {
    id: 'id',
    header: 'Transaction ID',
    cell: (r) => <span className="font-mono whitespace-nowrap">{r.transaction_id}</span>,
    csv: (r) => r.transaction_id,
  },
  {
    id: 'loan',
    header: 'Loan',
    cell: (r) => (
      <Link to={paths.loan(r.loan)} className={`${textLinkClass} font-mono whitespace-nowrap`}>
        {r.loan_id}
      </Link>
    ),
    csv: (r) => r.loan_id,
  },
  {
    id: 'name',
    header: 'Name',
    cell: (r) => <span className="whitespace-nowrap">{r.user_name}</span>,
    csv: (r) => r.user_name,
  },
  {
    id: 'amount',
    header: 'Amount Paid',
    isNumeric: true,
    cell: (r) => formatUgx(r.amount_paid),
    csv: (r) => ugxOrZero(r.amount_paid),
  },
  {
    id: 'date',
    header: 'Date of Payment',
    cell: (r) => <span className="whitespace-nowrap">{formatKampalaDateTime(r.payment_date)}</span>,
    csv: (r) => r.payment_date,
  },
  {
    id: 'remaining',
    header: 'Remaining Balance',
    isNumeric: true,
    cell: (r) => formatUgx(r.remaining_balance),
    csv: (r) => ugxOrZero(r.remaining_balance),
  },
  { id: 'mode', header: 'Mode of Payment', cell: (r) => r.payment_mode, csv: (r) => r.payment_mode },
];

/** The whole portfolio's repayment figures. */
function PortfolioCards() {
  const stats = useRepaymentStatistics();
  const s = stats.data;
  return (
    <section aria-label="Repayment statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Total Repayments"
        value={formatUgx(s?.total_repayments)}
        hint={`${formatNumber(s?.total_payment_transactions ?? 0)} payments`}
        isLoading={stats.isPending}
        isUnavailable={stats.isError}
      />
      <StatCard
        label="Outstanding Balance"
        value={formatUgx(s?.total_outstanding)}
        isLoading={stats.isPending}
        isUnavailable={stats.isError}
      />
      <StatCard
        label="On-Time Payments"
        value={formatNumber(s?.ontime_payments ?? 0)}
        hint="Last 30 days"
        isLoading={stats.isPending}
        isUnavailable={stats.isError}
      />
      <StatCard
        label="Payment Success Rate"
        value={`${(s?.success_rate ?? 0).toFixed(1)}%`}
        hint={`${formatNumber(s?.late_payments ?? 0)} late, ${formatNumber(s?.missed_payments ?? 0)} missed (30 days)`}
        isLoading={stats.isPending}
        isUnavailable={stats.isError}
      />
    </section>
  );
}

/** Filtered to one loan, the cards are that loan's (issue 18), not the portfolio's. */
function OneLoanCards({
  loanId,
  paymentCount,
}: {
  readonly loanId: number;
  readonly paymentCount: number | undefined;
}) {
  const loan = useLoan(loanId);
  const balance = useLoanBalance(loanId);
  const l = loan.data;
  const b = balance.data;
  const ref = l?.loan_id ?? 'this loan';
  return (
    <section aria-label={`Repayment figures of ${ref}`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Repaid on This Loan"
        value={formatUgx(l?.total_payments)}
        hint={
          paymentCount === undefined
            ? undefined
            : `${formatNumber(paymentCount)} ${paymentCount === 1 ? 'payment' : 'payments'}`
        }
        isLoading={loan.isPending}
        isUnavailable={loan.isError}
      />
      <StatCard
        label="Outstanding Balance"
        value={formatUgx(l?.remaining_balance)}
        hint={l ? `Of ${formatUgx(l.total_payable)} to repay` : undefined}
        isLoading={loan.isPending}
        isUnavailable={loan.isError}
      />
      <StatCard
        label="In Arrears"
        value={formatUgx(b?.arrears_amount)}
        hint={b ? `${formatNumber(b.days_in_arrears)} days in arrears` : undefined}
        isLoading={balance.isPending}
        isUnavailable={balance.isError}
      />
      <StatCard
        label="Next Due"
        value={b?.next_due_date ? formatKampalaDate(b.next_due_date) : 'Nothing owed'}
        hint={b?.next_due_date ? `${formatUgx(b.next_installment_amount)} to pay` : undefined}
        isLoading={balance.isPending}
        isUnavailable={balance.isError}
      />
    </section>
  );
}

export function RepaymentsTab() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const loanId = url.int('loan', 0) || null;
  const list = useRepaymentList({ ...paging, loan: loanId });
  const loan = useLoan(loanId);
  const [dismissedError, setDismissedError] = useState<Error | null>(null);

  return (
    <>
      {loanId ? <OneLoanCards loanId={loanId} paymentCount={list.data?.count} /> : <PortfolioCards />}
      {loanId ? (
        <Notice tone="info">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>
              Showing the repayments of loan{' '}
              {loan.data ? (
                <Link to={paths.loan(loanId)} className="font-mono font-semibold underline">
                  {loan.data.loan_id}
                </Link>
              ) : (
                '…'
              )}
              {loan.data ? ` (${loan.data.user_name})` : ''}.
            </p>
            <Link to={{ search: '?tab=repayments' }} className="font-semibold underline">
              Show All Transactions
            </Link>
          </div>
        </Notice>
      ) : null}
      {list.isError && list.error !== dismissedError ? (
        <ErrorBanner
          message={LOAN_MESSAGES.transactionsFailed}
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
          onDismiss={() => setDismissedError(list.error)}
        />
      ) : null}
      <div className="flex flex-col gap-1">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {loanId
            ? 'Export every repayment of this loan paid between the dates (leave them empty for all).'
            : 'Export every repayment paid between the dates (leave them empty for all).'}
        </p>
        <ExportAll what="repayments" onExport={(range) => exportRepayments(loanId, range)} />
      </div>
      <PagedTable
        caption="Repayments"
        pagerLabel="Repayments pages"
        columns={columns}
        list={list}
        paging={paging}
        rowKey={(r) => r.id}
      />
      {loanId ? <ParticipationsSection loanId={loanId} /> : null}
    </>
  );
}
