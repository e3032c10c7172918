import {
  ARREARS_BUCKETS,
  COLLECTION_ORDERINGS,
  type CollectionOrdering,
  formatKampalaDate,
  formatNumber,
  formatUgx,
  type OverduePaymentDto,
  ugxOrZero,
} from '@sente/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ExportAll } from '../../../ui/export-all.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { SideMenu } from '../../../ui/side-menu.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { PageHeading } from '../../shell/page-heading.tsx';
import { DaysInArrears, LoanRefCell, STICKY_CELL } from './loan-columns.tsx';
import { ARREARS_BUCKET_LABELS } from './loan-filters.tsx';
import { LOAN_MESSAGES, LOAN_STATUS_LABELS } from './loan-messages.ts';
import { exportCollections, useCollectionBuckets, useCollections } from './use-loans.ts';

type LateLoan = z.infer<typeof OverduePaymentDto>;

const SORT_LABELS: Record<CollectionOrdering, string> = {
  '-days_in_arrears': 'Most days in arrears',
  days_in_arrears: 'Fewest days in arrears',
  '-remaining_balance': 'Most still owed',
  remaining_balance: 'Least still owed',
};

const columns: Column<LateLoan>[] = [
  {
    id: 'loan',
    header: 'Loan',
    className: STICKY_CELL,
    cell: (r) => <LoanRefCell id={r.loan} loanRef={r.loan_id} name={r.user_name} />,
    csv: (r) => r.loan_id,
  },
  {
    id: 'phone',
    header: 'Phone',
    cell: (r) =>
      r.phone_number ? (
        <a href={`tel:${r.phone_number}`} className={`${textLinkClass} whitespace-nowrap`}>
          {r.phone_number}
          <span className="sr-only"> (call {r.user_name})</span>
        </a>
      ) : (
        'Not provided'
      ),
    csv: (r) => r.phone_number ?? '',
  },
  {
    id: 'days',
    header: 'Days in Arrears',
    isNumeric: true,
    cell: (r) => <DaysInArrears days={r.days_in_arrears} />,
    csv: (r) => r.days_in_arrears,
  },
  {
    id: 'arrears',
    header: 'Amount in Arrears',
    isNumeric: true,
    cell: (r) => formatUgx(r.amount_overdue),
    csv: (r) => ugxOrZero(r.amount_overdue),
  },
  {
    id: 'installments',
    header: 'Late Installments',
    isNumeric: true,
    cell: (r) => r.overdue_installments,
    csv: (r) => r.overdue_installments,
  },
  {
    id: 'owed',
    header: 'Still Owed',
    isNumeric: true,
    cell: (r) => formatUgx(r.remaining_balance),
    csv: (r) => ugxOrZero(r.remaining_balance),
  },
  {
    id: 'since',
    header: 'Late Since',
    cell: (r) => <span className="whitespace-nowrap">{formatKampalaDate(r.oldest_due_date)}</span>,
    csv: (r) => r.oldest_due_date,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => <StatusBadge label={LOAN_STATUS_LABELS[r.status]} tone={toneOfStatus(r.status)} />,
    csv: (r) => r.status,
  },
];

/** Late loans (`/dashboard/collections`) by arrears bucket, with what is in arrears and whom to call. */
export function CollectionsPage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const bucket = url.oneOf('bucket', [...ARREARS_BUCKETS, ''], '');
  const ordering = url.oneOf('ordering', COLLECTION_ORDERINGS, '-days_in_arrears');
  const list = useCollections({ ...paging, bucket, ordering });
  const counts = useCollectionBuckets();
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  // A bucket keeps the chosen sort; the page starts again at 1.
  const searchFor = (key: string) => {
    const params = new URLSearchParams();
    if (key) params.set('bucket', key);
    if (ordering !== '-days_in_arrears') params.set('ordering', ordering);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  const countOf = (key: string) => {
    if (!counts.data) return '';
    const n =
      key === '' ? counts.data.total : (counts.data.buckets.find((b) => b.bucket === key)?.count ?? 0);
    return ` (${formatNumber(n)})`;
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Collections" />
      <p className="text-slate-700 dark:text-slate-300">
        Loans with an installment unpaid past its due date, grouped by days in arrears. A loan turns Default
        at 90 days.
      </p>
      <div className="flex flex-col gap-6 lg:flex-row">
        <SideMenu
          label="Arrears buckets"
          items={[
            { label: `All late loans${countOf('')}`, to: { search: searchFor('') }, isActive: bucket === '' },
            ...ARREARS_BUCKETS.map((key) => ({
              label: `${ARREARS_BUCKET_LABELS[key]}${countOf(key)}`,
              to: { search: searchFor(key) },
              isActive: bucket === key,
            })),
          ]}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {list.isError && list.error !== dismissedError ? (
            <ErrorBanner
              message={LOAN_MESSAGES.collectionsFailed}
              reason={serverReason(list.error)}
              onRetry={() => void list.refetch()}
              onDismiss={() => setDismissedError(list.error)}
            />
          ) : null}
          <div className="flex flex-col gap-1">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Export every late loan in this bucket that fell late between the dates (leave them empty for
              all).
            </p>
            <ExportAll what="late loans" onExport={(range) => exportCollections(bucket, range)} />
          </div>
          <PagedTable
            caption={bucket ? `Late loans, ${ARREARS_BUCKET_LABELS[bucket]}` : 'Late loans'}
            pagerLabel="Late loans pages"
            columns={columns}
            list={list}
            paging={paging}
            rowKey={(r) => r.loan}
            emptyText="No loans are late in this bucket."
            toolbar={
              <SelectField
                label="Sort by"
                value={ordering}
                onChange={(event) => url.update({ ordering: event.target.value })}
                options={COLLECTION_ORDERINGS.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
              />
            }
          />
        </div>
      </div>
    </div>
  );
}
