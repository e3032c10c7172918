import { formatUgx } from '@sente/contract/money';
import { formatRate } from '@sente/contract/rate';
import { useId, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { ButtonAnchor, focusRing } from '../../ui/button.tsx';
import { classNames } from '../../ui/class-names.ts';
import {
  CALCULATOR_LIMITS,
  CALCULATOR_RATE_BASIS_POINTS,
  type CalculatorLoanType,
  calculateLoan,
} from './calculate-loan.ts';

const loanTypes: ReadonlyArray<{ readonly value: CalculatorLoanType; readonly label: string }> = [
  { value: 'business', label: 'Business Term' },
  { value: 'equipment', label: 'Equipment' },
  { value: 'working-capital', label: 'Working Capital' },
];

const sliderClass = classNames(
  'h-6 w-full cursor-pointer accent-emerald-700 dark:accent-emerald-400',
  focusRing,
);

function Slider({
  label,
  value,
  valueText,
  min,
  max,
  step,
  minLabel,
  maxLabel,
  onChange,
}: {
  readonly label: string;
  readonly value: number;
  readonly valueText: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly minLabel: string;
  readonly maxLabel: string;
  readonly onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <output htmlFor={id} className="text-lg font-bold text-emerald-800 dark:text-emerald-300">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
        className={sliderClass}
      />
      <div className="flex justify-between text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span>{minLabel}</span>
        <span>{maxLabel}</span>
      </div>
    </div>
  );
}

function ResultRow({ label, value, isLarge }: { label: string; value: string; isLarge?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
      <dd
        className={classNames(
          'font-bold text-slate-900 dark:text-white',
          isLarge ? 'text-2xl text-emerald-800 dark:text-emerald-300' : 'text-lg',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/** Spec section 2, Loan calculator, with the bounds of sections 5 and 9. */
export function LoanCalculator({ headingLevel = 2 }: { readonly headingLevel?: 2 | 3 }) {
  const [amount, setAmount] = useState<number>(CALCULATOR_LIMITS.amount.default);
  const [months, setMonths] = useState<number>(CALCULATOR_LIMITS.months.default);
  const [loanType, setLoanType] = useState<CalculatorLoanType>('business');
  const estimate = calculateLoan(amount, months);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const monthsText = `${months} ${months === 1 ? 'month' : 'months'}`;
  const ratePercent = formatRate(CALCULATOR_RATE_BASIS_POINTS);

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-2 lg:p-10 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-6">
        <div>
          <Heading id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            Loan Calculator
          </Heading>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Move the sliders to see what a loan would cost your business each month.
          </p>
        </div>
        <Slider
          label="Loan amount (UGX)"
          value={amount}
          valueText={formatUgx(amount)}
          min={CALCULATOR_LIMITS.amount.min}
          max={CALCULATOR_LIMITS.amount.max}
          step={CALCULATOR_LIMITS.amount.step}
          minLabel={formatUgx(CALCULATOR_LIMITS.amount.min)}
          maxLabel={formatUgx(CALCULATOR_LIMITS.amount.max)}
          onChange={setAmount}
        />
        <Slider
          label="Loan term (months)"
          value={months}
          valueText={monthsText}
          min={CALCULATOR_LIMITS.months.min}
          max={CALCULATOR_LIMITS.months.max}
          step={CALCULATOR_LIMITS.months.step}
          minLabel="1 month"
          maxLabel="24 months"
          onChange={setMonths}
        />
        <fieldset>
          <legend className="font-medium text-slate-800 dark:text-slate-200">Loan type</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {loanTypes.map((type) => (
              <label
                key={type.value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 has-checked:border-emerald-700 has-checked:bg-emerald-50 dark:border-slate-600 dark:text-slate-200 dark:has-checked:border-emerald-400 dark:has-checked:bg-emerald-950"
              >
                <input
                  type="radio"
                  name="loan-type"
                  value={type.value}
                  checked={loanType === type.value}
                  onChange={() => setLoanType(type.value)}
                  className={classNames('size-4 accent-emerald-700', focusRing)}
                />
                {type.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="flex flex-col gap-6 rounded-xl bg-emerald-50 p-6 dark:bg-slate-800">
        <dl className="flex flex-col gap-3" aria-live="polite">
          <ResultRow label="Monthly payment" value={formatUgx(estimate.monthlyPayment)} isLarge />
          <ResultRow label="Total interest" value={formatUgx(estimate.totalInterest)} />
          <ResultRow label="Total payment" value={formatUgx(estimate.totalPayment)} />
        </dl>
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">Breakdown</h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-700 dark:text-slate-300">Principal</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">{formatUgx(amount)}</dd>
            <dt className="text-slate-700 dark:text-slate-300">Rate</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">{ratePercent}</dd>
            <dt className="text-slate-700 dark:text-slate-300">Term</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">{monthsText}</dd>
            <dt className="text-slate-700 dark:text-slate-300">Processing time</dt>
            <dd className="text-right font-medium text-slate-900 dark:text-white">Under 24 hours</dd>
          </dl>
        </div>
        <ButtonAnchor href={paths.apply}>Apply Now</ButtonAnchor>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Estimates are illustrative only. Actual terms depend on your business profile and credit assessment.
        </p>
      </div>
    </section>
  );
}
