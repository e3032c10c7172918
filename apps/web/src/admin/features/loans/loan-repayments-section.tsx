import { formatKampalaDateTime, formatUgx, type LoanTransactionDto, ugxOrZero } from '@sente/contract';
import type { z } from 'zod';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { LOAN_MESSAGES } from './loan-messages.ts';
import { useRepaymentList } from './use-loans.ts';

type Repayment = z.infer<typeof LoanTransactionDto>;

const money = (id: string, header: string, pick: (r: Repayment) => string): Column<Repayment> => ({
  id,
  header,
  isNumeric: true,
  cell: (r) => formatUgx(pick(r)),
  csv: (r) => ugxOrZero(pick(r)),
});

const columns: Column<Repayment>[] = [
  {
    id: 'id',
    header: 'Transaction ID',
    cell: (r) => <span className="font-mono whitespace-nowrap">{r.transaction_id}</span>,
    csv: (r) => r.transaction_id,
  },
  {
    id: 'date',
    header: 'Date of Payment',
    cell: (r) => <span className="whitespace-nowrap">{formatKampalaDateTime(r.payment_date)}</span>,
    csv: (r) => r.payment_date,
  },
  money('amount', 'Amount Paid', (r) => r.amount_paid),
  money('principal', 'Principal', (r) => r.principal),
  money('interest', 'Interest', (r) => r.interest),
  {
    id: 'late',
    header: 'Days Late',
    isNumeric: true,
    cell: (r) => r.days_late,
    csv: (r) => r.days_late,
  },
  money('remaining', 'Remaining Balance', (r) => r.remaining_balance),
  { id: 'mode', header: 'Mode of Payment', cell: (r) => r.payment_mode, csv: (r) => r.payment_mode },
];

/** One loan's repayments, newest first, each with its principal and interest split. */
export function LoanRepaymentsSection({
  loanId,
  loanRef,
}: {
  readonly loanId: number;
  readonly loanRef: string;
}) {
  const paging = useUrlPaging();
  const list = useRepaymentList({ ...paging, loan: loanId });
  return (
    <>
      {list.isError ? (
        <ErrorBanner
          message={LOAN_MESSAGES.transactionsFailed}
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <PagedTable
        caption={`Repayments of ${loanRef}`}
        pagerLabel="Repayments pages"
        columns={columns}
        list={list}
        paging={paging}
        rowKey={(r) => r.id}
        exportName={`${loanRef}-repayments`}
        emptyText="No repayments yet."
      />
    </>
  );
}
