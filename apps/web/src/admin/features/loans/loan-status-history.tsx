import { formatKampalaDateTime, type LoanStatus, type LoanStatusChangeDto } from '@sente/contract';
import type { z } from 'zod';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { LOAN_STATUS_LABELS } from './loan-messages.ts';

type StatusChange = z.infer<typeof LoanStatusChangeDto>;

function Badge({ status }: { readonly status: LoanStatus }) {
  return (
    <StatusBadge
      label={LOAN_STATUS_LABELS[status]}
      tone={status === 'ACTIVE' ? 'blue' : toneOfStatus(status)}
    />
  );
}

const columns: Column<StatusChange>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (c) => <span className="whitespace-nowrap">{formatKampalaDateTime(c.changed_at)}</span>,
    csv: (c) => c.changed_at,
  },
  {
    id: 'from',
    header: 'From',
    cell: (c) => (c.from_status ? <Badge status={c.from_status} /> : 'Opened'),
    csv: (c) => c.from_status ?? '',
  },
  { id: 'to', header: 'To', cell: (c) => <Badge status={c.to_status} />, csv: (c) => c.to_status },
  {
    id: 'days',
    header: 'Days in Arrears',
    isNumeric: true,
    cell: (c) => c.days_in_arrears,
    csv: (c) => c.days_in_arrears,
  },
  { id: 'reason', header: 'Reason', cell: (c) => c.reason, csv: (c) => c.reason },
];

/** Every status the loan has had, newest first, with why. */
export function LoanStatusHistory({
  loanRef,
  history,
}: {
  readonly loanRef: string;
  readonly history: readonly StatusChange[];
}) {
  const newestFirst = [...history].sort((a, b) => b.changed_at.localeCompare(a.changed_at));
  return (
    <DataTable
      caption={`Status history of ${loanRef}`}
      columns={columns}
      rows={newestFirst}
      rowKey={(c) => `${c.changed_at}-${c.to_status}`}
      exportName={`${loanRef}-status-history`}
    />
  );
}
