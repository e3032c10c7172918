import { type TextareaHTMLAttributes, useId } from 'react';
import { focusRing } from './button.tsx';
import { classNames } from './class-names.ts';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  readonly label: string;
  readonly error?: string | undefined;
}

export function TextareaField({ label, error, className, ...props }: TextareaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classNames('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={classNames(
          'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900',
          'dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100',
          'aria-invalid:border-red-700 dark:aria-invalid:border-red-400',
          focusRing,
        )}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
