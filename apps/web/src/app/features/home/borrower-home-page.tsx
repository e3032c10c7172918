import type { BorrowerApplicationDto, LoanDto } from '@sente/contract';
import { formatKampalaDate } from '@sente/contract/kampala-time';
import { formatUgx } from '@sente/contract/money';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Card } from '../../../ui/card.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { LoadError, Loading } from '../../shell/query-state.tsx';
import { useFlashNotice } from '../../shell/use-flash-notice.ts';
import { useMyApplications } from '../applications/use-applications.ts';
import { useMyLoans } from '../loans/use-loans.ts';
import { isKycComplete, useKyc } from '../profile/use-kyc.ts';
import { nextStepFor } from './next-step.ts';
import { NextStepCard } from './next-step-card.tsx';

export function BorrowerHomePage() {
  useDocumentTitle('Home');
  const user = useAppUser();
  const kyc = useKyc();
  const applications = useMyApplications();
  const loans = useMyLoans();
  const notice = useFlashNotice();
  const failed = [kyc, applications, loans].find((query) => query.error);
  const isReady = kyc.data !== undefined && applications.data !== undefined && loans.data !== undefined;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Hello, {user.name.split(' ')[0]}</h1>
      {notice ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {notice}
        </p>
      ) : null}
      {isReady ? (
        <NextStepCard
          step={nextStepFor({
            isPhoneVerified: user.phone_verified,
            isKycComplete: isKycComplete(kyc.data),
            applications: applications.data.results,
            loans: loans.data.results,
          })}
        />
      ) : failed ? (
        <LoadError label="your home" error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <Loading label="your home" />
      )}
      {isReady ? <HomeLists loans={loans.data.results} applications={applications.data.results} /> : null}
    </div>
  );
}

/**
 * The loans and applications, drawn with the next step in one go: drawn as each answer came, the
 * sections pushed one another down the screen while the borrower was reading them.
 */
function HomeLists({
  loans,
  applications,
}: {
  readonly loans: readonly LoanDto[];
  readonly applications: readonly BorrowerApplicationDto[];
}) {
  return (
    <>
      <section aria-labelledby="loans-title" className="flex flex-col gap-3">
        <h2 id="loans-title" className="text-lg font-bold">
          Your loans
        </h2>
        {loans.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No loans yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {loans.map((loan) => (
              <li key={loan.id}>
                <Card className="flex flex-col gap-1 p-4">
                  <div className="flex items-center justify-between gap-2">
                    <Link to={paths.appLoan(loan.id)} className={textLinkClass}>
                      {loan.loan_id}
                    </Link>
                    <StatusBadge label={loan.status.replace('_', ' ')} tone={toneOfStatus(loan.status)} />
                  </div>
                  <p>
                    {formatUgx(loan.remaining_balance)} left of {formatUgx(loan.total_payable)}
                  </p>
                  {loan.next_due_date ? (
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      Next due {formatKampalaDate(loan.next_due_date)}
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="applications-title" className="flex flex-col gap-3">
        <div className="flex items-center justify-between">
          <h2 id="applications-title" className="text-lg font-bold">
            Your applications
          </h2>
          <Link to={paths.appApply} className={textLinkClass}>
            New application
          </Link>
        </div>
        {applications.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">You have not applied yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {applications.map((application) => (
              <li key={application.id}>
                <Card className="flex flex-col gap-1 p-4">
                  <div className="flex items-center justify-between gap-2">
                    <Link to={paths.appApplication(application.id)} className={textLinkClass}>
                      {application.business_name}: {formatUgx(application.amount_requested)}
                    </Link>
                    <StatusBadge label={application.status} tone={toneOfStatus(application.status)} />
                  </div>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {application.loan_type_name}, {application.loan_term} months, applied{' '}
                    {formatKampalaDate(application.created_at)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
