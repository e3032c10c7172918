import { formatKampalaDateTime, formatSignedUgx, routes } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { classNames } from '../../../ui/class-names.ts';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { USER_MESSAGES } from './user-messages.ts';

/** A user's transactions, 50 a page (spec section 9), asked for once the tab has been opened. */
export function useUserTransactionsTab(userId: number, isOpened: boolean) {
  const query = useQuery({
    queryKey: queryKeyOf('userTransactions', { userId, page_size: 50 }),
    queryFn: ({ signal }) =>
      api(routes.userTransactions, {
        params: { userId },
        query: { page_size: 50, ordering: '-created_at' },
        signal,
      }),
    enabled: isOpened && userId > 0,
  });
  return { query, count: query.data?.count };
}
export type UserTransactionsTab = ReturnType<typeof useUserTransactionsTab>;

const STATUS_LABELS: Readonly<Record<string, string>> = {
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  FAILED: 'Failed',
};

export function UserTransactionsPanel({ tab }: { readonly tab: UserTransactionsTab }) {
  const { query } = tab;
  if (query.isError) {
    return (
      <ErrorBanner
        message={USER_MESSAGES.transactionsFailed}
        onRetry={() => void query.refetch()}
        retryLabel="Try Again"
      />
    );
  }
  if (!query.data) return <p role="status">Loading...</p>;
  if (query.data.results.length === 0) return <p>This user has no transactions.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
      {query.data.results.map((t) => (
        <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="font-medium">{t.description}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {formatKampalaDateTime(t.created_at)} · Ref{' '}
              <span className="font-mono">{t.reference_id.slice(-8)}</span> · {t.category}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <StatusBadge label={STATUS_LABELS[t.status] ?? t.status} tone={toneOfStatus(t.status)} />
            <span
              className={classNames(
                'font-semibold tabular-nums whitespace-nowrap',
                t.transaction_type === 'CREDIT'
                  ? 'text-emerald-700 dark:text-emerald-400'
                  : 'text-red-700 dark:text-red-400',
              )}
            >
              {formatSignedUgx(t.amount, t.transaction_type)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
