import type { LenderStatus } from '@sente/contract';
import { formatKampalaDate } from '@sente/contract/kampala-time';
import { Check, Circle, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { textLinkClass } from '../../../ui/text-link.ts';
import { useAppUser } from '../../shell/app-user.tsx';

type StepState = 'done' | 'todo' | 'waiting';

interface Step {
  readonly label: string;
  readonly state: StepState;
  readonly detail: React.ReactNode;
}

const stateWords: Record<StepState, string> = { done: 'Done', todo: 'To do', waiting: 'Waiting' };

function StepIcon({ state }: { readonly state: StepState }) {
  const className = 'mt-0.5 size-5 shrink-0';
  if (state === 'done')
    return <Check aria-hidden="true" className={`${className} text-emerald-700 dark:text-emerald-300`} />;
  if (state === 'waiting')
    return <Hourglass aria-hidden="true" className={`${className} text-amber-700 dark:text-amber-300`} />;
  return <Circle aria-hidden="true" className={`${className} text-slate-500 dark:text-slate-400`} />;
}

/**
 * The four steps before a lender may bid, each with its state, so a new lender sees what is done,
 * what is theirs to do, and when the wait is Sente's (decisions.md, lender).
 */
export function LenderChecklist({ status }: { readonly status: LenderStatus }) {
  const user = useAppUser();
  const isReadyForReview = user.phone_verified && status.kyc_complete && status.terms_accepted;
  const steps: Step[] = [
    {
      label: 'Confirm your phone',
      state: user.phone_verified ? 'done' : 'todo',
      detail: user.phone_verified ? null : (
        <Link to={paths.appVerifyPhone} className={textLinkClass}>
          Enter the code we sent by SMS
        </Link>
      ),
    },
    {
      label: 'Your KYC details',
      state: status.kyc_complete ? 'done' : 'todo',
      detail: status.kyc_complete ? null : (
        <Link to={`${paths.appProfile}#kyc-title`} className={textLinkClass}>
          Fill them in on your profile
        </Link>
      ),
    },
    {
      label: 'Accept the lender terms',
      state: status.terms_accepted ? 'done' : 'todo',
      detail: status.terms_accepted ? null : (
        <Link to={`${paths.appProfile}#lender-terms-title`} className={textLinkClass}>
          Read and accept them on your profile
        </Link>
      ),
    },
    {
      label: 'Verification by Sente',
      state: status.verified ? 'done' : isReadyForReview ? 'waiting' : 'todo',
      detail: status.verified
        ? `Verified on ${formatKampalaDate(status.verified_at)}.`
        : isReadyForReview
          ? 'Waiting for verification: Sente is checking your details. Your inbox will tell you when it is done. Meanwhile you can deposit money into your wallet.'
          : 'Sente checks your details once the steps above are done.',
    },
  ];
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step) => (
        <li key={step.label} className="flex gap-3">
          <StepIcon state={step.state} />
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">
              {step.label} <span className="sr-only">({stateWords[step.state]})</span>
            </p>
            {step.detail ? <p className="text-slate-700 dark:text-slate-300">{step.detail}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
