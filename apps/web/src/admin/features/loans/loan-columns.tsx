import {
  formatKampalaDate,
  formatNumber,
  formatRate,
  formatUgx,
  type LoanDto,
  parseRate,
  ugxOrZero,
} from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { buttonClassName } from '../../../ui/button.tsx';
import { ColumnChooser, useColumnChoice } from '../../../ui/column-chooser.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { LOAN_STATUS_LABELS } from './loan-messages.ts';

function percentOf(loan: LoanDto): number {
  return Number.isFinite(loan.payment_percentage) ? loan.payment_percentage : 0;
}

/** Keeps a row's name in sight while the rest of a wide table scrolls under it. */
export const STICKY_CELL =
  'sticky left-0 z-10 bg-white dark:bg-slate-900 in-[thead]:bg-slate-50 dark:in-[thead]:bg-slate-800';

/** The loan's reference, its one name everywhere, opening its page; the borrower under it. */
export function LoanRefCell({ id, loanRef, name }: { id: number; loanRef: string; name: string }) {
  return (
    <div className="flex min-w-36 flex-col">
      <Link to={paths.loan(id)} className={`${textLinkClass} font-mono whitespace-nowrap`}>
        {loanRef}
      </Link>
      <span className="whitespace-nowrap text-slate-700 dark:text-slate-300">{name}</span>
    </div>
  );
}

export function DaysInArrears({ days }: { readonly days: number }) {
  return days > 0 ? (
    <span className="font-semibold whitespace-nowrap text-red-700 dark:text-red-300">
      {formatNumber(days)} {days === 1 ? 'day' : 'days'}
    </span>
  ) : (
    <span className="text-slate-600 dark:text-slate-300">None</span>
  );
}

/** Shown by default: who the row is, its money, where it stands, and the action (fits 1366 px). */
const mainColumns: Column<LoanDto>[] = [
  {
    id: 'loanId',
    header: 'Loan',
    className: STICKY_CELL,
    cell: (l) => <LoanRefCell id={l.id} loanRef={l.loan_id} name={l.user_name} />,
    csv: (l) => l.loan_id,
  },
  {
    id: 'transactions',
    header: 'View Transactions',
    cell: (l) => (
      <Link
        to={paths.loanRepayments(l.id)}
        className={`${buttonClassName('ghost', 'sm')} whitespace-nowrap underline`}
      >
        View Transactions<span className="sr-only"> of {l.loan_id}</span>
      </Link>
    ),
  },
  {
    id: 'amount',
    header: 'Amount (UGX)',
    isNumeric: true,
    cell: (l) => formatUgx(l.amount),
    csv: (l) => ugxOrZero(l.amount),
  },
  {
    id: 'remaining',
    header: 'Remaining Balance',
    cell: (l) => (
      <div className="flex min-w-36 flex-col gap-1">
        <span className="tabular-nums whitespace-nowrap">{formatUgx(l.remaining_balance)}</span>
        <ProgressBar percent={percentOf(l)} label={`${l.loan_id} paid`} />
        <span className="text-xs text-slate-600 dark:text-slate-300">{percentOf(l).toFixed(0)}% paid</span>
      </div>
    ),
    csv: (l) => ugxOrZero(l.remaining_balance),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (l) => (
      <StatusBadge
        label={LOAN_STATUS_LABELS[l.status]}
        tone={l.status === 'ACTIVE' ? 'blue' : toneOfStatus(l.status)}
      />
    ),
    csv: (l) => l.status,
  },
  {
    id: 'nextDue',
    header: 'Next Due',
    cell: (l) => (
      <span className="whitespace-nowrap">{l.next_due_date ? formatKampalaDate(l.next_due_date) : '—'}</span>
    ),
    csv: (l) => l.next_due_date ?? '',
  },
  {
    id: 'arrears',
    header: 'Days in Arrears',
    isNumeric: true,
    cell: (l) => <DaysInArrears days={l.days_in_arrears} />,
    csv: (l) => l.days_in_arrears,
  },
];

/** The spec's other columns (section 2): one click away in Columns, and always on the loan's page. */
export const OPTIONAL_COLUMNS: Column<LoanDto>[] = [
  { id: 'type', header: 'Loan Type', cell: (l) => l.loan_type_name, csv: (l) => l.loan_type_name },
  {
    id: 'rate',
    header: 'Interest Rate',
    isNumeric: true,
    cell: (l) => formatRate(parseRate(l.interest_rate) ?? 0),
    csv: (l) => l.interest_rate,
  },
  {
    id: 'term',
    header: 'Loan Term (Weeks)',
    isNumeric: true,
    cell: (l) => l.loan_term,
    csv: (l) => l.loan_term,
  },
  {
    id: 'opening',
    header: 'Opening Date',
    cell: (l) => <span className="whitespace-nowrap">{formatKampalaDate(l.opening_date)}</span>,
    csv: (l) => l.opening_date.slice(0, 10),
  },
  {
    id: 'closing',
    header: 'Closing Date',
    cell: (l) => <span className="whitespace-nowrap">{formatKampalaDate(l.closing_date)}</span>,
    csv: (l) => l.closing_date,
  },
  {
    id: 'weekly',
    header: 'Weekly Repayment',
    isNumeric: true,
    cell: (l) => formatUgx(l.weekly_repayment),
    csv: (l) => ugxOrZero(l.weekly_repayment),
  },
];

/** The columns the admin chose to add, kept in this browser. */
export function useLoanColumns() {
  return useColumnChoice('sente.loans.columns', mainColumns, OPTIONAL_COLUMNS);
}

export function LoanColumnChooser({
  extra,
  onToggle,
}: {
  readonly extra: readonly string[];
  readonly onToggle: (id: string) => void;
}) {
  return (
    <ColumnChooser optional={OPTIONAL_COLUMNS} extra={extra} onToggle={onToggle} label="More loan columns" />
  );
}
