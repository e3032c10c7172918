import type { ReactNode } from 'react';
import { ErrorAlert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { loadFailureMessage } from '../session/failure.ts';

interface QueryLike<T> {
  readonly data: T | undefined;
  readonly error: Error | null;
  refetch(): unknown;
}

/** "Could not load your loans. You seem to be offline…", with Try again. */
export function LoadError({ label, error, onRetry }: { label: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <ErrorAlert>
        Could not load {label}. {loadFailureMessage(error)}
      </ErrorAlert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="text-slate-700 dark:text-slate-300">
      Loading {label}...
    </p>
  );
}

/**
 * Loading, failure (in plain words, with Try again) or the data: the three states of every screen.
 * Data already shown stays on screen when a refresh fails.
 */
export function QueryState<T>({
  query,
  label,
  children,
}: {
  readonly query: QueryLike<T>;
  /** What is loading, for the status text: "your loans". */
  readonly label: string;
  readonly children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error)
    return <LoadError label={label} error={query.error} onRetry={() => void query.refetch()} />;
  return <Loading label={label} />;
}
