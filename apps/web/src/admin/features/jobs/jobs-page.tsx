import { type FailedJob, formatKampalaDateTime, formatNumber, type JobQueueSummary } from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { Button } from '../../../ui/button.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { DismissibleSuccess } from '../../../ui/notice.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { JOBS_MESSAGES } from './jobs-messages.ts';
import { useFailedJobs, useJobQueues, useRetryJob } from './use-jobs.ts';

const queueColumns: Column<JobQueueSummary>[] = [
  { id: 'name', header: 'Queue', cell: (q) => <code className="whitespace-nowrap">{q.name}</code> },
  {
    id: 'schedule',
    header: 'Schedule (Kampala)',
    cell: (q) => (q.schedule ? <code>{q.schedule}</code> : 'When asked'),
  },
  { id: 'waiting', header: 'Waiting', isNumeric: true, cell: (q) => formatNumber(q.waiting) },
  { id: 'active', header: 'Running', isNumeric: true, cell: (q) => formatNumber(q.active) },
  { id: 'completed', header: 'Done', isNumeric: true, cell: (q) => formatNumber(q.completed) },
  {
    id: 'failed',
    header: 'Failed',
    isNumeric: true,
    cell: (q) =>
      q.failed > 0 ? <StatusBadge label={formatNumber(q.failed)} tone="red" /> : formatNumber(q.failed),
  },
];

export function JobsPage() {
  const queues = useJobQueues();
  const paging = useUrlPaging();
  const failed = useFailedJobs(paging);
  const retry = useRetryJob();
  const [success, setSuccess] = useState<string | null>(null);

  const failedColumns: Column<FailedJob>[] = [
    { id: 'queue', header: 'Queue', cell: (j) => <code className="whitespace-nowrap">{j.queue}</code> },
    { id: 'error', header: 'Last Error', cell: (j) => j.error ?? '—' },
    { id: 'tries', header: 'Tries', isNumeric: true, cell: (j) => formatNumber(j.tries) },
    {
      id: 'failed_at',
      header: 'Failed At',
      cell: (j) => <span className="whitespace-nowrap">{formatKampalaDateTime(j.failed_at)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (j) => (
        <Button
          variant="secondary"
          size="sm"
          disabled={retry.isPending}
          onClick={() => {
            setSuccess(null);
            retry.mutate(
              { queue: j.queue, id: j.id },
              { onSuccess: () => setSuccess(JOBS_MESSAGES.retried(j.queue)) },
            );
          }}
        >
          Retry<span className="sr-only"> {j.queue} job</span>
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Jobs" />
      <p className="text-slate-700 dark:text-slate-300">
        Background work runs on a queue in the database: each job once, retried with growing waits when it
        fails. A job whose every try failed stays here until you retry it.
      </p>
      {success ? <DismissibleSuccess message={success} onDismiss={() => setSuccess(null)} /> : null}
      {retry.isError ? (
        <ErrorBanner
          message={JOBS_MESSAGES.retryFailed}
          reason={serverReason(retry.error)}
          onDismiss={() => retry.reset()}
        />
      ) : null}
      {queues.isError ? (
        <ErrorBanner
          message={JOBS_MESSAGES.queuesLoadFailed}
          reason={serverReason(queues.error)}
          onRetry={() => void queues.refetch()}
        />
      ) : null}
      <DataTable
        caption="Job queues"
        columns={queueColumns}
        rows={queues.data?.results ?? []}
        rowKey={(q) => q.name}
        isLoading={queues.isPending}
      />
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">Failed jobs</h2>
      {failed.isError ? (
        <ErrorBanner
          message={JOBS_MESSAGES.failedLoadFailed}
          reason={serverReason(failed.error)}
          onRetry={() => void failed.refetch()}
        />
      ) : null}
      <PagedTable
        caption="Failed jobs"
        pagerLabel="Failed jobs pages"
        columns={failedColumns}
        list={failed}
        paging={paging}
        rowKey={(j) => j.id}
        emptyText={JOBS_MESSAGES.noFailed}
      />
    </div>
  );
}
