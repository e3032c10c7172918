import { formatKampalaDate } from '@sente/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { failureOf } from '../../session/failure.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { LenderChecklist } from '../lender/lender-checklist.tsx';
import { LenderTermsSection } from '../lender/lender-terms-section.tsx';
import { useLenderStatus, useRefreshLenderStatus } from '../lender/use-lender-status.ts';
import { downloadMyData } from './download-my-data.ts';
import { KycForm } from './kyc-form.tsx';
import { isKycComplete, useKyc } from './use-kyc.ts';

export function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useAppUser();
  const kyc = useKyc();
  const isLender = user.role === 'lender';
  const refreshLenderStatus = useRefreshLenderStatus();
  const [saved, setSaved] = useState(false);
  const [download, setDownload] = useState<{ state: 'idle' | 'busy' } | { state: 'failed'; message: string }>(
    {
      state: 'idle',
    },
  );

  const onDownload = async () => {
    setDownload({ state: 'busy' });
    try {
      await downloadMyData();
      setDownload({ state: 'idle' });
    } catch (error) {
      setDownload({ state: 'failed', message: failureOf(error).message });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Profile</h1>
      <Card className="flex flex-col gap-1 p-4">
        <p className="font-semibold">{user.name}</p>
        <p className="break-all">{user.email}</p>
        <p>
          {user.phone_number}{' '}
          {user.phone_verified ? (
            <span className="text-emerald-800 dark:text-emerald-300">(confirmed)</span>
          ) : (
            <Link to={paths.appVerifyPhone} className={textLinkClass}>
              Confirm this number
            </Link>
          )}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {user.role === 'lender' ? 'Lender' : 'Borrower'} since {formatKampalaDate(user.registration_date)}
        </p>
        <Link to={paths.appNumbers} className={textLinkClass}>
          Your mobile-money numbers
        </Link>
      </Card>

      <section aria-labelledby="kyc-title" className="flex flex-col gap-3">
        <h2 id="kyc-title" className="text-lg font-bold">
          Your details (KYC)
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          {isLender
            ? 'Sente checks who you are before you lend, as the law on lending asks.'
            : 'Sente checks who you are before lending. Your NIN must match the one on your applications.'}
        </p>
        {saved ? (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            Your details are saved.{' '}
            {!isLender && kyc.data && isKycComplete(kyc.data) ? (
              <Link to={paths.app} className={textLinkClass}>
                Back to your next step
              </Link>
            ) : null}
          </p>
        ) : null}
        <QueryState query={kyc} label="your details">
          {(data) => (
            <KycForm
              kyc={data}
              isLender={isLender}
              onSaved={() => {
                setSaved(true);
                if (isLender) void refreshLenderStatus();
              }}
            />
          )}
        </QueryState>
      </section>

      {isLender ? <LenderSections /> : null}

      <section aria-labelledby="data-title" className="flex flex-col items-start gap-3">
        <h2 id="data-title" className="text-lg font-bold">
          Your data
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          Download everything Sente holds about you as one file: your account, details, applications, loans,
          payments and notifications.
        </p>
        {download.state === 'failed' ? <ErrorAlert>{download.message}</ErrorAlert> : null}
        <Button variant="secondary" onClick={() => void onDownload()} disabled={download.state === 'busy'}>
          {download.state === 'busy' ? 'Preparing your file...' : 'Download my data'}
        </Button>
      </section>
    </div>
  );
}

/** A lender's terms to accept and where its account stands, below its KYC. */
function LenderSections() {
  const status = useLenderStatus();
  return (
    <QueryState query={status} label="your lender status">
      {(data) => (
        <>
          <LenderTermsSection status={data} />
          <section aria-labelledby="lender-account-title" className="flex flex-col gap-3">
            <h2 id="lender-account-title" className="text-lg font-bold">
              Your lender account
            </h2>
            <LenderChecklist status={data} />
          </section>
        </>
      )}
    </QueryState>
  );
}
