import { formatKampalaDateTime } from '@sente/contract';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

export interface Invitation {
  readonly name: string;
  readonly email: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** The invitation link, shown once, with a copy button: the admin sends it to the new lender. */
export function InvitationDialog({
  invitation,
  onClose,
}: {
  readonly invitation: Invitation | null;
  readonly onClose: () => void;
}) {
  const inputId = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    if (!invitation) return;
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopied('copied');
    } catch {
      setCopied('failed');
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
    }
  };
  return (
    <Dialog
      isOpen={invitation !== null}
      title="Lender invited"
      onClose={() => {
        setCopied('idle');
        onClose();
      }}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {invitation ? (
        <div className="flex flex-col gap-3">
          <p>
            {invitation.name}'s lender account ({invitation.email}) is created. Send them this link to choose
            a password; it works once and expires on {formatKampalaDateTime(invitation.expiresAt)}.
          </p>
          <label htmlFor={inputId} className="text-sm font-medium">
            Invitation link
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              readOnly
              value={invitation.url}
              onFocus={(event) => event.target.select()}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 bg-slate-50 px-3 font-mono text-sm dark:border-slate-500 dark:bg-slate-950"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {copied === 'copied' ? 'Copied' : 'Copy link'}
            </Button>
          </div>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {copied === 'copied'
              ? 'The link is on the clipboard.'
              : copied === 'failed'
                ? 'Copying was refused; the link is selected, copy it with Ctrl+C.'
                : ''}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
