import { type ApplicationDto, formatUgx } from '@sente/contract';
import { useEffect, useId, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useIdempotencyKeys } from '../../../lib/use-idempotency-key.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { APPLICATION_MESSAGES } from './application-messages.ts';
import type { ApplicationAction } from './applications-table.tsx';
import { useDecideApplication, useDisburseApplication } from './use-applications.ts';

const TEXT: Record<ApplicationAction, { title: string; confirm: string; busy: string; failed: string }> = {
  approve: {
    title: 'Approve application',
    confirm: 'Approve',
    busy: 'Approving...',
    failed: APPLICATION_MESSAGES.approveFailed,
  },
  reject: {
    title: 'Reject application',
    confirm: 'Reject',
    busy: 'Rejecting...',
    failed: APPLICATION_MESSAGES.rejectFailed,
  },
  disburse: {
    title: 'Disburse loan',
    confirm: 'Disburse',
    busy: 'Disbursing...',
    failed: APPLICATION_MESSAGES.disburseFailed,
  },
};

function question(action: ApplicationAction, a: ApplicationDto): string {
  const amount = formatUgx(a.amount_requested);
  if (action === 'approve')
    return `Approve the application of ${a.business_name} (${a.user_name}) for ${amount}?`;
  if (action === 'reject')
    return `Reject the application of ${a.business_name} (${a.user_name}) for ${amount}?`;
  return `Disburse ${amount} to ${a.user_name} for ${a.business_name}? This sends the money by mobile money and creates the loan.`;
}

/**
 * Whether the outcome of a failed disbursement is unknown (no answer, or a server error other than
 * the payout's own definite failure, 502). Only then may a retry reuse the key: the server answers a
 * repeated key with the first result, so after a definite answer a new attempt needs a new key.
 */
function isOutcomeUnknown(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && (error.status === 0 || (error.status >= 500 && error.status !== 502))
  );
}

export interface ApplicationActionDialogProps {
  readonly pending: { readonly application: ApplicationDto; readonly action: ApplicationAction } | null;
  readonly onClose: () => void;
  /** The payout was sent and awaits the provider's confirmation (202). */
  readonly onPayoutProcessing: (application: ApplicationDto, message: string) => void;
}

/** Confirms approve, reject (with an optional note) or disburse, and shows a failure in place. */
export function ApplicationActionDialog({
  pending,
  onClose,
  onPayoutProcessing,
}: ApplicationActionDialogProps) {
  const noteId = useId();
  const shareId = useId();
  const [note, setNote] = useState('');
  const [share, setShare] = useState(false);
  const decide = useDecideApplication();
  const disburse = useDisburseApplication();
  const keys = useIdempotencyKeys();
  const { reset: resetDecide } = decide;
  const { reset: resetDisburse } = disburse;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new action starts with an empty note and no error.
  useEffect(() => {
    setNote('');
    setShare(false);
    resetDecide();
    resetDisburse();
  }, [pending]);

  if (!pending) return null;
  const { application, action } = pending;
  const text = TEXT[action];
  const mutation = action === 'disburse' ? disburse : decide;
  const actionKey = `disburse-${application.id}`;

  const onConfirm = () => {
    if (action === 'disburse') {
      // One key per disbursement; the same key again when the admin retries after an unknown outcome.
      disburse.mutate(
        { id: application.id, key: keys.keyFor(actionKey) },
        {
          onSuccess: (answer) => {
            keys.settle(actionKey);
            if ('status' in answer && answer.status === 'PROCESSING')
              onPayoutProcessing(application, answer.message);
            onClose();
          },
          onError: (error) => {
            if (!isOutcomeUnknown(error)) keys.settle(actionKey);
          },
        },
      );
      return;
    }
    const fallback =
      action === 'approve' ? APPLICATION_MESSAGES.defaultApproveNote : APPLICATION_MESSAGES.defaultRejectNote;
    decide.mutate(
      {
        id: application.id,
        decision: action,
        note: note.trim() || fallback,
        share: share && Boolean(note.trim()),
      },
      { onSuccess: onClose },
    );
  };

  return (
    <ConfirmDialog
      isOpen
      title={text.title}
      message={question(action, application)}
      confirmLabel={text.confirm}
      busyLabel={text.busy}
      isDanger={action === 'reject'}
      isBusy={mutation.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
      error={mutation.isError ? { message: text.failed, reason: serverReason(mutation.error) } : null}
    >
      {action === 'disburse' ? null : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={noteId} className="text-sm font-medium">
            Admin note (optional)
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={2000}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            placeholder={
              action === 'approve'
                ? APPLICATION_MESSAGES.defaultApproveNote
                : APPLICATION_MESSAGES.defaultRejectNote
            }
            className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100"
          />
          {action === 'reject' ? (
            <label htmlFor={shareId} className="mt-1 flex items-start gap-2 text-sm">
              <input
                id={shareId}
                type="checkbox"
                checked={share}
                disabled={!note.trim()}
                onChange={(event) => setShare(event.target.checked)}
                className="mt-0.5 size-4 accent-emerald-600"
              />
              <span>
                Show this note to the applicant as the reason
                <span className="block text-slate-600 dark:text-slate-400">
                  Otherwise the applicant only sees that the application was not approved.
                </span>
              </span>
            </label>
          ) : null}
        </div>
      )}
    </ConfirmDialog>
  );
}
