import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export type NoticeTone = 'success' | 'warning' | 'info';

const tones: Record<NoticeTone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
};

/** A coloured panel with an optional heading; `role="status"` lets screen readers hear changes. */
export function Notice({
  tone,
  title,
  children,
  className,
}: {
  readonly tone: NoticeTone;
  readonly title?: string;
  readonly children?: ReactNode;
  readonly className?: string;
}) {
  return (
    <section
      role="status"
      aria-label={title}
      className={classNames('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      {title ? <h2 className="font-semibold">{title}</h2> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </section>
  );
}

/** What an action just did, until the admin dismisses it or does something else. */
export function DismissibleSuccess({
  message,
  onDismiss,
}: {
  readonly message: string;
  readonly onDismiss: () => void;
}) {
  return (
    <Notice tone="success">
      <div className="flex items-center justify-between gap-2">
        <p>{message}</p>
        <button type="button" className="font-semibold underline" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </Notice>
  );
}
