import type { ReactNode } from 'react';

/** An error message announced to screen readers as soon as it appears. */
export function ErrorAlert({ children }: { readonly children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {children}
    </div>
  );
}
