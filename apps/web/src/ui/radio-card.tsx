import type { ReactNode } from 'react';

export interface RadioCardProps {
  readonly name: string;
  readonly value: string;
  readonly checked: boolean;
  readonly onChange: () => void;
  readonly children: ReactNode;
  /** The group's answer was refused: marks the choice for focusFirstError and screen readers. */
  readonly invalid?: boolean;
  readonly describedBy?: string | undefined;
}

/** One choice of a radio group drawn as a 44 px card: the whole card is the target, the checked one is green. */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  children,
  invalid,
  describedBy,
}: RadioCardProps) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 bg-white px-3 py-2 has-checked:border-emerald-700 has-checked:bg-emerald-50 dark:border-slate-500 dark:bg-slate-950 dark:has-checked:border-emerald-400 dark:has-checked:bg-emerald-950">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="size-5 shrink-0 accent-emerald-700"
      />
      <span>{children}</span>
    </label>
  );
}
