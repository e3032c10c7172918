import { ArrowLeft, KeyRound, Trash2, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { KycPanel } from './kyc-panel.tsx';
import { LenderPortfolioPanel, useLenderPortfolioTab } from './lender-portfolio-panel.tsx';
import { OpenApplicationsAllowance } from './open-applications-allowance.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import { StatusChangeDialog } from './status-change-dialog.tsx';
import { useCreateResetLink, useDeleteUser, useToggleUserStatus, useUserDetail } from './use-users.ts';
import { UserLoansPanel, useUserLoansTab } from './user-loans-panel.tsx';
import { type AccountClosedState, USER_MESSAGES } from './user-messages.ts';
import { UserSentMessagesPanel, useUserSentMessagesTab } from './user-sent-messages-panel.tsx';
import { UserTransactionsPanel, useUserTransactionsTab } from './user-transactions-panel.tsx';

// Portfolio is a lender's only.
const TAB_KEYS = ['kyc', 'loans', 'transactions', 'messages', 'portfolio'] as const;
type TabKey = (typeof TAB_KEYS)[number];

interface Banner {
  readonly message: string;
  readonly reason: string | null;
}

function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} (${count})`;
}

export function UserProfilePage() {
  const { userId } = useParams();
  const id = Number(userId);
  const validId = Number.isSafeInteger(id) && id > 0 ? id : 0;
  const url = useUrlState();
  const tab = url.oneOf('tab', TAB_KEYS, 'kyc');
  const navigate = useNavigate();
  const detail = useUserDetail(validId);
  const user = detail.data;
  useDocumentTitle(user ? user.name : 'User profile');

  // Loans and transactions load the first time their tab opens (spec section 2), then stay cached.
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set([tab]));
  const loansTab = useUserLoansTab(validId, opened.has('loans'));
  const transactionsTab = useUserTransactionsTab(validId, opened.has('transactions'));
  const messagesTab = useUserSentMessagesTab(validId, opened.has('messages'));
  const isLender = user?.role === 'lender';
  const portfolioTab = useLenderPortfolioTab(validId, opened.has('portfolio') && isLender);

  const toggle = useToggleUserStatus();
  const remove = useDeleteUser();
  const resetLink = useCreateResetLink();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [isConfirmingToggle, setConfirmingToggle] = useState(false);

  const selectTab = (key: TabKey) => {
    setOpened((current) => (current.has(key) ? current : new Set([...current, key])));
    url.update({ tab: key === 'kyc' ? null : key, page: null, status: null }, { replace: true });
  };

  const back = (
    <Link
      to={paths.users}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-emerald-800 underline dark:text-emerald-300"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to users
    </Link>
  );

  if (!validId || detail.isError) {
    const isMissing = !validId || (detail.error instanceof ApiRequestError && detail.error.status === 404);
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {isMissing ? USER_MESSAGES.notFound : 'User profile'}
        </h1>
        <ErrorBanner
          message={isMissing ? USER_MESSAGES.notFound : USER_MESSAGES.detailFailed}
          reason={isMissing ? null : serverReason(detail.error)}
          {...(isMissing ? {} : { onRetry: () => void detail.refetch() })}
        />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p role="status">Loading...</p>
      </div>
    );
  }

  const isActive = user.status === 'Active';
  const shownTab = tab === 'portfolio' && !isLender ? 'kyc' : tab;
  const onToggle = () => {
    setBanner(null);
    toggle.mutate(user.id, {
      onSettled: () => setConfirmingToggle(false),
      onError: (error) =>
        setBanner({ message: USER_MESSAGES.profileToggleFailed, reason: serverReason(error) }),
    });
  };
  const onReset = () => {
    setBanner(null);
    resetLink.mutate(user.id, {
      onError: (error) =>
        setBanner({ message: 'Failed to create a password reset link', reason: serverReason(error) }),
    });
  };
  const onDelete = () => {
    setBanner(null);
    remove.mutate(user.id, {
      onSuccess: () => {
        const state: AccountClosedState = { closedAccount: user.name };
        void navigate(paths.users, { state });
      },
      onError: (error) => {
        setConfirmingDelete(false);
        setBanner({ message: USER_MESSAGES.profileDeleteFailed, reason: serverReason(error) });
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      {back}
      {banner ? (
        <ErrorBanner message={banner.message} reason={banner.reason} onDismiss={() => setBanner(null)} />
      ) : null}
      <Card className="flex flex-col gap-4 p-5 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold wrap-anywhere text-slate-900 dark:text-white">{user.name}</h1>
            <StatusBadge label={user.status} tone={isActive ? 'green' : 'red'} />
          </div>
          {/* A long address is one unbreakable word: on a phone it must wrap, not widen the page. */}
          <p className="wrap-anywhere text-slate-700 dark:text-slate-300">{user.email}</p>
          <p className="text-slate-700 dark:text-slate-300">{user.phone_number ?? 'No phone number'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={isActive ? 'dangerOutline' : 'secondary'}
            onClick={() => {
              setBanner(null);
              setConfirmingToggle(true);
            }}
            disabled={toggle.isPending}
          >
            {isActive ? (
              <UserX aria-hidden="true" className="size-4" />
            ) : (
              <UserCheck aria-hidden="true" className="size-4" />
            )}
            {isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="secondary" onClick={onReset} disabled={resetLink.isPending}>
            <KeyRound aria-hidden="true" className="size-4" />
            {resetLink.isPending ? 'Creating link...' : 'Reset Password'}
          </Button>
          <Button variant="dangerOutline" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete Account
          </Button>
        </div>
      </Card>

      {user.role === 'borrower' ? (
        <OpenApplicationsAllowance
          key={user.id}
          userId={user.id}
          name={user.name}
          current={user.max_open_applications}
        />
      ) : null}

      <Tabs
        label="User details"
        selected={shownTab}
        onSelect={selectTab}
        tabs={[
          { key: 'kyc', label: 'KYC' },
          { key: 'loans', label: withCount('Loan History', loansTab.count) },
          { key: 'transactions', label: withCount('Transaction History', transactionsTab.count) },
          { key: 'messages', label: withCount('Messages', messagesTab.count) },
          ...(isLender
            ? [{ key: 'portfolio' as const, label: withCount('Portfolio', portfolioTab.count) }]
            : []),
        ]}
      >
        {shownTab === 'kyc' ? <KycPanel kyc={user.kyc} /> : null}
        {shownTab === 'loans' ? <UserLoansPanel tab={loansTab} /> : null}
        {shownTab === 'transactions' ? <UserTransactionsPanel tab={transactionsTab} /> : null}
        {shownTab === 'messages' ? <UserSentMessagesPanel tab={messagesTab} /> : null}
        {shownTab === 'portfolio' ? <LenderPortfolioPanel tab={portfolioTab} /> : null}
      </Tabs>

      <StatusChangeDialog
        user={isConfirmingToggle ? user : null}
        isBusy={toggle.isPending}
        onConfirm={onToggle}
        onCancel={() => setConfirmingToggle(false)}
      />
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title="Delete Account"
        message={USER_MESSAGES.confirmDeleteAccount}
        confirmLabel="Delete Account"
        busyLabel="Deleting..."
        isDanger
        isBusy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      <ResetLinkDialog link={resetLink.data ?? null} userName={user.name} onClose={() => resetLink.reset()} />
    </div>
  );
}
