import { formatNumber, formatUgx, type LoanTypeDto } from '@sente/contract';
import type { Schedule } from '@sente/contract/schedule';

/** The live quote beside the amount and term: updated as they change, read out politely. */
export function ApplyQuoteCard({
  quote,
  loanType,
}: {
  readonly quote: Schedule | null;
  readonly loanType: LoanTypeDto | undefined;
}) {
  return (
    <section
      aria-labelledby="quote-title"
      className="rounded-xl border border-emerald-700 bg-emerald-50 p-4 dark:border-emerald-400 dark:bg-emerald-950"
    >
      <h2 id="quote-title" className="font-bold">
        Your estimate
      </h2>
      <div aria-live="polite">
        {quote && loanType ? (
          <>
            <dl className="mt-2 flex flex-col gap-1">
              <div className="flex justify-between gap-3">
                <dt>Weekly installment</dt>
                <dd className="font-bold">{formatUgx(quote.weeklyRepayment)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>Number of installments</dt>
                <dd className="font-semibold">{formatNumber(quote.weeks)} weekly</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>Total interest</dt>
                <dd className="font-semibold">{formatUgx(quote.totalInterest)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>Total to repay</dt>
                <dd className="font-semibold">{formatUgx(quote.totalPayable)}</dd>
              </div>
            </dl>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              At {loanType.loan_type_name}’s rate of {loanType.interest_rate}% a month (
              {loanType.interest_type === 'FLAT' ? 'flat' : 'reducing balance'}), with no fees. Lenders may
              offer a lower rate; their offers show their own figures.
            </p>
          </>
        ) : (
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Choose a loan type and enter an amount in its range to see the weekly installment and the total.
          </p>
        )}
      </div>
    </section>
  );
}
