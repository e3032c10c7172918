import { type AdminLender, formatKampalaDate, formatNumber, formatUgx, ugxOrZero } from '@sente/contract';
import type { ReactNode } from 'react';
import type { Paging } from '../../../lib/use-url-paging.ts';
import { Button } from '../../../ui/button.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { type PagedList, PagedTable } from '../../../ui/paged-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { LENDER_MESSAGES } from './lender-messages.ts';

const KIND_LABELS: Record<AdminLender['kind'], string> = {
  individual: 'Individual',
  institution: 'Institution',
};

function YesNo({ value }: { readonly value: boolean }) {
  return <StatusBadge label={value ? 'Yes' : 'No'} tone={value ? 'green' : 'orange'} />;
}

export interface LendersTableProps {
  readonly list: PagedList<AdminLender>;
  readonly paging: Paging;
  readonly onVerify: (lender: AdminLender) => void;
  readonly toolbar?: ReactNode;
}

export function LendersTable({ list, paging, onVerify, toolbar }: LendersTableProps) {
  const columns: Column<AdminLender>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (l) => <span className="font-medium whitespace-nowrap">{l.name}</span>,
      csv: (l) => l.name,
    },
    { id: 'email', header: 'Email', cell: (l) => l.email, csv: (l) => l.email },
    { id: 'kind', header: 'Kind', cell: (l) => KIND_LABELS[l.kind], csv: (l) => l.kind },
    {
      id: 'kyc',
      header: 'KYC Complete',
      cell: (l) => <YesNo value={l.kyc_complete} />,
      csv: (l) => (l.kyc_complete ? 'Yes' : 'No'),
    },
    {
      id: 'terms',
      header: 'Terms Accepted',
      cell: (l) =>
        l.terms_accepted_at ? (
          <span className="whitespace-nowrap">{formatKampalaDate(l.terms_accepted_at)}</span>
        ) : (
          <StatusBadge label="No" tone="orange" />
        ),
      csv: (l) => l.terms_accepted_at,
    },
    {
      id: 'verified',
      header: 'Verified',
      cell: (l) =>
        l.verified ? (
          <div className="flex flex-col items-start gap-0.5">
            <StatusBadge label="Verified" tone="green" />
            <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
              {formatKampalaDate(l.verified_at)}
            </span>
          </div>
        ) : (
          <StatusBadge label="Not verified" tone="slate" />
        ),
      csv: (l) => l.verified_at,
    },
    {
      id: 'available',
      header: 'Cash Available',
      isNumeric: true,
      cell: (l) => formatUgx(l.cash_available),
      csv: (l) => ugxOrZero(l.cash_available),
    },
    {
      id: 'reserved',
      header: 'Reserved',
      isNumeric: true,
      cell: (l) => formatUgx(l.cash_reserved),
      csv: (l) => ugxOrZero(l.cash_reserved),
    },
    {
      id: 'lent',
      header: 'Lent Out',
      isNumeric: true,
      cell: (l) => formatUgx(l.outstanding_principal),
      csv: (l) => ugxOrZero(l.outstanding_principal),
    },
    {
      id: 'loans',
      header: 'Loans Funded',
      isNumeric: true,
      cell: (l) => formatNumber(l.loans_funded),
      csv: (l) => l.loans_funded,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (l) =>
        l.verified ? null : (
          <Button variant="secondary" size="sm" onClick={() => onVerify(l)}>
            Verify<span className="sr-only"> {l.name}</span>
          </Button>
        ),
    },
  ];
  return (
    <PagedTable
      caption="Lenders"
      pagerLabel="Lenders pages"
      columns={columns}
      list={list}
      paging={paging}
      rowKey={(l) => l.id}
      emptyText={LENDER_MESSAGES.empty}
      exportName="lenders"
      toolbar={toolbar}
    />
  );
}
