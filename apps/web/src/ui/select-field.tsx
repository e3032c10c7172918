import { type SelectHTMLAttributes, useId } from 'react';
import { focusRing } from './button.tsx';
import { classNames } from './class-names.ts';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  readonly label: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly error?: string | undefined;
}

/** A labelled drop-down; errors are tied to it like TextField's. */
export function SelectField({ label, options, error, className, ...props }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classNames('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={classNames(
          'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900',
          'dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100',
          'aria-invalid:border-red-700 dark:aria-invalid:border-red-400',
          focusRing,
        )}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
