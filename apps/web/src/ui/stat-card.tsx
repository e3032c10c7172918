import { type ReactNode, useId } from 'react';
import { Card } from './card.tsx';
import { classNames } from './class-names.ts';

export const DATA_UNAVAILABLE = 'Data unavailable';

export interface StatCardProps {
  readonly label: string;
  readonly value: ReactNode;
  /** A second line: "12 loans", "Pending / Approved / Rejected". */
  readonly hint?: ReactNode;
  readonly isLoading?: boolean;
  /** The card's source failed: it reads Data unavailable instead of a figure. */
  readonly isUnavailable?: boolean;
  readonly icon?: ReactNode;
  readonly className?: string;
}

export function StatCard({ label, value, hint, isLoading, isUnavailable, icon, className }: StatCardProps) {
  const labelId = useId();
  return (
    <Card
      role="group"
      aria-labelledby={labelId}
      className={classNames('flex min-w-0 flex-col gap-1 p-4', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {label}
        </h3>
        {icon ? <span aria-hidden="true">{icon}</span> : null}
      </div>
      {isUnavailable ? (
        <p className="text-base font-semibold text-red-700 dark:text-red-300">{DATA_UNAVAILABLE}</p>
      ) : isLoading ? (
        <p className="text-base text-slate-500 dark:text-slate-400">Loading...</p>
      ) : (
        <>
          {/* A grid cell shrinks to its column, and a long amount wraps inside the card, never past it. */}
          <p className="text-xl font-bold wrap-anywhere text-slate-900 tabular-nums sm:text-2xl dark:text-white">
            {value}
          </p>
          {hint ? <div className="text-sm text-slate-600 dark:text-slate-400">{hint}</div> : null}
        </>
      )}
    </Card>
  );
}
