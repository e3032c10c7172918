import {
  AUDIT_ACTION_LABELS,
  type AuditEntry,
  auditActionLabel,
  formatKampalaDateTime,
} from '@sente/contract';
import { Link } from 'react-router';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ExportAll } from '../../../ui/export-all.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { PageHeading } from '../../shell/page-heading.tsx';
import { AuditChanges } from './audit-changes.tsx';
import { DateFilter } from './date-filter.tsx';
import { exportAuditLog, useAuditAdmins, useAuditLog } from './use-audit.ts';

const ENTITY_NAMES: Readonly<Record<string, string>> = {
  user: 'User',
  application: 'Application',
  loan: 'Loan',
  loan_type: 'Loan type',
  lender: 'Lender',
  listing: 'Listing',
  posting: 'Ledger posting',
  enquiry: 'Enquiry',
};

/** The changed record, linked to its page where the back-office has one. */
function RecordCell({ entry }: { readonly entry: AuditEntry }) {
  const name = `${ENTITY_NAMES[entry.entity_type] ?? entry.entity_type} #${entry.entity_id}`;
  const to =
    entry.entity_type === 'user' || entry.entity_type === 'lender'
      ? paths.user(entry.entity_id)
      : entry.entity_type === 'application'
        ? `${paths.applications}/${encodeURIComponent(entry.entity_id)}`
        : entry.entity_type === 'loan'
          ? `${paths.loans}/${encodeURIComponent(entry.entity_id)}`
          : null;
  return to ? (
    <Link to={to} className={`${textLinkClass} whitespace-nowrap`}>
      {name}
    </Link>
  ) : (
    <span className="whitespace-nowrap">{name}</span>
  );
}

export function AuditPage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const filters = {
    admin: url.text('admin'),
    action: url.text('action'),
    from: url.text('from'),
    to: url.text('to'),
  };
  const list = useAuditLog(filters, paging);
  const admins = useAuditAdmins();
  const isBadRange = filters.from !== '' && filters.to !== '' && filters.to < filters.from;

  const columns: Column<AuditEntry>[] = [
    {
      id: 'at',
      header: 'When',
      cell: (e) => <span className="whitespace-nowrap">{formatKampalaDateTime(e.at)}</span>,
    },
    {
      id: 'admin',
      header: 'Admin',
      cell: (e) =>
        e.actor ? (
          <div className="flex flex-col">
            <span className="font-medium whitespace-nowrap">{e.actor.name}</span>
            <span className="text-xs text-slate-600 dark:text-slate-300">{e.actor.email}</span>
          </div>
        ) : (
          <span className="text-slate-600 dark:text-slate-300">System</span>
        ),
    },
    { id: 'action', header: 'Action', cell: (e) => auditActionLabel(e.action) },
    { id: 'record', header: 'Record', cell: (e) => <RecordCell entry={e} /> },
    {
      id: 'changes',
      header: 'Before → After',
      className: 'min-w-64',
      cell: (e) => <AuditChanges before={e.before} after={e.after} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Audit Log" />
      <p className="text-slate-700 dark:text-slate-300">
        Every change made in the back-office and every admin sign-in: who, when, what and the values before
        and after. Times are Kampala time.
      </p>
      {list.isError ? (
        <ErrorBanner
          message="Failed to load the audit log."
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Admin"
          value={filters.admin}
          onChange={(event) => url.update({ admin: event.target.value })}
          options={[
            { value: '', label: 'All admins' },
            ...(admins.data?.results ?? []).map((a) => ({ value: String(a.id), label: a.name })),
          ]}
        />
        <SelectField
          label="Action"
          value={filters.action}
          onChange={(event) => url.update({ action: event.target.value })}
          options={[
            { value: '', label: 'All actions' },
            ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <DateFilter label="From" value={filters.from} onChange={(from) => url.update({ from })} />
        <DateFilter
          label="To"
          value={filters.to}
          onChange={(to) => url.update({ to })}
          error={isBadRange ? 'The end date must not be before the start date' : undefined}
        />
        <ExportAll what="audit log entries" range={filters} onExport={() => exportAuditLog(filters)} />
      </div>
      <PagedTable
        caption="Audit log"
        columns={columns}
        list={list}
        paging={paging}
        pagerLabel="Audit log pages"
        rowKey={(e) => e.id}
        emptyText="No changes match these filters"
      />
    </div>
  );
}
