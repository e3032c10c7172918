import {
  formatKampalaDate,
  formatNumber,
  formatPlatformAmount,
  formatUgx,
  isMoneyIn,
  type PlatformTransaction,
  platformSignedAmount,
  shortReference,
  ugxOrZero,
} from '@sente/contract';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { classNames } from '../../../ui/class-names.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { ExportAll } from '../../../ui/export-all.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { PageHeading } from '../../shell/page-heading.tsx';
import { TransactionDetailsDialog } from './transaction-details-dialog.tsx';
import {
  STATUS_LABELS,
  TRANSACTIONS_PAGE_SIZE,
  TYPE_LABELS,
  transactionsErrorMessage,
} from './transaction-messages.ts';
import { exportTransactions, useAllTransactions } from './use-wallet.ts';

const STATUSES = ['COMPLETED', 'PENDING', 'PROCESSING', 'FAILED'] as const;
const TYPES = ['DISBURSEMENT', 'WITHDRAWAL', 'REPAYMENT', 'DEPOSIT'] as const;

export function TransactionsPage() {
  const url = useUrlState();
  const page = url.int('page', 1);
  const status = url.oneOf('status', [...STATUSES, ''], '');
  const type = url.oneOf('type', [...TYPES, ''], '');
  const { search: urlSearch, input: searchInput, setInput: setSearchInput } = useUrlSearch(url);

  const list = useAllTransactions({ page, status, type, search: urlSearch });
  const [details, setDetails] = useState<PlatformTransaction | null>(null);
  const data = list.isError ? undefined : list.data;
  const rows = data?.transactions ?? [];
  const summary = data?.summary;
  const pagination = data?.pagination;
  const isRefreshing = list.isFetching && !list.isPending;

  const columns: Column<PlatformTransaction>[] = [
    // The action first: at 1366 px and on a tablet it is in sight without scrolling (issue 18).
    {
      id: 'details',
      header: 'Details',
      cell: (t) => (
        <Button
          variant="ghost"
          size="sm"
          className="whitespace-nowrap underline"
          onClick={() => setDetails(t)}
        >
          View Details<span className="sr-only"> of transaction {shortReference(t.reference_id)}</span>
        </Button>
      ),
    },
    {
      id: 'id',
      header: 'Transaction ID',
      // The last 8 characters (as on the profile) keep the column narrow; search finds them, and
      // View Details and the export carry the whole reference.
      cell: (t) => (
        <span className="font-mono text-xs whitespace-nowrap" title={t.reference_id}>
          {shortReference(t.reference_id)}
        </span>
      ),
      csv: (t) => t.reference_id,
    },
    {
      id: 'user',
      header: 'User',
      cell: (t) => (
        <div className="flex flex-col">
          <span className="font-medium whitespace-nowrap">{t.user_name}</span>
          <span className="text-xs text-slate-600 dark:text-slate-300">{t.user_email}</span>
        </div>
      ),
      csv: (t) => `${t.user_name} <${t.user_email}>`,
    },
    {
      id: 'when',
      header: 'Date/Time',
      cell: (t) => (
        <div className="flex flex-col whitespace-nowrap">
          <span>{formatKampalaDate(t.date)}</span>
          <span className="text-xs text-slate-600 dark:text-slate-300">{t.time}</span>
        </div>
      ),
      csv: (t) => `${t.date} ${t.time}`,
    },
    {
      id: 'type',
      header: 'Transaction Type',
      cell: (t) => (
        <div className="flex flex-col whitespace-nowrap">
          <span>{TYPE_LABELS[t.type] ?? t.type}</span>
          {t.loan_id ? (
            <Link to={paths.loan(t.loan_id)} className={`${textLinkClass} font-mono text-xs`}>
              {t.loan_ref ?? `Loan ${t.loan_id}`}
            </Link>
          ) : null}
        </div>
      ),
      csv: (t) => (t.loan_ref ? `${t.type} ${t.loan_ref}` : t.type),
    },
    {
      id: 'amount',
      header: 'Amount',
      isNumeric: true,
      cell: (t) => (
        <span
          className={classNames(
            'font-semibold',
            isMoneyIn(t.type) ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400',
          )}
        >
          {formatPlatformAmount(t.amount, t.type)}
          <span className="sr-only">{isMoneyIn(t.type) ? ' (money in)' : ' (money out)'}</span>
        </span>
      ),
      csv: (t) => platformSignedAmount(t.type, ugxOrZero(t.amount)),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => <StatusBadge label={STATUS_LABELS[t.status] ?? t.status} tone={toneOfStatus(t.status)} />,
      csv: (t) => t.status,
    },
    {
      id: 'provider',
      header: 'Provider Reference',
      cell: (t) => <span className="font-mono text-xs break-all">{t.provider_reference ?? '—'}</span>,
      csv: (t) => t.provider_reference,
    },
  ];

  const card = (label: string, value: string) => (
    <StatCard label={label} value={value} isLoading={list.isPending} isUnavailable={list.isError} />
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title="All Platform Transactions" />
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw aria-hidden="true" className={classNames('size-4', isRefreshing && 'animate-spin')} />
          Refresh
        </Button>
      </div>
      {list.isError ? (
        <section
          role="alert"
          aria-label="Data Loading Issue"
          className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <div>
            <h2 className="font-semibold">Data Loading Issue</h2>
            <p className="mt-1">{transactionsErrorMessage(list.error)}</p>
            {serverReason(list.error) && list.error.message !== transactionsErrorMessage(list.error) ? (
              <p className="mt-1 text-amber-800 dark:text-amber-200">{serverReason(list.error)}</p>
            ) : null}
          </div>
          <Button size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            Retry
          </Button>
        </section>
      ) : null}
      <section aria-label="Transaction summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {card('Total Transactions', formatNumber(summary?.total_transactions ?? 0))}
        {card('Successful', formatNumber(summary?.successful_transactions ?? 0))}
        {card('Pending', formatNumber(summary?.pending_transactions ?? 0))}
        {card('Total Volume (UGX)', formatUgx(summary?.total_amount))}
      </section>
      <ExportAll
        what="transactions"
        onExport={(range) => exportTransactions({ status, type, search: urlSearch }, range)}
      />
      <DataTable
        caption="Platform transactions"
        columns={columns}
        rows={rows}
        rowKey={(t) => t.id}
        isLoading={list.isPending}
        toolbar={
          <>
            <SearchField
              label="Search transactions"
              placeholder="Search name, reference or type..."
              value={searchInput}
              onChange={setSearchInput}
              className="w-full sm:w-72"
            />
            <SelectField
              label="Status"
              value={status}
              onChange={(event) => url.update({ status: event.target.value })}
              options={[
                { value: '', label: 'All' },
                ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] ?? s })),
              ]}
            />
            <SelectField
              label="Type"
              value={type}
              onChange={(event) => url.update({ type: event.target.value })}
              options={[
                { value: '', label: 'All' },
                { value: 'DISBURSEMENT', label: 'Disbursements' },
                { value: 'WITHDRAWAL', label: 'Withdrawals' },
                { value: 'REPAYMENT', label: 'Repayments' },
                { value: 'DEPOSIT', label: 'Deposits' },
              ]}
            />
          </>
        }
      />
      {pagination && pagination.total_count > TRANSACTIONS_PAGE_SIZE ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Page {pagination.page} of {pagination.total_pages} · {formatNumber(pagination.total_count)}{' '}
            transactions
          </p>
          <Pager
            label="Transactions pages"
            isSimple
            page={page}
            totalPages={pagination.total_pages}
            hasNext={pagination.has_next}
            onPageChange={(next) => url.update({ page: next })}
          />
        </div>
      ) : null}
      <TransactionDetailsDialog transaction={details} onClose={() => setDetails(null)} />
    </div>
  );
}
