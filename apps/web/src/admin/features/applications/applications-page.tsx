import { type ApplicationDto, formatNumber } from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { SideMenu } from '../../../ui/side-menu.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { ApplicationActionDialog } from './application-action-dialog.tsx';
import { type ApplicationAction, ApplicationsTable } from './applications-table.tsx';
import { DocumentsDialog } from './documents-dialog.tsx';
import { useApplicationList, useApplicationStatistics } from './use-applications.ts';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

export function ApplicationsPage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const status = url.oneOf('status', [...STATUSES, ''], '');

  const list = useApplicationList({ ...paging, status });
  const stats = useApplicationStatistics();
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  const [processing, setProcessing] = useState<ReadonlySet<number>>(() => new Set());
  const [payoutNotice, setPayoutNotice] = useState<string | null>(null);
  const [documentsOf, setDocumentsOf] = useState<number | null>(null);
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
            { label: 'All Applications', to: { search: '' }, isActive: status !== 'PENDING' },
            {
              label: 'Pending Applications',
              to: { search: '?status=PENDING' },
              isActive: status === 'PENDING',
            },
          ]}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {payoutNotice ? <Notice tone="info">{payoutNotice}</Notice> : null}
          {list.isError && list.error !== dismissedError ? (
            <ErrorBanner
              message="Failed to load applications"
              reason={serverReason(list.error)}
              onRetry={() => void list.refetch()}
              onDismiss={() => setDismissedError(list.error)}
            />
          ) : null}
          <ApplicationsTable
            list={list}
            paging={paging}
            onAction={(application, action) => setPending({ application, action })}
            onViewDocuments={(application) => setDocumentsOf(application.id)}
            processingIds={processing}
            toolbar={
              <SelectField
                label="Status"
                value={status}
                onChange={(event) => url.update({ status: event.target.value })}
                options={[
                  { value: '', label: 'All' },
                  { value: 'PENDING', label: 'Pending' },
                  { value: 'APPROVED', label: 'Approved' },
                  { value: 'REJECTED', label: 'Rejected' },
                ]}
                className="flex-row items-center"
              />
            }
          />
        </div>
      </div>
      <DocumentsDialog applicationId={documentsOf} onClose={() => setDocumentsOf(null)} />
      <ApplicationActionDialog
        pending={pending}
        onClose={() => setPending(null)}
        onPayoutProcessing={(application, message) => {
          setProcessing((current) => new Set([...current, application.id]));
          setPayoutNotice(`${application.business_name}: ${message}`);
        }}
      />
    </div>
  );
}
