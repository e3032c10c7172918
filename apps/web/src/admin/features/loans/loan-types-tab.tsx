import { formatNumber, type LoanTypeDto, ugxOrZero } from '@sente/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { Button, buttonClassName } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { STICKY_CELL } from './loan-columns.tsx';
import { LOAN_MESSAGES } from './loan-messages.ts';
import { LoanTypeDialog } from './loan-type-dialog.tsx';
import { useDeleteLoanType, useLoanTypeList } from './use-loan-types.ts';

const INTEREST_TYPE_LABELS = { FLAT: 'Flat Rate', COMPOUND: 'Compound Interest' } as const;

export function LoanTypesTab() {
  const paging = useUrlPaging();
  const list = useLoanTypeList(paging);
  const remove = useDeleteLoanType();
  const toast = useToast();
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  const [editing, setEditing] = useState<LoanTypeDto | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<LoanTypeDto | null>(null);

  const columns: Column<LoanTypeDto>[] = [
    {
      id: 'name',
      header: 'Loan Type',
      className: STICKY_CELL,
      cell: (t) => <span className="font-medium">{t.loan_type_name}</span>,
      csv: (t) => t.loan_type_name,
    },
    // Beside the name, so edit and delete are never cut off at the right (issue 18).
    {
      id: 'actions',
      header: 'Actions',
      cell: (t) => (
        <div className="flex gap-1">
          <button
            type="button"
            className={buttonClassName('ghost', 'icon')}
            aria-label={`Edit ${t.loan_type_name}`}
            title="Edit"
            onClick={() => setEditing(t)}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={`${buttonClassName('ghost', 'icon')} text-red-700 dark:text-red-300`}
            aria-label={`Delete ${t.loan_type_name}`}
            title="Delete"
            onClick={() => {
              remove.reset();
              setToDelete(t);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      ),
    },
    {
      id: 'range',
      header: 'Amount Range (UGX)',
      cell: (t) => (
        <span className="tabular-nums whitespace-nowrap">
          {formatNumber(ugxOrZero(t.min_amount))} - {formatNumber(ugxOrZero(t.max_amount))}
        </span>
      ),
      csv: (t) => `${ugxOrZero(t.min_amount)}-${ugxOrZero(t.max_amount)}`,
    },
    {
      id: 'rate',
      header: 'Interest Rate (%)',
      isNumeric: true,
      cell: (t) => t.interest_rate,
      csv: (t) => t.interest_rate,
    },
    {
      id: 'interestType',
      header: 'Interest Type',
      cell: (t) => INTEREST_TYPE_LABELS[t.interest_type],
      csv: (t) => t.interest_type,
    },
    {
      id: 'appraisal',
      header: 'Appraisal Time',
      cell: (t) => t.appraisal_time,
      csv: (t) => t.appraisal_time,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => <StatusBadge label={t.status} tone={t.status === 'ACTIVE' ? 'green' : 'slate'} />,
      csv: (t) => t.status,
    },
  ];

  return (
    <>
      {list.isError && list.error !== dismissedError ? (
        <ErrorBanner
          message={LOAN_MESSAGES.loanTypesFailed}
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
          onDismiss={() => setDismissedError(list.error)}
        />
      ) : null}
      <PagedTable
        caption="Loan Types"
        pagerLabel="Loan types pages"
        columns={columns}
        list={list}
        paging={paging}
        rowKey={(t) => t.id}
        exportName="loan-types"
        toolbar={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add New Loan Type
          </Button>
        }
      />
      <LoanTypeDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete loan type"
        message={LOAN_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isDanger
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          const name = toDelete.loan_type_name;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.show({ message: `Loan type ${name} deleted` });
              setToDelete(null);
            },
          });
        }}
        error={
          remove.isError ? { message: LOAN_MESSAGES.deleteFailed, reason: serverReason(remove.error) } : null
        }
      >
        {toDelete ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{toDelete.loan_type_name}</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
