import { formatKampalaDate, formatRate, formatUgx, parseRate, routes } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { Card } from '../../../ui/card.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { LoanStatusBadge } from './loan-status-badge.tsx';
import { USER_MESSAGES } from './user-messages.ts';

/** A user's loans, asked for only once the tab has been opened (spec section 2). */
export function useUserLoansTab(userId: number, isOpened: boolean) {
  const query = useQuery({
    queryKey: queryKeyOf('userLoans', { id: userId }),
    queryFn: ({ signal }) => api(routes.userLoans, { params: { id: userId }, signal }),
    enabled: isOpened && userId > 0,
  });
  return { query, count: query.data?.count };
}
export type UserLoansTab = ReturnType<typeof useUserLoansTab>;

function Figure({ label, value }: { readonly label: string; readonly value: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

export function UserLoansPanel({ tab }: { readonly tab: UserLoansTab }) {
  const { query } = tab;
  if (query.isError) {
    return (
      <ErrorBanner
        message={USER_MESSAGES.loansFailed}
        onRetry={() => void query.refetch()}
        retryLabel="Try Again"
      />
    );
  }
  if (!query.data) return <p role="status">Loading...</p>;
  if (query.data.results.length === 0) return <p>This user has no loans.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {query.data.results.map((loan) => (
        <li key={loan.id}>
          <Card className="flex flex-col gap-3 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-mono font-semibold">
                <Link to={paths.loan(loan.id)} className={textLinkClass}>
                  {loan.loan_id}
                </Link>
              </h3>
              <LoanStatusBadge status={loan.status} />
            </div>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {loan.loan_type_name} · opened {formatKampalaDate(loan.opening_date)} · closes{' '}
              {formatKampalaDate(loan.closing_date)}
            </p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              <Figure label="Amount" value={formatUgx(loan.amount)} />
              <Figure label="Term" value={`${loan.loan_term} weeks`} />
              <Figure label="Weekly repayment" value={formatUgx(loan.weekly_repayment)} />
              <Figure label="Interest rate" value={formatRate(parseRate(loan.interest_rate) ?? 0)} />
              <Figure label="Remaining balance" value={formatUgx(loan.remaining_balance)} />
              <Figure label="Days in arrears" value={loan.days_in_arrears} />
            </dl>
            <div className="flex items-center gap-3">
              <ProgressBar percent={loan.payment_percentage} label={`${loan.loan_id} paid`} />
              <span className="text-sm whitespace-nowrap tabular-nums">
                {loan.payment_percentage.toFixed(0)}% paid
              </span>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
