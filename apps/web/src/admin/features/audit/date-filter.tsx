import { useId } from 'react';
import { focusRing } from '../../../ui/button.tsx';
import { classNames } from '../../../ui/class-names.ts';

/** A labelled date input for a list filter (Kampala calendar days). */
export function DateFilter({
  label,
  value,
  onChange,
  error,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={classNames(
          'min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900',
          'dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]',
          'aria-invalid:border-red-700 dark:aria-invalid:border-red-400',
          focusRing,
        )}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
