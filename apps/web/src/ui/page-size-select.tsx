import { formatNumber } from '@sente/contract/money';
import { useId } from 'react';
import { PAGE_SIZES } from '../lib/page-window.ts';
import { selectClassName } from './select-field.tsx';

/**
 * "Showing X of Y entries"; when a search or filter matched more than the server counts (`capped`, the
 * contract's FILTER_COUNT_CAP), it says so and how to see the rest.
 */
export function ShowingEntries({
  shown,
  total,
  capped = false,
}: {
  readonly shown: number;
  readonly total: number;
  readonly capped?: boolean;
}) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
      {capped
        ? `Showing ${formatNumber(shown)} of more than ${formatNumber(total)} entries: narrow the search or filters to see the rest`
        : `Showing ${formatNumber(shown)} of ${formatNumber(total)} entries`}
    </p>
  );
}

export function PageSizeSelect({
  value,
  onChange,
}: {
  readonly value: number;
  readonly onChange: (size: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700 dark:text-slate-300">
        Rows per page
      </label>
      <select
        id={id}
        className={selectClassName}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
