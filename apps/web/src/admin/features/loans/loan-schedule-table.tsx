import type { InstallmentDto } from '@sente/contract';
import { formatKampalaDate, formatUgx, kampalaDate, ugxOrZero } from '@sente/contract';
import type { z } from 'zod';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { type BadgeTone, StatusBadge } from '../../../ui/status-badge.tsx';

type Installment = z.infer<typeof InstallmentDto>;

/** Where an installment stands today (Kampala): paid, partly paid, late, or still to come. */
export function installmentState(i: Installment, today: string): { label: string; tone: BadgeTone } {
  if (i.is_paid) return { label: 'Paid', tone: 'green' };
  const paid = ugxOrZero(i.principal_paid) + ugxOrZero(i.interest_paid);
  if (i.due_date < today) return { label: paid > 0 ? 'Late, part paid' : 'Late', tone: 'red' };
  if (i.due_date === today) return { label: 'Due today', tone: 'orange' };
  return { label: paid > 0 ? 'Part paid' : 'Upcoming', tone: 'slate' };
}

function columnsFor(today: string): Column<Installment>[] {
  const money = (id: string, header: string, pick: (i: Installment) => string): Column<Installment> => ({
    id,
    header,
    isNumeric: true,
    cell: (i) => formatUgx(pick(i)),
    csv: (i) => ugxOrZero(pick(i)),
  });
  return [
    { id: 'number', header: 'No.', isNumeric: true, cell: (i) => i.number, csv: (i) => i.number },
    {
      id: 'due',
      header: 'Due Date',
      cell: (i) => <span className="whitespace-nowrap">{formatKampalaDate(i.due_date)}</span>,
      csv: (i) => i.due_date,
    },
    money('principalDue', 'Principal Due', (i) => i.principal_due),
    money('interestDue', 'Interest Due', (i) => i.interest_due),
    money('totalDue', 'Total Due', (i) => i.total_due),
    money('principalPaid', 'Principal Paid', (i) => i.principal_paid),
    money('interestPaid', 'Interest Paid', (i) => i.interest_paid),
    {
      id: 'state',
      header: 'Status',
      cell: (i) => {
        const state = installmentState(i, today);
        return <StatusBadge label={state.label} tone={state.tone} />;
      },
      csv: (i) => installmentState(i, today).label,
    },
  ];
}

/** The weekly schedule with what was paid against each installment, split into principal and interest. */
export function LoanScheduleTable({
  loanRef,
  installments,
}: {
  readonly loanRef: string;
  readonly installments: readonly Installment[];
}) {
  return (
    <DataTable
      caption={`Installment schedule of ${loanRef}`}
      columns={columnsFor(kampalaDate(new Date()))}
      rows={installments}
      rowKey={(i) => i.number}
      exportName={`${loanRef}-schedule`}
    />
  );
}
