import { X } from 'lucide-react';
import { buttonClassName } from './button.tsx';

export interface ErrorBannerProps {
  /** The screen's message, word for word from the spec. */
  readonly message: string;
  /** The server's reason, shown smaller underneath. */
  readonly reason?: string | null | undefined;
  readonly onDismiss?: () => void;
  /** Adds a Try again button. */
  readonly onRetry?: () => void;
  readonly retryLabel?: string;
}

/** The red dismissible banner of spec section 2, announced to screen readers. */
export function ErrorBanner({
  message,
  reason,
  onDismiss,
  onRetry,
  retryLabel = 'Try again',
}: ErrorBannerProps) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium">{message}</p>
        {reason && reason !== message ? (
          <p className="mt-1 text-red-700 dark:text-red-300">{reason}</p>
        ) : null}
      </div>
      {onRetry ? (
        <button
          type="button"
          className={`${buttonClassName('ghost', 'sm')} -my-1 text-red-800 underline hover:bg-red-100 dark:text-red-200 dark:hover:bg-red-900`}
          onClick={onRetry}
        >
          {retryLabel}
        </button>
      ) : null}
      {onDismiss ? (
        <button
          type="button"
          aria-label="Dismiss"
          className={`${buttonClassName('ghost', 'icon')} -my-2 -mr-2 text-red-800 hover:bg-red-100 dark:text-red-200 dark:hover:bg-red-900`}
          onClick={onDismiss}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
