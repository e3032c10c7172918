import { APPLICATION_ORDERINGS, type ApplicationDto, formatNumber } from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ExportAll } from '../../../ui/export-all.tsx';
import { SideMenu } from '../../../ui/side-menu.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { type ApplicationAction, ApplicationActionDialog } from './application-action-dialog.tsx';
import { ApplicationFilters } from './application-filters.tsx';
import { ApplicationsTable, focusApplicationRow } from './applications-table.tsx';
import { exportApplications, useApplicationList, useApplicationStatistics } from './use-applications.ts';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

export function ApplicationsPage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const { search, input, setInput } = useUrlSearch(url);
  const isAwaitingDisbursement = url.text('awaiting') === '1';
  const status = isAwaitingDisbursement ? 'APPROVED' : url.oneOf('status', [...STATUSES, ''], '');
  const ordering = url.oneOf('ordering', APPLICATION_ORDERINGS, '-created_at');

  const filters = {
    status,
    search,
    amountMin: url.text('amount_min'),
    amountMax: url.text('amount_max'),
    scoreMin: url.text('score_min'),
    scoreMax: url.text('score_max'),
    isAwaitingDisbursement,
  };
  const list = useApplicationList({
    ...paging,
    ...filters,
    ordering,
    submittedFrom: url.text('submitted_from'),
    submittedTo: url.text('submitted_to'),
  });
  const stats = useApplicationStatistics();
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  const [processing, setProcessing] = useState<ReadonlySet<number>>(() => new Set());
  const [pending, setPending] = useState<{ application: ApplicationDto; action: ApplicationAction } | null>(
    null,
  );

  const statCard = (label: string, value: number | undefined) => (
    <StatCard
      label={label}
      value={formatNumber(value ?? 0)}
      isLoading={stats.isPending}
      isUnavailable={stats.isError}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Applications" />
      <section aria-label="Application statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {statCard('Total Applications', stats.data?.total_applications)}
        {statCard('Pending Applications', stats.data?.pending_applications)}
        {statCard('Rejected Applications', stats.data?.rejected_applications)}
        {statCard('Approved Applications', stats.data?.approved_applications)}
      </section>
      <div className="flex flex-col gap-6 lg:flex-row">
        <SideMenu
          label="Applications"
          items={[
            {
              label: 'All Applications',
              to: { search: '' },
              isActive: status !== 'PENDING' && !isAwaitingDisbursement,
            },
            {
              label: 'Pending Applications',
              to: { search: '?status=PENDING' },
              isActive: status === 'PENDING',
            },
            {
              label: 'Awaiting Disbursement',
              to: { search: '?awaiting=1&ordering=created_at' },
              isActive: isAwaitingDisbursement,
            },
          ]}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {list.isError && list.error !== dismissedError ? (
            <ErrorBanner
              message="Failed to load applications"
              reason={serverReason(list.error)}
              onRetry={() => void list.refetch()}
              onDismiss={() => setDismissedError(list.error)}
            />
          ) : null}
          <ExportAll what="applications" onExport={(range) => exportApplications(filters, range)} />
          <ApplicationsTable
            list={list}
            paging={paging}
            onAction={(application, action) => setPending({ application, action })}
            processingIds={processing}
            toolbar={
              <ApplicationFilters
                url={url}
                status={isAwaitingDisbursement ? 'APPROVED' : status}
                ordering={ordering}
                searchInput={input}
                onSearchInput={setInput}
              />
            }
          />
        </div>
      </div>
      <ApplicationActionDialog
        pending={pending}
        onClose={() => setPending(null)}
        // After the dialog has handed focus back: the row stays, with its next action.
        onDone={focusApplicationRow}
        onPayoutProcessing={(application) => {
          setProcessing((current) => new Set([...current, application.id]));
        }}
      />
    </div>
  );
}
