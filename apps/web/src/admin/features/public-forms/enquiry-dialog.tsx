import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@sente/contract';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { type EnquiryKind, useAdmins, useUpdateEnquiry } from './use-enquiries.ts';

export interface ManagedEnquiry {
  readonly kind: EnquiryKind;
  readonly id: number;
  readonly name: string;
  readonly status: EnquiryStatus;
  readonly assignee: { readonly id: number } | null;
  readonly notes: string | null;
}

/** Status, assignee and notes of one enquiry; saved together, audited on the server. */
export function EnquiryDialog({
  enquiry,
  onClose,
  onSaved,
}: {
  readonly enquiry: ManagedEnquiry | null;
  readonly onClose: () => void;
  readonly onSaved: (name: string) => void;
}) {
  const admins = useAdmins();
  const update = useUpdateEnquiry();
  const [status, setStatus] = useState<EnquiryStatus>('NEW');
  const [assignee, setAssignee] = useState('');
  const [notes, setNotes] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened enquiry starts from its own values.
  useEffect(() => {
    if (!enquiry) return;
    setStatus(enquiry.status);
    setAssignee(enquiry.assignee ? String(enquiry.assignee.id) : '');
    setNotes(enquiry.notes ?? '');
    update.reset();
  }, [enquiry]);

  const save = () => {
    if (!enquiry) return;
    update.mutate(
      {
        kind: enquiry.kind,
        id: enquiry.id,
        body: { status, assignee_id: assignee ? Number(assignee) : null, notes: notes.trim() || null },
      },
      { onSuccess: () => onSaved(enquiry.name) },
    );
  };

  return (
    <Dialog
      isOpen={enquiry !== null}
      title={enquiry ? `Enquiry from ${enquiry.name}` : 'Enquiry'}
      onClose={onClose}
      isBusy={update.isPending}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={save} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as EnquiryStatus)}
          options={Object.entries(ENQUIRY_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <SelectField
          label="Assignee"
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
          options={[
            { value: '', label: 'Nobody' },
            ...(admins.data?.results ?? []).map((admin) => ({ value: String(admin.id), label: admin.name })),
          ]}
        />
        <TextareaField
          label="Notes"
          value={notes}
          maxLength={2000}
          rows={4}
          onChange={(event) => setNotes(event.target.value)}
          error={update.error instanceof ApiRequestError ? update.error.details?.notes?.[0] : undefined}
        />
        {update.isError ? (
          <ErrorBanner message="Failed to save the enquiry." reason={serverReason(update.error)} />
        ) : null}
      </div>
    </Dialog>
  );
}
