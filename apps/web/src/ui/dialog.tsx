import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClassName } from './button.tsx';
import { classNames } from './class-names.ts';

export interface DialogProps {
  readonly isOpen: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons along the bottom. */
  readonly footer?: ReactNode;
  readonly size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Set while an action runs, so Escape and the close button cannot abandon it half-way. */
  readonly isBusy?: boolean;
  /** role="alertdialog" for confirmations. */
  readonly isAlert?: boolean;
  readonly describedBy?: string;
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert, closes on
 * Escape and returns focus to the control that opened it.
 */
export function Dialog({
  isOpen,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  isBusy,
  isAlert,
  describedBy,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      role={isAlert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      className={classNames(
        'm-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl',
        'backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        widths[size],
      )}
    >
      {isOpen ? (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3 dark:border-slate-700">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              className={buttonClassName('ghost', 'icon')}
              onClick={onClose}
              disabled={isBusy}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
