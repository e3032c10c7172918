import {
  type ContactMessageDto,
  ENQUIRY_STATUS_LABELS,
  type EnquiryStatus,
  formatKampalaDateTime,
  type LenderInterestDto,
} from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { DismissibleSuccess } from '../../../ui/notice.tsx';
import { PagedTable } from '../../../ui/paged-table.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { EnquiryDialog, type ManagedEnquiry } from './enquiry-dialog.tsx';
import { type Invitation, InvitationDialog } from './invitation-dialog.tsx';
import { useContactMessages, useEnquiryCounts, useInviteLender, useLenderSignUps } from './use-enquiries.ts';

const STATUSES = ['NEW', 'IN_PROGRESS', 'CLOSED'] as const;
const TONES = { NEW: 'orange', IN_PROGRESS: 'blue', CLOSED: 'green' } as const;

function StatusCell({ status }: { readonly status: EnquiryStatus }) {
  return <StatusBadge label={ENQUIRY_STATUS_LABELS[status]} tone={TONES[status]} />;
}

function Sender({
  name,
  email,
  phone,
}: {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
}) {
  return (
    <div className="flex flex-col">
      <span className="font-medium whitespace-nowrap">{name}</span>
      <span className="text-xs text-slate-600 dark:text-slate-300">{email}</span>
      {phone ? <span className="text-xs text-slate-600 dark:text-slate-300">{phone}</span> : null}
    </div>
  );
}

const messageCell = (text: string | null) => (
  <p className="line-clamp-3 max-w-md text-sm whitespace-pre-line">{text ?? '—'}</p>
);

