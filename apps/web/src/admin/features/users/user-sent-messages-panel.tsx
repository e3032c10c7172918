import { formatKampalaDateTime, routes, type SentMessage } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { type BadgeTone, StatusBadge } from '../../../ui/status-badge.tsx';
import { USER_MESSAGES } from './user-messages.ts';

/** What Sente sent the user (docs/notifications.md), 50 a page, asked for once the tab has been opened. */
export function useUserSentMessagesTab(userId: number, isOpened: boolean) {
  const query = useQuery({
    queryKey: queryKeyOf('listUserMessages', { userId, page_size: 50 }),
    queryFn: ({ signal }) =>
      api(routes.listUserMessages, { params: { id: userId }, query: { page_size: 50 }, signal }),
    enabled: isOpened && userId > 0,
  });
  return { query, count: query.data?.count };
}
export type UserSentMessagesTab = ReturnType<typeof useUserSentMessagesTab>;

const CHANNEL_LABELS: Readonly<Record<SentMessage['channel'], string>> = {
  sms: 'SMS',
  email: 'E-mail',
  inbox: 'In-app',
};

const STATUS: Readonly<Record<SentMessage['status'], { label: string; tone: BadgeTone }>> = {
  queued: { label: 'Waiting', tone: 'slate' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'blue' },
  delivered: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

function whenOf(message: SentMessage): string {
  if (message.delivered_at) return `Delivered ${formatKampalaDateTime(message.delivered_at)}`;
  if (message.sent_at) return `Sent ${formatKampalaDateTime(message.sent_at)}`;
  if (message.status === 'queued') return `Not before ${formatKampalaDateTime(message.not_before)}`;
  return `Written ${formatKampalaDateTime(message.created_at)}`;
}

export function UserSentMessagesPanel({ tab }: { readonly tab: UserSentMessagesTab }) {
  const { query } = tab;
  if (query.isError) {
    return (
      <ErrorBanner
        message={USER_MESSAGES.sentMessagesFailed}
        onRetry={() => void query.refetch()}
        retryLabel="Try Again"
      />
    );
  }
  if (!query.data) return <p role="status">Loading...</p>;
  if (query.data.results.length === 0) return <p>Sente has sent this user no messages.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
      {query.data.results.map((m) => (
        <li key={m.id} className="flex flex-col gap-1 px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">
              {CHANNEL_LABELS[m.channel]}
              {m.recipient ? <span className="font-normal"> to {m.recipient}</span> : null}
              <span className="font-normal text-slate-600 dark:text-slate-300"> · {m.template}</span>
            </p>
            <StatusBadge label={STATUS[m.status].label} tone={STATUS[m.status].tone} />
          </div>
          {m.subject ? <p className="text-sm font-medium">{m.subject}</p> : null}
          <p className="text-sm break-words whitespace-pre-line">{m.body}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {whenOf(m)}
            {m.attempts > 1 ? ` · ${m.attempts} tries` : ''}
            {m.error ? ` · ${m.status === 'failed' ? 'Failed' : 'Last try failed'}: ${m.error}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
