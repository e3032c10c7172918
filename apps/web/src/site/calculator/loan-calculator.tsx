import { formatNumber, formatUgx } from '@sente/contract/money';
import { formatRate } from '@sente/contract/rate';
import { type ReactNode, useId, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { ButtonAnchor, focusRing } from '../../ui/button.tsx';
import { classNames } from '../../ui/class-names.ts';
import {
  amountStep,
  CALCULATOR_LIMITS,
  type CalculatorLoanType,
  defaultLoanType,
  type LoanQuote,
  quoteLoan,
} from './calculate-loan.ts';
import { useLoanTypes } from './loan-types-context.ts';

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
  describedBy,
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
  readonly describedBy?: string | undefined;
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
        aria-describedby={describedBy}
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
          'whitespace-nowrap text-right font-bold text-slate-900 dark:text-white',
          isLarge ? 'text-2xl text-emerald-800 dark:text-emerald-300' : 'text-lg',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

// A native select rather than ui/select-field.tsx: the public forms' chunk owns that one, and sharing
// it would cost the calculator's pages one more request.
const selectClass = classNames(
  'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100',
  focusRing,
);

function LoanTypeChoice({
  types,
  selected,
  onChange,
}: {
  readonly types: readonly CalculatorLoanType[];
  readonly selected: CalculatorLoanType;
  readonly onChange: (id: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium text-slate-800 dark:text-slate-200">
        Loan type
      </label>
      <select
        id={id}
        value={String(selected.id)}
        onChange={(event) => onChange(Number(event.target.value))}
        className={selectClass}
      >
        {types.map((type) => (
          <option key={type.id} value={String(type.id)}>
            {type.name}
          </option>
        ))}
      </select>
    </div>
  );
}

const INTEREST_TYPE_WORDS: Readonly<Record<CalculatorLoanType['interestType'], string>> = {
  FLAT: 'flat rate',
  COMPOUND: 'reducing balance',
};

function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

function CalculatorFrame({
  headingLevel,
  intro,
  controls,
  results,
}: {
  readonly headingLevel: 2 | 3;
  readonly intro: string;
  readonly controls?: ReactNode;
  readonly results: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
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
          <p className="mt-2 text-slate-700 dark:text-slate-300">{intro}</p>
        </div>
        {controls}
      </div>
      {results}
    </section>
  );
}

function Results({ type, quote }: { readonly type: CalculatorLoanType; readonly quote: LoanQuote }) {
  const detail = 'text-right font-medium text-slate-900 dark:text-white';
  const term = 'text-slate-700 dark:text-slate-300';
  return (
    <div className="flex flex-col gap-6 rounded-xl bg-emerald-50 p-6 dark:bg-slate-800">
      <div className="flex flex-col gap-2" aria-live="polite">
        <dl className="flex flex-col gap-3">
          <ResultRow label="Weekly installment" value={formatUgx(quote.weeklyInstallment)} isLarge />
          <ResultRow label="Number of installments" value={plural(quote.installments, 'week', 'weeks')} />
          <ResultRow label="Total interest" value={formatUgx(quote.totalInterest)} />
          <ResultRow label="Total payment" value={formatUgx(quote.totalPayment)} />
        </dl>
        {quote.lastInstallment === quote.weeklyInstallment ? null : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The last installment is {formatUgx(quote.lastInstallment)}: the rounding of the others goes into
            it.
          </p>
        )}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">Breakdown</h3>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className={term}>Principal</dt>
          <dd className={detail}>{formatUgx(quote.amount)}</dd>
          <dt className={term}>Rate</dt>
          <dd className={detail}>
            {formatRate(type.rateBasisPoints)}, {INTEREST_TYPE_WORDS[type.interestType]}
          </dd>
          <dt className={term}>Term</dt>
          <dd className={detail}>{plural(quote.months, 'month', 'months')}, repaid weekly</dd>
          <dt className={term}>Processing time</dt>
          <dd className={detail}>{type.appraisalTime}</dd>
        </dl>
      </div>
      <ButtonAnchor href={paths.apply}>Apply Now</ButtonAnchor>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Estimates are illustrative only. Actual terms depend on your business profile and credit assessment.
        The figures use the loan type’s rate, the most a loan of this type charges; lenders’ offers can be
        lower.
      </p>
    </div>
  );
}

/**
 * Spec section 2, Loan calculator, priced as real loans are (docs/site.md): the loan types the page
 * was published with, each type's amount range, weekly installments from `buildSchedule`.
 */
export function LoanCalculator({ headingLevel = 2 }: { readonly headingLevel?: 2 | 3 }) {
  const loanTypes = useLoanTypes();
  const [typeId, setTypeId] = useState<number | undefined>(() => defaultLoanType(loanTypes)?.id);
  const [askedAmount, setAskedAmount] = useState<number>(CALCULATOR_LIMITS.amount.default);
  const [months, setMonths] = useState<number>(CALCULATOR_LIMITS.months.default);
  const noticeId = useId();
  const type = loanTypes.find((candidate) => candidate.id === typeId) ?? defaultLoanType(loanTypes);

  if (!type) {
    return (
      <CalculatorFrame
        headingLevel={headingLevel}
        intro="No loan types are open for applications right now, so there is nothing to estimate. Please check back soon."
        results={
          <div className="flex flex-col justify-center">
            <ButtonAnchor href={paths.contact} variant="secondary">
              Contact Us
            </ButtonAnchor>
          </div>
        }
      />
    );
  }

  const quote = quoteLoan(type, askedAmount, months);
  return (
    <CalculatorFrame
      headingLevel={headingLevel}
      intro="Choose a loan type and move the sliders to see the weekly installment and the total a loan would cost your business."
      controls={
        <>
          <LoanTypeChoice types={loanTypes} selected={type} onChange={setTypeId} />
          <div className="flex flex-col gap-2">
            <Slider
              label="Loan amount (UGX)"
              value={quote.amount}
              valueText={formatUgx(quote.amount)}
              min={type.minAmount}
              max={type.maxAmount}
              step={amountStep(type)}
              minLabel={formatUgx(type.minAmount)}
              maxLabel={formatUgx(type.maxAmount)}
              describedBy={quote.notice ? noticeId : undefined}
              onChange={setAskedAmount}
            />
            <p id={noticeId} aria-live="polite" className="text-sm text-amber-900 dark:text-amber-200">
              {quote.notice}
            </p>
          </div>
          <Slider
            label="Loan term (months)"
            value={quote.months}
            valueText={plural(quote.months, 'month', 'months')}
            min={CALCULATOR_LIMITS.months.min}
            max={CALCULATOR_LIMITS.months.max}
            step={CALCULATOR_LIMITS.months.step}
            minLabel="1 month"
            maxLabel="24 months"
            onChange={setMonths}
          />
        </>
      }
      results={<Results type={type} quote={quote} />}
    />
  );
}
