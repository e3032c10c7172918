import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';

/** Asks before a user's status changes (issue 18: a confirmation on every status change). */
export function StatusChangeDialog({
  user,
  isBusy,
  onConfirm,
  onCancel,
}: {
  readonly user: { readonly name: string; readonly email: string; readonly status: string } | null;
  readonly isBusy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const isActive = user?.status === 'Active';
  return (
    <ConfirmDialog
      isOpen={user !== null}
      title={isActive ? 'Deactivate user' : 'Activate user'}
      message={
        user
          ? isActive
            ? `Deactivate ${user.name} (${user.email})? They are signed out at once and cannot sign in until an admin activates them again.`
            : `Activate ${user.name} (${user.email})? They can sign in again.`
          : ''
      }
      confirmLabel={isActive ? 'Deactivate' : 'Activate'}
      busyLabel={isActive ? 'Deactivating...' : 'Activating...'}
      isDanger={isActive}
      isBusy={isBusy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
