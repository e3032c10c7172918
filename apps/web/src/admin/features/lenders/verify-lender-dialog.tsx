import { type AdminLender, formatKampalaDate } from '@sente/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { LENDER_MESSAGES, NOTE_MAX_LENGTH, validateNote } from './lender-messages.ts';
import { useVerifyLender } from './use-lenders.ts';

export interface VerifyLenderDialogProps {
  readonly lender: AdminLender | null;
  readonly onClose: () => void;
  readonly onVerified: (lender: AdminLender) => void;
}

/**
 * Verifies a lender with a note of what was checked (audited on the server). The note is checked
 * here as the server checks it; a refusal (KYC or terms incomplete, already verified) stays in the
 * dialog.
 */
export function VerifyLenderDialog({ lender, onClose, onVerified }: VerifyLenderDialogProps) {
  const formId = useId();
  const countId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyLender();
  const { reset } = verify;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another lender starts with an empty note.
  useEffect(() => {
    setNote('');
    setError(null);
    reset();
  }, [lender]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lender) return;
    const problem = validateNote(note);
    setError(problem);
    if (problem) return;
    verify.mutate({ id: lender.id, note: note.trim() }, { onSuccess: (answer) => onVerified(answer) });
  };

  const length = note.trim().length;
  return (
    <Dialog
      isOpen={lender !== null}
      title="Verify lender"
      onClose={onClose}
      isBusy={verify.isPending}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={verify.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify'}
          </Button>
        </>
      }
    >
      {lender ? (
        <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {verify.isError ? (
            <ErrorBanner message={LENDER_MESSAGES.verifyFailed} reason={serverReason(verify.error)} />
          ) : null}
          <p>
            {lender.name} ({lender.email}) may bid on listings once verified.{' '}
            {lender.terms_accepted_at
              ? `Terms accepted on ${formatKampalaDate(lender.terms_accepted_at)}.`
              : 'The lender terms are not accepted yet.'}
          </p>
          <TextareaField
            label="What was checked"
            name="note"
            required
            rows={4}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              if (error) setError(null);
            }}
            error={error ?? undefined}
            aria-describedby={error ? undefined : countId}
          />
          <p id={countId} className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
            {length} of {NOTE_MAX_LENGTH} characters
          </p>
        </form>
      ) : null}
    </Dialog>
  );
}
