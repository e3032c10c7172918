import { type ApplicationDto, formatUgx, ugxOrZero } from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import type { Paging } from '../../../lib/use-url-paging.ts';
import { Button } from '../../../ui/button.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { type PagedList, PagedTable } from '../../../ui/paged-table.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';

export type ApplicationAction = 'approve' | 'reject' | 'disburse';

export interface ApplicationsTableProps {
  readonly list: PagedList<ApplicationDto>;
  readonly paging: Paging;
  readonly onAction: (application: ApplicationDto, action: ApplicationAction) => void;
  readonly onViewDocuments: (application: ApplicationDto) => void;
  /** Applications whose payout was sent and is not confirmed yet. */
  readonly processingIds: ReadonlySet<number>;
  readonly toolbar?: React.ReactNode;
}

const STATUS_LABELS: Record<ApplicationDto['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

function ActionCell({
  application: a,
  onAction,
  isProcessing,
}: {
  readonly application: ApplicationDto;
  readonly onAction: ApplicationsTableProps['onAction'];
  readonly isProcessing: boolean;
}) {
  if (a.status === 'PENDING') {
    return (
      <div className="flex gap-1">
        <Button size="sm" onClick={() => onAction(a, 'approve')}>
          Approve<span className="sr-only"> application of {a.business_name}</span>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          onClick={() => onAction(a, 'reject')}
        >
          Reject<span className="sr-only"> application of {a.business_name}</span>
        </Button>
      </div>
    );
  }
  if (a.status === 'APPROVED' && a.approved_loan === null && isProcessing) {
    return <span className="whitespace-nowrap text-slate-600 dark:text-slate-300">Payout processing</span>;
  }
  if (a.status === 'APPROVED' && a.approved_loan === null) {
    return (
      <Button size="sm" onClick={() => onAction(a, 'disburse')}>
        Disburse<span className="sr-only"> loan to {a.business_name}</span>
      </Button>
    );
  }
  if (a.status === 'APPROVED') return <span className="text-slate-600 dark:text-slate-300">Disbursed</span>;
  return <span className="text-slate-500">—</span>;
}

export function ApplicationsTable({
  list,
  paging,
  onAction,
  onViewDocuments,
  processingIds,
  toolbar,
}: ApplicationsTableProps) {
  const columns: Column<ApplicationDto>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (a) => <span className="font-medium whitespace-nowrap">{a.user_name}</span>,
      csv: (a) => a.user_name,
    },
    {
      id: 'profile',
      header: 'User Profile',
      cell: (a) => (
        <Link
          to={paths.user(a.user)}
          className="font-semibold whitespace-nowrap text-emerald-800 underline dark:text-emerald-300"
        >
          View Profile<span className="sr-only"> of {a.user_name}</span>
        </Link>
      ),
    },
    { id: 'business', header: 'Business Name', cell: (a) => a.business_name, csv: (a) => a.business_name },
    {
      id: 'location',
      header: 'Business Location',
      cell: (a) => a.business_location,
      csv: (a) => a.business_location,
    },
    {
      id: 'type',
      header: 'Business Type',
      cell: (a) => a.business_type || 'N/A',
      csv: (a) => a.business_type || 'N/A',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (a) => <StatusBadge label={STATUS_LABELS[a.status]} tone={toneOfStatus(a.status)} />,
      csv: (a) => a.status,
    },
    {
      id: 'amount',
      header: 'Loan Amount',
      isNumeric: true,
      cell: (a) => formatUgx(a.amount_requested),
      csv: (a) => ugxOrZero(a.amount_requested),
    },
    {
      id: 'term',
      header: 'Loan Term (in Months)',
      isNumeric: true,
      cell: (a) => a.loan_term,
      csv: (a) => a.loan_term,
    },
    { id: 'loanType', header: 'Loan Type', cell: (a) => a.loan_type_name, csv: (a) => a.loan_type_name },
    {
      id: 'purpose',
      header: 'Loan Purpose',
      cell: (a) => <span className="line-clamp-2 min-w-48">{a.loan_purpose}</span>,
      csv: (a) => a.loan_purpose,
    },
    {
      id: 'income',
      header: 'Monthly Income',
      isNumeric: true,
      cell: (a) => formatUgx(a.monthly_income),
      csv: (a) => ugxOrZero(a.monthly_income),
    },
    { id: 'nin', header: 'NIN', cell: (a) => <span className="font-mono">{a.nin}</span>, csv: (a) => a.nin },
    {
      id: 'documents',
      header: 'Documents',
      cell: (a) => (
        <Button
          size="sm"
          variant="ghost"
          className="whitespace-nowrap underline"
          onClick={() => onViewDocuments(a)}
        >
          View Documents<span className="sr-only"> of {a.business_name}</span>
        </Button>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      cell: (a) => <ActionCell application={a} onAction={onAction} isProcessing={processingIds.has(a.id)} />,
    },
  ];
  return (
    <PagedTable
      caption="Applications"
      pagerLabel="Applications pages"
      columns={columns}
      list={list}
      paging={paging}
      rowKey={(a) => a.id}
      exportName="applications"
      toolbar={toolbar}
    />
  );
}
