import {
  type ApplicationDto,
  type ApplicationEvent,
  formatKampalaDateTime,
  formatUgx,
  type LoanDto,
} from '@sente/contract';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { serverReason } from '../../../lib/api-error-message.ts';
import { focusWhenReady } from '../../../lib/focus-when-ready.ts';
import { paths } from '../../../lib/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { PageHeading } from '../../shell/page-heading.tsx';
import { type ApplicationAction, ApplicationActionDialog } from './application-action-dialog.tsx';
import { ApplicationFlags } from './application-flags.tsx';
import { documentLabel } from './application-messages.ts';
import { STATUS_LABELS } from './applications-table.tsx';
import { DocumentsDialog } from './documents-dialog.tsx';
import { useApplicationReview, useBorrowerLoans } from './use-applications.ts';

function Field({
  label,
  children,
  isWide,
}: {
  readonly label: string;
  readonly children: React.ReactNode;
  /** Across both columns, for longer text. */
  readonly isWide?: boolean;
}) {
  return (
    <div className={isWide ? 'flex flex-col gap-0.5 sm:col-span-2' : 'flex flex-col gap-0.5'}>
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { readonly title: string; readonly children: React.ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

const EVENT_LABELS: Record<ApplicationEvent['kind'], string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  DISBURSED: 'Disbursed',
};

const LOAN_STATUS_LABELS: Record<LoanDto['status'], string> = {
  ACTIVE: 'Active',
  OVERDUE: 'Overdue',
  DEFAULT: 'Default',
  FULLY_PAID: 'Fully_paid',
};

function BorrowerLoans({ userId }: { readonly userId: number }) {
  const loans = useBorrowerLoans(userId);
  if (loans.isPending) return <p role="status">Loading...</p>;
  if (loans.isError)
    return <ErrorBanner message="Failed to load the borrower's loans" onRetry={() => void loans.refetch()} />;
  if (loans.data.results.length === 0) return <p>No loans yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
      {loans.data.results.map((loan) => (
        <li key={loan.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <Link to={paths.loanDetail(loan.id)} className={textLinkClass}>
            {loan.loan_id}
          </Link>
          <span className="tabular-nums">{formatUgx(loan.amount)}</span>
          <StatusBadge label={LOAN_STATUS_LABELS[loan.status]} tone={toneOfStatus(loan.status)} />
          <span className="text-sm">
            {loan.days_in_arrears > 0 ? `${loan.days_in_arrears} days in arrears` : 'No arrears'}
            {' · '}
            {formatUgx(loan.remaining_balance)} left
          </span>
        </li>
      ))}
    </ul>
  );
}

function Actions({
  application: a,
  loan,
  onAction,
}: {
  readonly application: ApplicationDto;
  readonly loan: { id: number; loan_id: string } | null;
  readonly onAction: (action: ApplicationAction) => void;
}) {
  if (a.status === 'PENDING') {
    return (
      <>
        <Button onClick={() => onAction('approve')}>Approve</Button>
        <Button
          variant="secondary"
          className="border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          onClick={() => onAction('reject')}
        >
          Reject
        </Button>
      </>
    );
  }
  if (a.status === 'APPROVED' && a.approved_loan === null) {
    return <Button onClick={() => onAction('disburse')}>Disburse</Button>;
  }
  if (loan) {
    return (
      <Link to={paths.loanDetail(loan.id)} className={textLinkClass}>
        Disbursed as {loan.loan_id}
      </Link>
    );
  }
  return null;
}

/**
 * One application with what a decision needs (issue 18): applicant and business, the credit score
 * with each reason, the flags, the borrower's loans and arrears, documents, history and the actions.
 */
export function ApplicationDetailPage() {
  const id = Number(useParams().applicationId);
  const isValidId = Number.isSafeInteger(id) && id > 0;
  const review = useApplicationReview(isValidId ? id : null);
  const [pending, setPending] = useState<{ application: ApplicationDto; action: ApplicationAction } | null>(
    null,
  );
  const [isDocumentsOpen, setIsDocumentsOpen] = useState(false);
  const actionsRow = useRef<HTMLDivElement>(null);

  if (!isValidId) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title="Application not found" />
        <Link to={paths.applications} className={textLinkClass}>
          Back to Applications
        </Link>
      </div>
    );
  }
  if (review.isPending) return <p role="status">Loading...</p>;
  if (review.isError) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title="Application" />
        <ErrorBanner
          message="Failed to load the application"
          reason={serverReason(review.error)}
          onRetry={() => void review.refetch()}
        />
        <Link to={paths.applications} className={textLinkClass}>
          Back to Applications
        </Link>
      </div>
    );
  }
  const { application: a, applicant, flags, history, loan } = review.data;
  const who = `${applicant.name}, ${a.business_name}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link to={paths.applications} className={`${textLinkClass} text-sm`}>
          Back to Applications
        </Link>
        <PageHeading title={`Application #${a.id}: ${a.business_name}`} />
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge label={STATUS_LABELS[a.status]} tone={toneOfStatus(a.status)} />
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Submitted {formatKampalaDateTime(a.created_at)}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2" ref={actionsRow} tabIndex={-1}>
          <Actions
            application={a}
            loan={loan}
            onAction={(action) => setPending({ application: a, action })}
          />
          <Button variant="secondary" onClick={() => setIsDocumentsOpen(true)}>
            View Documents ({a.document_count})
          </Button>
        </div>
      </div>

      <ApplicationFlags flags={flags} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Credit score">
          <p className="text-3xl font-bold tabular-nums">
            {a.credit_score ?? '—'}
            <span className="text-base font-normal text-slate-600 dark:text-slate-300"> out of 100</span>
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Advice from the credit check; the decision stays yours.
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {a.credit_reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Section>

        <Section title="Applicant">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="Name">
              <Link to={paths.user(applicant.id)} className={textLinkClass}>
                {applicant.name}
              </Link>
            </Field>
            <Field label="Account">{applicant.status}</Field>
            <Field label="Email">{applicant.email}</Field>
            <Field label="Phone">{applicant.phone_number ?? 'Not provided'}</Field>
            <Field label="NIN on the application">
              <span className="font-mono">{a.nin}</span>
            </Field>
            <Field label="Joined">{formatKampalaDateTime(applicant.joined_at)}</Field>
          </dl>
        </Section>

        <Section title="Business and request">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="Business Name">{a.business_name}</Field>
            <Field label="Business Location">{a.business_location}</Field>
            <Field label="Business Type">{a.business_type || 'N/A'}</Field>
            <Field label="Loan Type">{a.loan_type_name}</Field>
            <Field label="Loan Amount">{formatUgx(a.amount_requested)}</Field>
            <Field label="Loan Term">{a.loan_term} months</Field>
            <Field label="Monthly Income">{formatUgx(a.monthly_income)}</Field>
            <Field label="Repayments a month">{formatUgx(review.data.monthly_repayment)}</Field>
            <Field label="Loan Purpose" isWide>
              {a.loan_purpose}
            </Field>
            <Field label="Documents on file" isWide>
              {a.document_types.length === 0 ? 'None' : a.document_types.map(documentLabel).join(', ')}
            </Field>
          </dl>
        </Section>

        <Section title="The borrower's loans">
          <BorrowerLoans userId={applicant.id} />
        </Section>
      </div>

      <Section title="History">
        <ol className="flex flex-col gap-3">
          {history.map((event) => (
            <li key={`${event.kind}-${event.at}`} className="flex flex-col">
              <span className="font-medium">
                {EVENT_LABELS[event.kind]}
                {event.by_name ? ` by ${event.by_name}` : ''}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                {formatKampalaDateTime(event.at)}
              </span>
              {event.note ? <span className="text-sm">“{event.note}”</span> : null}
            </li>
          ))}
        </ol>
      </Section>

      <DocumentsDialog
        applicationId={isDocumentsOpen ? a.id : null}
        applicant={who}
        onClose={() => setIsDocumentsOpen(false)}
      />
      <ApplicationActionDialog
        pending={pending}
        onClose={() => setPending(null)}
        // The action buttons change with the status: focus the next one, not the page's top.
        onDone={() =>
          focusWhenReady(
            () => actionsRow.current?.querySelector<HTMLElement>('button, a') ?? actionsRow.current,
          )
        }
      />
    </div>
  );
}
