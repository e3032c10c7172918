import { formatKampalaDate, formatUgx, kampalaDate, ugxOrZero } from '@sente/contract';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Card } from '../../../ui/card.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { ScheduleTable } from './schedule-table.tsx';
import { useLoan, useLoanBalance } from './use-loans.ts';

export function LoanPage() {
  const id = Number(useParams().loanId);
  useDocumentTitle('Your loan');
  const loan = useLoan(id);
  const balance = useLoanBalance(id);
  const today = kampalaDate(new Date());

  return (
    <div className="flex flex-col gap-5">
      <QueryState query={loan} label="your loan">
        {(data) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h1 className="text-2xl font-bold">Loan {data.loan_id}</h1>
              <StatusBadge label={data.status.replace('_', ' ')} tone={toneOfStatus(data.status)} />
            </div>
            <p className="text-slate-700 dark:text-slate-300">
              {formatUgx(data.amount)} {data.loan_type_name}, {data.interest_rate}% a month, {data.loan_term}{' '}
              weekly installments of {formatUgx(data.weekly_repayment)}.
            </p>
            <Card className="flex flex-col gap-2 p-4">
              <p className="text-lg font-bold">{formatUgx(data.remaining_balance)} left to repay</p>
              <ProgressBar percent={data.payment_percentage} label="Share of the loan repaid" />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {formatUgx(data.total_payments)} paid of {formatUgx(data.total_payable)} (
                {data.payment_percentage}%)
              </p>
              <QueryState query={balance} label="what is due">
                {(owed) => (
                  <div className="flex flex-col gap-1">
                    {ugxOrZero(owed.arrears_amount) > 0 ? (
                      <p className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
                        {formatUgx(owed.arrears_amount)} is late by {owed.days_in_arrears}{' '}
                        {owed.days_in_arrears === 1 ? 'day' : 'days'}. Pay it to get back on track.
                      </p>
                    ) : null}
                    {owed.next_due_date ? (
                      <p>
                        Next: {formatUgx(owed.next_installment_amount)} due{' '}
                        {formatKampalaDate(owed.next_due_date)}
                      </p>
                    ) : (
                      <p>This loan is fully repaid. Thank you.</p>
                    )}
                  </div>
                )}
              </QueryState>
              {data.status === 'FULLY_PAID' ? null : (
                <ButtonLink to={paths.appRepay(data.id)} className="mt-2">
                  Repay
                </ButtonLink>
              )}
            </Card>
            <section aria-labelledby="schedule-title" className="flex flex-col gap-2">
              <h2 id="schedule-title" className="text-lg font-bold">
                Schedule
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Paying early is fine and costs nothing extra; a payment goes to the oldest installment first.
              </p>
              <ScheduleTable loan={data} today={today} />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
