import { FILTER_COUNT_CAP, formatNumber, type SessionUser } from '@sente/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { serverReason } from '../../../lib/api-error-message.ts';
import { totalPagesOf } from '../../../lib/page-window.ts';
import { useUrlSearch } from '../../../lib/use-url-search.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { StatusChangeDialog } from './status-change-dialog.tsx';
import {
  USERS_PAGE_SIZE,
  useDeleteUser,
  useToggleUserStatus,
  useUserList,
  useUserStats,
} from './use-users.ts';
import { readClosedAccount, USER_MESSAGES } from './user-messages.ts';
import { UsersTable } from './users-table.tsx';

const STATUSES = ['Active', 'Inactive'] as const;

interface Banner {
  readonly message: string;
  readonly reason: string | null;
}

export function UsersPage() {
  const url = useUrlState();
  const location = useLocation();
  const navigate = useNavigate();
  const page = url.int('page', 1);
  const status = url.oneOf('status', [...STATUSES, ''], '');
  const { search: urlSearch, input: searchInput, setInput: setSearchInput } = useUrlSearch(url);

  const list = useUserList({ page, search: urlSearch, status });
  const stats = useUserStats();
  const toggle = useToggleUserStatus();
  const remove = useDeleteUser();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  const [toDelete, setToDelete] = useState<SessionUser | null>(null);
  const [toToggle, setToToggle] = useState<SessionUser | null>(null);
  const [closedAccount, setClosedAccount] = useState(() => readClosedAccount(location.state));

  // The notice of a closed account shows once; a reload should not repeat it.
  useEffect(() => {
    if (readClosedAccount(location.state)) void navigate(location, { replace: true, state: null });
  }, [location, navigate]);

  const loadError = list.error ?? null;
  const count = list.data?.count ?? 0;
  const totalPages = totalPagesOf(count, USERS_PAGE_SIZE);

  const onConfirmToggle = () => {
    if (!toToggle) return;
    setBanner(null);
    toggle.mutate(toToggle.id, {
      onSettled: () => setToToggle(null),
      onError: (error) => setBanner({ message: USER_MESSAGES.toggleFailed, reason: serverReason(error) }),
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    setBanner(null);
    remove.mutate(toDelete.id, {
      onSettled: () => setToDelete(null),
      onError: (error) => setBanner({ message: USER_MESSAGES.deleteFailed, reason: serverReason(error) }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="User Management" />
      {closedAccount ? (
        <Notice tone="success">
          <div className="flex items-center justify-between gap-2">
            <p>
              The account of {closedAccount} was closed. Its loans, applications and transactions stay on
              record.
            </p>
            <button type="button" className="font-semibold underline" onClick={() => setClosedAccount(null)}>
              Dismiss
            </button>
          </div>
        </Notice>
      ) : null}
      {loadError && loadError !== dismissedError ? (
        <ErrorBanner
          message={USER_MESSAGES.loadFailed}
          reason={serverReason(loadError)}
          onRetry={() => void list.refetch()}
          onDismiss={() => setDismissedError(loadError)}
        />
      ) : null}
      {banner ? (
        <ErrorBanner message={banner.message} reason={banner.reason} onDismiss={() => setBanner(null)} />
      ) : null}

      <section aria-label="User counts" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Users"
          value={formatNumber(stats.data?.total_users ?? 0)}
          isLoading={stats.isPending}
          isUnavailable={stats.isError}
        />
        <StatCard
          label="Active Users"
          value={formatNumber(stats.data?.active_users ?? 0)}
          isLoading={stats.isPending}
          isUnavailable={stats.isError}
        />
        <StatCard
          label="Inactive Users"
          value={formatNumber(stats.data?.inactive_users ?? 0)}
          isLoading={stats.isPending}
          isUnavailable={stats.isError}
        />
      </section>

      <UsersTable
        users={loadError ? [] : (list.data?.results ?? [])}
        isLoading={list.isPending}
        togglingId={toggle.isPending ? (toggle.variables ?? null) : null}
        onToggle={(user) => {
          setBanner(null);
          setToToggle(user);
        }}
        onDelete={(user) => setToDelete(user)}
        toolbar={
          <>
            <SearchField
              label="Search users"
              placeholder="Search users..."
              value={searchInput}
              onChange={setSearchInput}
              className="w-full sm:w-72"
            />
            <SelectField
              label="Status"
              isLabelHidden
              value={status}
              onChange={(event) => url.update({ status: event.target.value })}
              options={[
                { value: '', label: 'All Status' },
                { value: 'Active', label: 'Active' },
                { value: 'Inactive', label: 'Inactive' },
              ]}
            />
          </>
        }
      />
      {count > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Page {Math.min(page, totalPages)} of {totalPages} ·{' '}
            {list.data?.count_capped
              ? `over ${formatNumber(FILTER_COUNT_CAP)} users match: add more of the name, email or number to see them all`
              : `${formatNumber(count)} users`}
          </p>
          <Pager page={page} totalPages={totalPages} onPageChange={(next) => url.update({ page: next })} />
        </div>
      ) : null}

      <StatusChangeDialog
        user={toToggle}
        isBusy={toggle.isPending}
        onConfirm={onConfirmToggle}
        onCancel={() => setToToggle(null)}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete user"
        message={USER_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isDanger
        isBusy={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {toDelete.name} ({toDelete.email}) will no longer be able to sign in.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
