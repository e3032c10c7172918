import { formatUgx, type LoanTypeDto } from '@sente/contract';
import { focusRing } from '../../../ui/button.tsx';
import { classNames } from '../../../ui/class-names.ts';

/** The active loan types as radio cards, each with its range, rate and how long a decision takes. */
export function LoanTypeChoice({
  types,
  value,
  onChange,
  error,
}: {
  readonly types: readonly LoanTypeDto[];
  readonly value: string;
  readonly onChange: (id: string) => void;
  readonly error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'loan-type-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Loan type</legend>
      {types.map((type) => {
        const isChosen = String(type.id) === value;
        return (
          <label
            key={type.id}
            className={classNames(
              'flex cursor-pointer gap-3 rounded-lg border p-3 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600',
              isChosen
                ? 'border-emerald-700 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950'
                : 'border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-950',
            )}
          >
            <input
              type="radio"
              name="loan_type"
              aria-invalid={error ? true : undefined}
              value={type.id}
              checked={isChosen}
              onChange={() => onChange(String(type.id))}
              className={classNames('mt-1 size-5 shrink-0 accent-emerald-700', focusRing)}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{type.loan_type_name}</span>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                {formatUgx(type.min_amount)} to {formatUgx(type.max_amount)}
              </span>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                {type.interest_rate}% a month, {type.interest_type === 'FLAT' ? 'flat' : 'reducing balance'}
              </span>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                Decision time: {type.appraisal_time}
              </span>
            </span>
          </label>
        );
      })}
      {error ? (
        <p id="loan-type-error" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
