import { formatNumber } from '@sente/contract/money';
import { useId } from 'react';
import { PAGE_SIZES } from '../lib/page-window.ts';
import { selectClassName } from './select-field.tsx';

export function ShowingEntries({ shown, total }: { readonly shown: number; readonly total: number }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
      Showing {formatNumber(shown)} of {formatNumber(total)} entries
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
