import { formatNumber, formatUgx } from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ExportAll } from '../../../ui/export-all.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { LoanColumnChooser, useLoanColumns } from './loan-columns.tsx';
import { LoanFilters, useLoanFilters } from './loan-filters.tsx';
import { LOAN_MESSAGES } from './loan-messages.ts';
import { exportLoans, useLoanList, useLoanStatistics } from './use-loans.ts';

export function LoansDetailsTab() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const filters = useLoanFilters(url);
  const list = useLoanList({ ...paging, filters });
  const { columns, extra, toggle } = useLoanColumns();
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
      <LoanFilters url={url} filters={filters} />
      <div className="flex flex-col gap-1">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Export every loan matching the filters, opened between the dates (leave them empty for all).
        </p>
        <ExportAll what="loans" onExport={(range) => exportLoans(filters, range)} />
      </div>
      <PagedTable
        caption="Loans"
        pagerLabel="Loans pages"
        columns={columns}
        list={list}
        paging={paging}
        rowKey={(l) => l.id}
        emptyText="No loans match these filters."
        toolbar={<LoanColumnChooser extra={extra} onToggle={toggle} />}
      />
    </>
  );
}