export function EnquiriesPage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const tab = url.oneOf('tab', ['contact', 'lenders'], 'contact');
  const status = url.oneOf('status', [...STATUSES, ''], '');
  const contact = useContactMessages(paging.page, paging.pageSize, status, tab === 'contact');
  const lenders = useLenderSignUps(paging.page, paging.pageSize, status, tab === 'lenders');
  const counts = useEnquiryCounts();
  const invite = useInviteLender();
  const [managed, setManaged] = useState<ManagedEnquiry | null>(null);
  const [toInvite, setToInvite] = useState<LenderInterestDto | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const manageButton = (kind: 'contact' | 'lenders', row: ContactMessageDto | LenderInterestDto) => (
    <Button
      variant="secondary"
      size="sm"
      className="whitespace-nowrap"
      onClick={() => {
        setSuccess(null);
        setManaged({
          kind,
          id: row.id,
          name: row.name,
          status: row.status,
          assignee: row.assignee,
          notes: row.notes,
        });
      }}
    >
      Manage<span className="sr-only"> the enquiry from {row.name}</span>
    </Button>
  );

  const handling: Column<ContactMessageDto | LenderInterestDto>[] = [
    { id: 'status', header: 'Status', cell: (row) => <StatusCell status={row.status} /> },
    {
      id: 'assignee',
      header: 'Assignee',
      cell: (row) => <span className="whitespace-nowrap">{row.assignee?.name ?? 'Nobody'}</span>,
    },
    {
      id: 'received',
      header: 'Received',
      cell: (row) => <span className="whitespace-nowrap">{formatKampalaDateTime(row.created_at)}</span>,
    },
  ];

  const contactColumns: Column<ContactMessageDto>[] = [
    { id: 'actions', header: 'Actions', cell: (row) => manageButton('contact', row) },
    {
      id: 'from',
      header: 'From',
      cell: (row) => <Sender name={row.name} email={row.email} phone={row.phone_number} />,
    },
    ...handling,
    { id: 'topic', header: 'Topic', cell: (row) => <span className="capitalize">{row.topic}</span> },
    { id: 'message', header: 'Message', cell: (row) => messageCell(row.message) },
  ];

  const lenderColumns: Column<LenderInterestDto>[] = [
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-col items-start gap-1">
          {manageButton('lenders', row)}
          {row.invited_user_id === null ? (
            <Button
              size="sm"
              className="whitespace-nowrap"
              onClick={() => {
                setSuccess(null);
                invite.reset();
                setToInvite(row);
              }}
            >
              Invite<span className="sr-only"> {row.name} as a lender</span>
            </Button>
          ) : (
            <span className="text-xs text-slate-600 dark:text-slate-300">Invited</span>
          )}
        </div>
      ),
    },
    {
      id: 'from',
      header: 'From',
      cell: (row) => <Sender name={row.name} email={row.email} phone={row.phone_number} />,
    },
    ...handling,
    {
      id: 'lender',
      header: 'Lender',
      cell: (row) => (
        <div className="flex flex-col text-sm">
          <span className="capitalize">{row.lender_type.replace('_', ' ')}</span>
          {row.organisation ? <span className="text-xs">{row.organisation}</span> : null}
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {row.investment_range.replace('_', '–')}
          </span>
        </div>
      ),
    },
    { id: 'message', header: 'Message', cell: (row) => messageCell(row.message) },
  ];

  const list = tab === 'contact' ? contact : lenders;
  const newOf = (figure: number | undefined) => (figure ? ` (${figure} new)` : '');

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Enquiries" />
      {success ? <DismissibleSuccess message={success} onDismiss={() => setSuccess(null)} /> : null}
      <Tabs
        label="Enquiries"
        selected={tab}
        onSelect={(key) => url.update({ tab: key === 'contact' ? null : key, status: null })}
        tabs={[
          { key: 'contact', label: `Contact messages${newOf(counts.data?.contact_messages_new)}` },
          { key: 'lenders', label: `Lender sign-ups${newOf(counts.data?.lender_interest_new)}` },
        ]}
      >
        <div className="flex flex-col gap-4 pt-4">
          {list.isError ? (
            <ErrorBanner
              message="Failed to load enquiries."
              reason={serverReason(list.error)}
              onRetry={() => void list.refetch()}
            />
          ) : null}
          <SelectField
            label="Status"
            className="w-48"
            value={status}
            onChange={(event) => url.update({ status: event.target.value })}
            options={[
              { value: '', label: 'All statuses' },
              ...STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] })),
            ]}
          />
          {tab === 'contact' ? (
            <PagedTable
              caption="Contact messages"
              columns={contactColumns}
              list={contact}
              paging={paging}
              pagerLabel="Contact messages pages"
              rowKey={(row) => row.id}
              emptyText="No messages"
            />
          ) : (
            <PagedTable
              caption="Lender sign-ups"
              columns={lenderColumns}
              list={lenders}
              paging={paging}
              pagerLabel="Lender sign-ups pages"
              rowKey={(row) => row.id}
              emptyText="No sign-ups"
            />
          )}
        </div>
      </Tabs>
      <EnquiryDialog
        enquiry={managed}
        onClose={() => setManaged(null)}
        onSaved={(name) => {
          setManaged(null);
          setSuccess(`The enquiry from ${name} is saved.`);
        }}
      />
      <ConfirmDialog
        isOpen={toInvite !== null}
        title="Invite lender"
        message={
          toInvite
            ? `Create a lender account for ${toInvite.name} (${toInvite.email}) and a link for them to choose a password?`
            : ''
        }
        confirmLabel="Invite"
        busyLabel="Inviting..."
        isBusy={invite.isPending}
        error={
          invite.isError
            ? { message: 'Failed to invite the lender.', reason: serverReason(invite.error) }
            : null
        }
        onCancel={() => setToInvite(null)}
        onConfirm={() => {
          if (!toInvite) return;
          invite.mutate(toInvite.id, {
            onSuccess: (answer) => {
              setToInvite(null);
              setInvitation({
                name: answer.enquiry.name,
                email: answer.enquiry.email,
                url: answer.invitation_url,
                expiresAt: answer.expires_at,
              });
            },
          });
        }}
      />
      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />
    </div>
  );
}
