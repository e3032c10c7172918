import { type ReactNode, useEffect, useId } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { ErrorBanner } from './error-banner.tsx';

export interface ConfirmDialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  /** The question, word for word from the spec where it has one. */
  readonly message: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly isBusy?: boolean;
  readonly busyLabel?: string;
  readonly isDanger?: boolean;
  /** Extra fields, e.g. the admin's note on an approval. */
  readonly children?: ReactNode;
  /** A failure of the confirmed action, shown inside the dialog so a retry is one click. */
  readonly error?: { readonly message: string; readonly reason?: string | null } | null;
  /**
   * Where focus starts when the dialog opens: by default the browser's choice (the first control,
   * Close); 'cancel' for an action that cannot be taken back (money sent), so Enter right after
   * opening never confirms it.
   */
  readonly initialFocus?: 'cancel' | undefined;
  /** The confirm button waits (e.g. for what the admin must weigh first); Cancel stays available. */
  readonly isConfirmDisabled?: boolean;
}

/** Asks before an action that changes data. */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  isBusy,
  busyLabel,
  isDanger,
  children,
  error,
  initialFocus,
  isConfirmDisabled,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelId = useId();
  // Runs after the Dialog's own effect (a child's effects run first) has opened it with showModal.
  useEffect(() => {
    if (isOpen && initialFocus === 'cancel') document.getElementById(cancelId)?.focus();
  }, [isOpen, initialFocus, cancelId]);
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={onCancel}
      isBusy={isBusy === true}
      isAlert
      describedBy={messageId}
      size="sm"
      footer={
        <>
          <Button id={cancelId} variant="ghost" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
          <Button
            variant={isDanger ? 'danger' : 'primary'}
            onClick={onConfirm}
            disabled={isBusy === true || isConfirmDisabled === true}
          >
            {isBusy ? (busyLabel ?? 'Working...') : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p id={messageId}>{message}</p>
        {children}
        {error ? <ErrorBanner message={error.message} reason={error.reason} /> : null}
      </div>
    </Dialog>
  );
}
