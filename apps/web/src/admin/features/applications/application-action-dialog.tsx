import { type ApplicationDto, formatUgx } from '@sente/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useIdempotencyKeys } from '../../../lib/use-idempotency-key.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { ApplicationFlags } from './application-flags.tsx';
import { APPLICATION_MESSAGES } from './application-messages.ts';
import { useApplicationReview, useDecideApplication, useDisburseApplication } from './use-applications.ts';

export type ApplicationAction = 'approve' | 'reject' | 'disburse';

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
  /** The action went through; the caller puts focus back where the admin was working. */
  readonly onDone: (application: ApplicationDto, action: ApplicationAction) => void;
  /** The payout was sent and awaits the provider's confirmation (202). */
  readonly onPayoutProcessing?: (application: ApplicationDto, message: string) => void;
}

/** The flags again, right where the decision is taken (issue 18: decisions are not made blind). */
function FlagsToWeigh({ review }: { readonly review: ReturnType<typeof useApplicationReview> }) {
  if (review.isPending) return <p role="status">Checking what needs a look...</p>;
  if (review.isError)
    return (
      <p className="text-sm">Could not load what needs a look; open the application's page to see it.</p>
    );
  return <ApplicationFlags flags={review.data.flags} headingLevel="h3" />;
}

/**
 * Confirms approve, reject (with a note, required on a rejection) or disburse, shows a failure in
 * place, and on success says what happened in a toast.
 */
export function ApplicationActionDialog({
  pending,
  onClose,
  onDone,
  onPayoutProcessing,
}: ApplicationActionDialogProps) {
  const noteId = useId();
  const noteErrorId = useId();
  const shareId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [isNoteMissing, setIsNoteMissing] = useState(false);
  const [share, setShare] = useState(false);
  const decide = useDecideApplication();
  const disburse = useDisburseApplication();
  const keys = useIdempotencyKeys();
  const toast = useToast();
  const { reset: resetDecide } = decide;
  const { reset: resetDisburse } = disburse;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new action starts with an empty note and no error.
  useEffect(() => {
    setNote('');
    setShare(false);
    setIsNoteMissing(false);
    resetDecide();
    resetDisburse();
    // The dialog (a child) has opened by now: start in the note, not on Close (issue 18).
    noteRef.current?.focus();
  }, [pending]);

  // What FlagsToWeigh shows: Approve and Reject wait for it, so no decision is taken before its
  // flags are on screen, and the buttons do not move under a finger as they arrive.
  const review = useApplicationReview(
    pending && pending.action !== 'disburse' ? pending.application.id : null,
  );

  if (!pending) return null;
  const { application, action } = pending;
  const text = TEXT[action];
  const mutation = action === 'disburse' ? disburse : decide;
  const actionKey = `disburse-${application.id}`;
  const who = `${application.business_name} (${application.user_name})`;

  const finish = () => {
    onClose();
    onDone(application, action);
  };

  const onConfirm = () => {
    if (action === 'disburse') {
      // One key per disbursement; the same key again when the admin retries after an unknown outcome.
      disburse.mutate(
        { application, key: keys.keyFor(actionKey) },
        {
          onSuccess: (answer) => {
            keys.settle(actionKey);
            if ('loan_id' in answer) {
              toast.show({
                message: `Loan ${answer.loan_id} created`,
                link: { label: `Open loan ${answer.loan_id}`, to: paths.loanDetail(answer.id) },
              });
            } else {
              toast.show({ tone: 'info', message: `Payout to ${who} sent. ${answer.message}` });
              onPayoutProcessing?.(application, answer.message);
            }
            finish();
          },
          onError: (error) => {
            if (!isOutcomeUnknown(error)) keys.settle(actionKey);
          },
        },
      );
      return;
    }
    const typed = note.trim();
    if (action === 'reject' && !typed) {
      setIsNoteMissing(true);
      noteRef.current?.focus();
      return;
    }
    decide.mutate(
      {
        id: application.id,
        decision: action,
        note: typed || APPLICATION_MESSAGES.defaultApproveNote,
        share: share && Boolean(typed),
      },
      {
        onSuccess: () => {
          toast.show({
            message: `Application of ${who} ${action === 'approve' ? 'approved' : 'rejected'}`,
            link: { label: `Open application #${application.id}`, to: paths.application(application.id) },
          });
          finish();
        },
      },
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
      // Disburse sends money at once: the dialog opens on Cancel, not on Close or on Disburse.
      initialFocus={action === 'disburse' ? 'cancel' : undefined}
      isBusy={mutation.isPending}
      isConfirmDisabled={action !== 'disburse' && review.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
      error={mutation.isError ? { message: text.failed, reason: serverReason(mutation.error) } : null}
    >
      {action === 'disburse' ? null : (
        <div className="flex flex-col gap-3">
          <FlagsToWeigh review={review} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-medium">
              {action === 'approve' ? 'Admin note (optional)' : 'Reason for rejecting (required)'}
            </label>
            <textarea
              id={noteId}
              ref={noteRef}
              value={note}
              maxLength={2000}
              rows={3}
              required={action === 'reject'}
              aria-invalid={isNoteMissing ? true : undefined}
              aria-describedby={isNoteMissing ? noteErrorId : undefined}
              onChange={(event) => {
                setNote(event.target.value);
                if (event.target.value.trim()) setIsNoteMissing(false);
              }}
              placeholder={action === 'approve' ? APPLICATION_MESSAGES.defaultApproveNote : undefined}
              className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-emerald-600 aria-invalid:border-red-700 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:aria-invalid:border-red-400"
            />
            {isNoteMissing ? (
              <p id={noteErrorId} className="text-sm text-red-700 dark:text-red-300">
                Write why the application is rejected: the note stays on record with the decision.
              </p>
            ) : null}
          </div>
          {action === 'reject' ? (
            <label htmlFor={shareId} className="flex items-start gap-2 text-sm">
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
