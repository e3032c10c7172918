import { classNames } from './class-names.ts';

/**
 * Colour by the share paid, at the thresholds of spec section 9: 100 or more, 75, 50, 25.
 * The colours are ours (the spec does not show them): from red, barely started, to green, paid.
 */
export function progressTone(percent: number): string {
  if (percent >= 100) return 'bg-emerald-600 dark:bg-emerald-400';
  if (percent >= 75) return 'bg-lime-600 dark:bg-lime-400';
  if (percent >= 50) return 'bg-amber-500 dark:bg-amber-400';
  if (percent >= 25) return 'bg-orange-600 dark:bg-orange-400';
  return 'bg-red-600 dark:bg-red-400';
}

export function ProgressBar({ percent, label }: { readonly percent: number; readonly label: string }) {
  const value = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      className="h-2 w-full min-w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        className={classNames('h-full rounded-full', progressTone(percent))}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
