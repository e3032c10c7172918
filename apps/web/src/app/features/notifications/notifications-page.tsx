import { formatKampalaDateTime, type Notification } from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { classNames } from '../../../ui/class-names.ts';
import { textLinkClass } from '../../../ui/text-link.ts';
import { failureOf } from '../../session/failure.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { useMarkAllRead, useMarkRead, useNotifications } from './use-notifications.ts';

/** Where a notification is about, when its data names a loan or an application. */
function targetOf(notification: Notification): { to: string; label: string } | null {
  const { loan_id: loanId, application_id: applicationId } = notification.data;
  if (typeof loanId === 'number') return { to: paths.appLoan(loanId), label: 'See the loan' };
  if (typeof applicationId === 'number') {
    return { to: paths.appApplication(applicationId), label: 'See the application' };
  }
  return null;
}

export function NotificationsPage() {
  useDocumentTitle('Inbox');
  const inbox = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = inbox.data?.pages[0]?.unread_count ?? 0;
  const actionError = markRead.error ?? markAll.error;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Inbox</h1>
        {unread > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            Mark all as read
          </Button>
        ) : null}
      </div>
      {actionError ? <ErrorAlert>{failureOf(actionError).message}</ErrorAlert> : null}
      <QueryState query={inbox} label="your notifications">
        {(data) => {
          const items = data.pages.flatMap((page) => page.results);
          if (items.length === 0) return <p>Nothing here yet. Sente writes here when something happens.</p>;
          return (
            <>
              <p className="text-slate-700 dark:text-slate-300">
                {unread === 0 ? 'All read.' : unread === 1 ? '1 unread.' : `${unread} unread.`}
              </p>
              <ul className="flex flex-col gap-3">
                {items.map((notification) => {
                  const target = targetOf(notification);
                  return (
                    <li key={notification.id}>
                      <Card
                        className={classNames(
                          'flex flex-col gap-1 p-4',
                          notification.is_read
                            ? undefined
                            : 'border-l-4 border-l-emerald-700 dark:border-l-emerald-400',
                        )}
                      >
                        <h2 className="font-semibold">
                          {notification.is_read ? null : <span className="sr-only">Unread: </span>}
                          {notification.title}
                        </h2>
                        <p>{notification.message}</p>
                        <p className="text-sm text-slate-600 dark:text-slate-400">
                          {formatKampalaDateTime(notification.created_at)}
                        </p>
                        <div className="flex flex-wrap items-center gap-4">
                          {target ? (
                            <Link to={target.to} className={textLinkClass}>
                              {target.label}
                            </Link>
                          ) : null}
                          {notification.is_read ? null : (
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => markRead.mutate(notification.id)}
                              disabled={markRead.isPending}
                            >
                              Mark as read
                            </Button>
                          )}
                        </div>
                      </Card>
                    </li>
                  );
                })}
              </ul>
              {inbox.hasNextPage ? (
                <Button
                  variant="secondary"
                  onClick={() => void inbox.fetchNextPage()}
                  disabled={inbox.isFetchingNextPage}
                  className="self-start"
                >
                  {inbox.isFetchingNextPage ? 'Loading...' : 'Show older'}
                </Button>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
