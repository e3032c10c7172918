import { type BorrowerApplicationDto, formatKampalaDate, formatUgx } from '@sente/contract';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { useFlashNotice } from '../../shell/use-flash-notice.ts';
import { DocumentsSection } from './documents-section.tsx';
import { OffersSection } from './offers-section.tsx';
import { useApplication } from './use-applications.ts';

function Decision({ application }: { readonly application: BorrowerApplicationDto }) {
  if (application.status === 'PENDING') {
    return (
      <p className="text-slate-700 dark:text-slate-300">
        Sente’s credit team is reviewing your application, usually within 24 hours. You will get a
        notification when it is decided.
      </p>
    );
  }
  const isApproved = application.status === 'APPROVED';
  return (
    <div className="flex flex-col gap-1">
      <p>
        {isApproved ? 'Approved' : 'Not approved'} on {formatKampalaDate(application.decided_at)}.
      </p>
      {application.decision_reason ? (
        <p>
          <span className="font-semibold">The reason given: </span>
          {application.decision_reason}
        </p>
      ) : null}
    </div>
  );
}

function Details({ application }: { readonly application: BorrowerApplicationDto }) {
  const rows: readonly [string, string][] = [
    ['Loan type', application.loan_type_name],
    ['Amount', formatUgx(application.amount_requested)],
    ['Term', application.loan_term === 1 ? '1 month' : `${application.loan_term} months`],
    ['Purpose', application.loan_purpose],
    ['Business', [application.business_name, application.business_type].filter(Boolean).join(', ')],
    ['Location', application.business_location],
    ['Monthly income', formatUgx(application.monthly_income)],
    ['Applied', formatKampalaDate(application.created_at)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ApplicationPage() {
  const id = Number(useParams().applicationId);
  useDocumentTitle('Your application');
  const application = useApplication(id);
  const notice = useFlashNotice();

  return (
    <div className="flex flex-col gap-5">
      <QueryState query={application} label="your application">
        {(data) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h1 className="text-2xl font-bold">Your application</h1>
              <StatusBadge label={data.status} tone={toneOfStatus(data.status)} />
            </div>
            {notice ? (
              <p
                role="status"
                className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
              >
                {notice}
              </p>
            ) : null}
            <Decision application={data} />
            {data.approved_loan !== null ? (
              <Link
                to={paths.appLoan(data.approved_loan)}
                className="font-semibold text-emerald-800 underline dark:text-emerald-300"
              >
                See your loan
              </Link>
            ) : null}
            {data.status === 'APPROVED' ? <OffersSection application={data} /> : null}
            <Details application={data} />
            {data.status === 'PENDING' ? (
              <DocumentsSection
                applicationId={data.id}
                received={data.document_count}
                onFile={data.document_types}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}
