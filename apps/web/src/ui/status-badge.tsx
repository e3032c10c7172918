import { classNames } from './class-names.ts';

export type BadgeTone = 'green' | 'red' | 'orange' | 'blue' | 'slate';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-100',
  blue: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  slate: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

export function badgeClassName(tone: BadgeTone): string {
  return classNames(
    'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
    tones[tone],
  );
}

/** A coloured label; the colour repeats what the text says, never replaces it. */
export function StatusBadge({ label, tone }: { readonly label: string; readonly tone: BadgeTone }) {
  return <span className={badgeClassName(tone)}>{label}</span>;
}

/** Colours of the statuses the back-office shows (spec section 2). */
export function toneOfStatus(status: string): BadgeTone {
  switch (status.toUpperCase()) {
    case 'ACTIVE':
    case 'APPROVED':
    case 'COMPLETED':
    case 'FULLY_PAID':
      return 'green';
    case 'REJECTED':
    case 'DEFAULT':
    case 'FAILED':
    case 'INACTIVE':
      return 'red';
    case 'PENDING':
    case 'OVERDUE':
      return 'orange';
    case 'PROCESSING':
      return 'blue';
    default:
      return 'slate';
  }
}
