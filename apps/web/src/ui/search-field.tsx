import { Search } from 'lucide-react';
import { useId } from 'react';
import { focusRing } from './button.tsx';
import { classNames } from './class-names.ts';

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  readonly label: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly className?: string;
}) {
  const id = useId();
  return (
    <div className={classNames('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={classNames(
          'min-h-11 w-full rounded-lg border border-slate-400 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500',
          'dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400',
          focusRing,
        )}
      />
    </div>
  );
}
