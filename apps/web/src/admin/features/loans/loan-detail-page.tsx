import {
  formatKampalaDate,
  formatKampalaDateTime,
  formatNumber,
  formatRate,
  formatUgx,
  type LoanDetailDto,
  parseRate,
} from '@sente/contract';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Card } from '../../../ui/card.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { DaysInArrears } from './loan-columns.tsx';
import { LOAN_MESSAGES, LOAN_STATUS_LABELS } from './loan-messages.ts';
import { LoanRepaymentsSection } from './loan-repayments-section.tsx';
import { LoanScheduleTable } from './loan-schedule-table.tsx';
import { LoanStatusHistory } from './loan-status-history.tsx';
import { ParticipationsSection } from './participations-section.tsx';
import { useBorrower, useLoan, useLoanBalance } from './use-loans.ts';

type LoanDetail = z.infer<typeof LoanDetailDto>;

const INTEREST_TYPE_LABELS = { FLAT: 'flat rate', COMPOUND: 'reducing balance' } as const;

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ items }: { readonly items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Card className="p-4">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map(([term, value]) => (
          <div key={term} className="flex min-w-0 flex-col">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="font-medium wrap-anywhere text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Figures({ loan }: { readonly loan: LoanDetail }) {
  const balance = useLoanBalance(loan.id);
  const b = balance.data;
  const percent = Number.isFinite(loan.payment_percentage) ? loan.payment_percentage : 0;
  return (
    <section aria-label="Where the loan stands" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Remaining Balance"
        value={formatUgx(loan.remaining_balance)}
        hint={
          <span className="flex flex-col gap-1">
            <ProgressBar percent={percent} label={`${loan.loan_id} paid`} />
            {`${percent.toFixed(0)}% of ${formatUgx(loan.total_payable)} paid`}
          </span>
        }
      />
      <StatCard
        label="Next Due"
        value={loan.next_due_date ? formatKampalaDate(loan.next_due_date) : 'Nothing owed'}
        hint={b && loan.next_due_date ? `${formatUgx(b.next_installment_amount)} to pay` : undefined}
        isLoading={balance.isPending}
        isUnavailable={balance.isError}
      />
      <StatCard
        label="Days in Arrears"
        value={<DaysInArrears days={loan.days_in_arrears} />}
        hint={b ? `${formatUgx(b.arrears_amount)} in arrears` : undefined}
        isLoading={balance.isPending}
        isUnavailable={balance.isError}
      />
      <StatCard
        label="Repaid"
        value={formatUgx(loan.total_payments)}
        hint={
          b
            ? `Still owed: ${formatUgx(b.principal_outstanding)} principal, ${formatUgx(b.interest_outstanding)} interest`
            : undefined
        }
        isLoading={balance.isPending}
        isUnavailable={balance.isError}
      />
    </section>
  );
}

function Borrower({ loan }: { readonly loan: LoanDetail }) {
  const borrower = useBorrower(loan.user);
  const person = borrower.data;
  return (
    <Facts
      items={[
        [
          'Name',
          <Link key="name" to={paths.user(loan.user)} className={textLinkClass}>
            {loan.user_name}
          </Link>,
        ],
        [
          'Phone Number',
          person?.phone_number ? (
            <a key="phone" href={`tel:${person.phone_number}`} className={textLinkClass}>
              {person.phone_number}
            </a>
          ) : borrower.isError ? (
            'Unavailable'
          ) : person ? (
            'Not provided'
          ) : (
            'Loading...'
          ),
        ],
        ['Email', person?.email ?? (borrower.isError ? 'Unavailable' : 'Loading...')],
      ]}
    />
  );
}

/** Who paid the loan out and when (issue 18: a record of who did what, on screen). */
function Disbursement({ loan }: { readonly loan: LoanDetail }) {
  const when = formatKampalaDateTime(loan.opening_date);
  return (
    <p className="text-slate-700 dark:text-slate-300">
      {loan.disbursed_by ? (
        <>
          Disbursed by{' '}
          <Link to={paths.user(loan.disbursed_by.id)} className={textLinkClass}>
            {loan.disbursed_by.name}
          </Link>{' '}
          on {when}
        </>
      ) : (
        // Loans paid out before it was recorded, or by a script: the date is still known.
        `Disbursed on ${when} (who disbursed it was not recorded)`
      )}
    </p>
  );
}

function LoanContent({ loan }: { readonly loan: LoanDetail }) {
  return (
    <>
      <Disbursement loan={loan} />
      <Figures loan={loan} />
      <Section title="Terms">
        <Facts
          items={[
            ['Amount', formatUgx(loan.amount)],
            ['Loan Type', loan.loan_type_name],
            [
              'Interest Rate',
              `${formatRate(parseRate(loan.interest_rate) ?? 0)}, ${INTEREST_TYPE_LABELS[loan.interest_type]}`,
            ],
            [
              'Loan Term',
              `${formatNumber(loan.loan_term_months)} months (${formatNumber(loan.loan_term)} weeks)`,
            ],
            ['Weekly Repayment', formatUgx(loan.weekly_repayment)],
            ['Total Interest', formatUgx(loan.total_interest)],
            ['Total to Repay', formatUgx(loan.total_payable)],
            ['Opening Date', formatKampalaDate(loan.opening_date)],
            ['Closing Date', formatKampalaDate(loan.closing_date)],
            [
              'Application',
              <Link
                key="application"
                to={`${paths.applications}/${loan.application}`}
                className={textLinkClass}
              >
                Application #{loan.application}
              </Link>,
            ],
          ]}
        />
      </Section>
      <Section title="Borrower">
        <Borrower loan={loan} />
      </Section>
      <Section title="Installment Schedule">
        <LoanScheduleTable loanRef={loan.loan_id} installments={loan.installments} />
      </Section>
      <Section title="Repayments">
        <LoanRepaymentsSection loanId={loan.id} loanRef={loan.loan_id} />
      </Section>
      <Section title="Status History">
        <LoanStatusHistory loanRef={loan.loan_id} history={loan.status_history} />
      </Section>
      <ParticipationsSection loanId={loan.id} headingLevel={2} />
    </>
  );
}

/** One loan (`/dashboard/loans/:loanId`): what a team following it up needs on one screen. */
export function LoanDetailPage() {
  const { loanId } = useParams();
  const id = Number(loanId);
  const validId = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
  const query = useLoan(validId);
  const loan = query.data;
  const title = loan ? `Loan ${loan.loan_id}` : 'Loan';
  useDocumentTitle(title);
  const isMissing =
    validId === null || (query.error instanceof ApiRequestError && query.error.status === 404);

  return (
    <div className="flex flex-col gap-6">
      <Link to={paths.loans} className={`${textLinkClass} inline-flex w-fit items-center gap-1`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All loans
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        {loan ? (
          <StatusBadge
            label={LOAN_STATUS_LABELS[loan.status]}
            tone={loan.status === 'ACTIVE' ? 'blue' : toneOfStatus(loan.status)}
          />
        ) : null}
      </div>
      {isMissing ? (
        <p className="text-slate-700 dark:text-slate-300">
          There is no loan with this number.{' '}
          <Link to={paths.loans} className={textLinkClass}>
            Back to all loans
          </Link>
        </p>
      ) : query.isError ? (
        <ErrorBanner
          message={LOAN_MESSAGES.loanFailed}
          reason={serverReason(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : loan ? (
        <LoanContent loan={loan} />
      ) : (
        <p role="status">Loading...</p>
      )}
    </div>
  );
}
