import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from './button.tsx';

export interface CopyLinkFieldProps {
  readonly label: string;
  readonly url: string;
}

/**
 * A one-time link an admin passes on by hand (a password reset, an invitation): a read-only field,
 * a copy button and a status line that says whether the copy worked. Give it `key={url}` so a new
 * link starts uncopied.
 */
export function CopyLinkField({ label, url }: CopyLinkFieldProps) {
  const inputId = useId();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      // Clipboard refused (no permission, insecure context): the field stays selected to copy by hand.
      setCopyState('failed');
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
    }
  };

  return (
    <>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={url}
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
    </>
  );
}
