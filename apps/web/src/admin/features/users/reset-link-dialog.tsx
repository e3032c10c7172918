import { formatKampalaDateTime } from '@sente/contract';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

export interface ResetLinkDialogProps {
  readonly link: { readonly reset_url: string; readonly expires_at: string } | null;
  readonly userName: string;
  readonly onClose: () => void;
}

/** Shows the one-time reset link with a copy button (decisions.md: a real reset, valid 24 hours). */
export function ResetLinkDialog({ link, userName, onClose }: ResetLinkDialogProps) {
  const inputId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new link starts uncopied.
  useEffect(() => setCopyState('idle'), [link]);

  const onCopy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.reset_url);
      setCopyState('copied');
    } catch {
      // Clipboard refused (no permission, insecure context): the field stays selected to copy by hand.
      setCopyState('failed');
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
    }
  };

  return (
    <Dialog
      isOpen={link !== null}
      title="Password reset link"
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {link ? (
        <div className="flex flex-col gap-3">
          <p>
            Send this link to {userName}. It works once and expires on{' '}
            {formatKampalaDateTime(link.expires_at)}. Any earlier link no longer works.
          </p>
          <label htmlFor={inputId} className="text-sm font-medium">
            Reset link
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              readOnly
              value={link.reset_url}
              onFocus={(event) => event.target.select()}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 bg-slate-50 px-3 font-mono text-sm dark:border-slate-500 dark:bg-slate-950"
            />
            <Button variant="secondary" onClick={() => void onCopy()}>
              {copyState === 'copied' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copyState === 'copied' ? 'Copied' : 'Copy link'}
            </Button>
          </div>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {copyState === 'copied'
              ? 'The link is on the clipboard.'
              : copyState === 'failed'
                ? 'Copying was refused; the link is selected, copy it with Ctrl+C.'
                : ''}
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
