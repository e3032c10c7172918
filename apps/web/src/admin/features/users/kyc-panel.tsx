import { formatKampalaDate, type Kyc } from '@sente/contract';
import { Notice } from '../../../ui/notice.tsx';
import { USER_MESSAGES } from './user-messages.ts';

function Value({ value }: { readonly value: string | null }) {
  return value ? (
    <dd className="font-medium text-slate-900 dark:text-white">{value}</dd>
  ) : (
    <dd className="text-slate-500 italic dark:text-slate-400">{USER_MESSAGES.notProvided}</dd>
  );
}

/** The KYC tab: the four fields, Not provided where the user has not given one. */
export function KycPanel({ kyc }: { readonly kyc: Kyc }) {
  const isEmpty = Object.values(kyc).every((value) => value === null);
  return (
    <div className="flex flex-col gap-4">
      {isEmpty ? <Notice tone="info">{USER_MESSAGES.kycUnavailable}</Notice> : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600 dark:text-slate-300">Date of Birth</dt>
          <Value value={kyc.date_of_birth ? formatKampalaDate(kyc.date_of_birth) : null} />
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600 dark:text-slate-300">Gender</dt>
          <Value value={kyc.gender} />
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600 dark:text-slate-300">Address</dt>
          <Value value={kyc.address} />
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-slate-600 dark:text-slate-300">National Identification Number</dt>
          <Value value={kyc.national_id} />
        </div>
      </dl>
    </div>
  );
}
