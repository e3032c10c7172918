import {
  type ApplicationDto,
  formatKampalaDate,
  formatKampalaDateTime,
  formatNumber,
  formatUgx,
  ugxOrZero,
} from '@sente/contract';
import { Link } from 'react-router';
import { focusWhenReady } from '../../../lib/focus-when-ready.ts';
import { paths } from '../../../lib/paths.ts';
import type { Paging } from '../../../lib/use-url-paging.ts';
import { Button } from '../../../ui/button.tsx';
import { ColumnChooser, useColumnChoice } from '../../../ui/column-chooser.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { type PagedList, PagedTable } from '../../../ui/paged-table.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import type { ApplicationAction } from './application-action-dialog.tsx';

export interface ApplicationsTableProps {
  readonly list: PagedList<ApplicationDto>;
  readonly paging: Paging;
  readonly onAction: (application: ApplicationDto, action: ApplicationAction) => void;
  /** Applications whose payout was sent and is not confirmed yet. */
  readonly processingIds: ReadonlySet<number>;
  readonly toolbar?: React.ReactNode;
}

export const STATUS_LABELS: Record<ApplicationDto['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/**
 * What a row's action cell shows: its status, DISBURSED once the loan exists, or PROCESSING while a
 * sent payout is not confirmed yet.
 */
type RowState = ApplicationDto['status'] | 'DISBURSED' | 'PROCESSING';
const rowStateOf = (a: ApplicationDto, isProcessing = false): RowState => {
  if (a.approved_loan !== null) return 'DISBURSED';
  return isProcessing && a.status === 'APPROVED' ? 'PROCESSING' : a.status;
};

/**
 * Where focus goes once an action on a row is done: the row's next action, else its name. The list
 * draws the changed row a moment after the dialog closes, so this waits until the row no longer
 * shows the state the action started from (every action changes it).
 */
export function focusApplicationRow(application: ApplicationDto): void {
  focusWhenReady(() => {
    const cell = document.querySelector<HTMLElement>(`[data-application-actions="${application.id}"]`);
    if (!cell || cell.dataset.rowState === rowStateOf(application)) return null;
    return (
      cell.querySelector<HTMLElement>('button, a') ??
      document.getElementById(`application-${application.id}-name`)
    );
  });
}

/** Sticky while the table scrolls sideways on a narrow screen; the header cell keeps its shade. */
const stickyFirst =
  'sticky left-0 z-[1] bg-white in-[thead]:bg-slate-50 dark:bg-slate-900 dark:in-[thead]:bg-slate-800';

function ActionCell({
  application: a,
  onAction,
  isProcessing,
}: {
  readonly application: ApplicationDto;
  readonly onAction: ApplicationsTableProps['onAction'];
  readonly isProcessing: boolean;
}) {
  let actions: React.ReactNode = null;
  if (a.status === 'PENDING') {
    actions = (
      <>
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
      </>
    );
  } else if (a.status === 'APPROVED' && a.approved_loan === null && isProcessing) {
    actions = <span className="whitespace-nowrap text-slate-600 dark:text-slate-300">Payout processing</span>;
  } else if (a.status === 'APPROVED' && a.approved_loan === null) {
    actions = (
      <Button size="sm" onClick={() => onAction(a, 'disburse')}>
        Disburse<span className="sr-only"> loan to {a.business_name}</span>
      </Button>
    );
  } else if (a.approved_loan !== null) {
    actions = (
      <Link to={paths.loanDetail(a.approved_loan)} className={`${textLinkClass} whitespace-nowrap`}>
        Disbursed<span className="sr-only">: open the loan of {a.business_name}</span>
      </Link>
    );
  }
  return (
    <div
      className="flex items-center gap-1"
      data-application-actions={a.id}
      data-row-state={rowStateOf(a, isProcessing)}
    >
      {actions ?? <span className="text-slate-600 dark:text-slate-400">—</span>}
    </div>
  );
}

/**
 * The rest of an application, one tick away under Columns (issue 18: fewer default columns, with a
 * chooser) and always on the application's page. The NIN is left to that page on purpose.
 */
export const OPTIONAL_APPLICATION_COLUMNS: Column<ApplicationDto>[] = [
  {
    id: 'loanType',
    header: 'Loan Type',
    cell: (a) => <span className="whitespace-nowrap">{a.loan_type_name}</span>,
    csv: (a) => a.loan_type_name,
  },
  {
    id: 'location',
    header: 'Business Location',
    cell: (a) => <span className="whitespace-nowrap">{a.business_location}</span>,
    csv: (a) => a.business_location,
  },
  {
    id: 'businessType',
    header: 'Business Type',
    cell: (a) => a.business_type ?? '—',
    csv: (a) => a.business_type,
  },
  {
    id: 'purpose',
    header: 'Loan Purpose',
    cell: (a) => <span className="line-clamp-2 max-w-64">{a.loan_purpose}</span>,
    csv: (a) => a.loan_purpose,
  },
  {
    id: 'income',
    header: 'Monthly Income',
    isNumeric: true,
    cell: (a) => formatUgx(a.monthly_income),
    csv: (a) => ugxOrZero(a.monthly_income),
  },
  {
    id: 'documents',
    header: 'Documents',
    isNumeric: true,
    cell: (a) => formatNumber(a.document_count),
    csv: (a) => a.document_count,
  },
  {
    id: 'decided',
    header: 'Decided By',
    cell: (a) =>
      a.decided_at ? (
        <div className="flex flex-col whitespace-nowrap">
          <span>{a.decided_by_name ?? 'Unknown admin'}</span>
          <span className="text-slate-600 dark:text-slate-400">{formatKampalaDateTime(a.decided_at)}</span>
        </div>
      ) : (
        '—'
      ),
    csv: (a) => a.decided_by_name,
  },
];

/**
 * The worklist: who applied, the next action, then the figures to sort by. The rest (location,
 * purpose, income, NIN, documents) is on the application's own page, so the table fits a 1366 px
 * screen and, scrolled sideways on a tablet, still shows whose row it is and what can be done.
 */
export function ApplicationsTable({
  list,
  paging,
  onAction,
  processingIds,
  toolbar,
}: ApplicationsTableProps) {
  const mainColumns: Column<ApplicationDto>[] = [
    {
      id: 'applicant',
      header: 'Applicant',
      className: stickyFirst,
      cell: (a) => (
        <div className="flex max-w-56 flex-col">
          <Link id={`application-${a.id}-name`} to={paths.application(a.id)} className={textLinkClass}>
            {a.user_name}
          </Link>
          <span className="truncate text-slate-600 dark:text-slate-400">{a.business_name}</span>
        </div>
      ),
      csv: (a) => a.user_name,
    },
    {
      id: 'action',
      header: 'Action',
      cell: (a) => <ActionCell application={a} onAction={onAction} isProcessing={processingIds.has(a.id)} />,
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
      header: 'Term (Months)',
      isNumeric: true,
      cell: (a) => a.loan_term,
      csv: (a) => a.loan_term,
    },
    {
      id: 'score',
      header: 'Score',
      isNumeric: true,
      cell: (a) => a.credit_score ?? '—',
      csv: (a) => a.credit_score,
    },
    {
      id: 'submitted',
      header: 'Submitted',
      cell: (a) => <span className="whitespace-nowrap">{formatKampalaDate(a.created_at)}</span>,
      csv: (a) => a.created_at,
    },
  ];
  const { columns, extra, toggle } = useColumnChoice(
    'sente.applications.columns',
    mainColumns,
    OPTIONAL_APPLICATION_COLUMNS,
  );
  return (
    <PagedTable
      caption="Applications"
      pagerLabel="Applications pages"
      columns={columns}
      list={list}
      paging={paging}
      rowKey={(a) => a.id}
      exportName="applications"
      toolbar={
        <>
          {toolbar}
          <ColumnChooser
            optional={OPTIONAL_APPLICATION_COLUMNS}
            extra={extra}
            onToggle={toggle}
            label="More application columns"
          />
        </>
      }
    />
  );
}
