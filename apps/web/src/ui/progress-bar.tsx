import { classNames } from './class-names.ts';

/**
 * Colour by the share paid, at the thresholds of spec section 9: 100 or more, 75, 50, 25. The
 * colours are ours (the spec does not show them): deepening shades of one calm scale, from sky
 * (barely started) to green (paid). Paying is never bad news, so no share is red: a loan just
 * started on time is not in trouble (issue 18). Arrears have their own red, in the status and
 * days-in-arrears columns.
 */
export function progressTone(percent: number): string {
  if (percent >= 100) return 'bg-emerald-600 dark:bg-emerald-400';
  if (percent >= 75) return 'bg-teal-600 dark:bg-teal-400';
  if (percent >= 50) return 'bg-cyan-600 dark:bg-cyan-400';
  if (percent >= 25) return 'bg-sky-600 dark:bg-sky-400';
  return 'bg-sky-400 dark:bg-sky-300';
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
