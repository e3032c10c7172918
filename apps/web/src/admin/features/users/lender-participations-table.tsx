import {
  formatKampalaDate,
  formatNumber,
  formatUgx,
  type LenderParticipation,
  ugxOrZero,
} from '@sente/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../lib/paths.ts';
import type { Paging } from '../../../lib/use-url-paging.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { type PagedList, PagedTable } from '../../../ui/paged-table.tsx';
import { LoanStatusBadge, loanStatusLabel } from './loan-status-badge.tsx';

type Share = z.infer<typeof LenderParticipation>;

const columns: Column<Share>[] = [
  {
    id: 'loan',
    header: 'Loan',
    cell: (p) => (
      <Link
        to={paths.loan(p.loan)}
        className="font-mono font-medium whitespace-nowrap text-emerald-800 underline dark:text-emerald-300"
      >
        {p.loan_ref}
      </Link>
    ),
    csv: (p) => p.loan_ref,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => <LoanStatusBadge status={p.status} />,
    csv: (p) => loanStatusLabel(p.status),
  },
  {
    id: 'share',
    header: 'Share',
    isNumeric: true,
    cell: (p) => formatUgx(p.share),
    csv: (p) => ugxOrZero(p.share),
  },
  {
    id: 'outstanding',
    header: 'Principal Outstanding',
    isNumeric: true,
    cell: (p) => formatUgx(p.principal_outstanding),
    csv: (p) => ugxOrZero(p.principal_outstanding),
  },
  {
    id: 'interest',
    header: 'Interest Earned',
    isNumeric: true,
    cell: (p) => formatUgx(p.interest_earned),
    csv: (p) => ugxOrZero(p.interest_earned),
  },
  {
    id: 'due',
    header: 'Next Due Date',
    cell: (p) => <span className="whitespace-nowrap">{formatKampalaDate(p.next_due_date)}</span>,
    csv: (p) => p.next_due_date,
  },
  {
    id: 'arrears',
    header: 'Days in Arrears',
    isNumeric: true,
    cell: (p) => formatNumber(p.days_in_arrears),
    csv: (p) => p.days_in_arrears,
  },
];

export interface LenderParticipationsTableProps {
  readonly lenderId: number;
  readonly list: PagedList<Share>;
  readonly paging: Paging;
  readonly emptyText: string;
  readonly toolbar: ReactNode;
}

/** A lender's shares of loans, newest first, each linking to its loan's repayments and funders. */
export function LenderParticipationsTable({
  lenderId,
  list,
  paging,
  emptyText,
  toolbar,
}: LenderParticipationsTableProps) {
  return (
    <PagedTable
      caption="Participations"
      pagerLabel="Participations pages"
      columns={columns}
      list={list}
      paging={paging}
      rowKey={(p) => p.id}
      emptyText={emptyText}
      exportName={`lender-${lenderId}-participations`}
      toolbar={toolbar}
    />
  );
}
