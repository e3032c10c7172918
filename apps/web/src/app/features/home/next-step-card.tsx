import { formatKampalaDate } from '@sente/contract/kampala-time';
import { formatUgx } from '@sente/contract/money';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../../ui/button.tsx';
import { formatTimeLeft } from '../../shell/time-left.ts';
import { useNow } from '../../shell/use-now.ts';
import type { NextStep } from './next-step.ts';

interface StepText {
  readonly title: string;
  readonly text: string;
  readonly action: string;
}

function textOf(step: NextStep, now: number): StepText {
  switch (step.kind) {
    case 'confirm-phone':
      return {
        title: 'Confirm your phone',
        text: 'Enter the 6-digit code we sent by SMS. You need it before you can apply.',
        action: 'Enter the code',
      };
    case 'finish-profile':
      return {
        title: 'Finish your profile',
        text: 'Add your date of birth, gender, address and National ID number.',
        action: 'Finish your profile',
      };
    case 'apply':
      return {
        title: 'Apply for a loan',
        text: 'Choose a loan type, the amount and the term. It takes about 10 minutes.',
        action: 'Start your application',
      };
    case 'upload-documents':
      return {
        title: 'Upload what is missing',
        text: `Sente still needs ${listInWords(step.missing)}. A photo from your phone is enough.`,
        action: 'Upload documents',
      };
    case 'wait-for-decision':
      return {
        title: 'Your application is being reviewed',
        text: 'Our credit team looks at it, usually within 24 hours. You can still add documents.',
        action: 'See your application',
      };
    case 'wait-for-lenders':
      return {
        title: 'Lenders are bidding',
        text: `Your application is approved and on the marketplace. Bidding closes ${
          formatTimeLeft(step.closesAt, now)?.replace(' left', ' from now') ?? 'soon'
        }.`,
        action: 'See your application',
      };
    case 'choose-offer':
      return {
        title: 'Choose an offer',
        text: 'Lenders made offers for your loan. Compare them and accept one before they expire.',
        action: 'Compare offers',
      };
    case 'wait-for-money':
      return {
        title: 'Your money is on its way',
        text: 'Sente is paying your loan to your mobile-money number. You will get a notification.',
        action: 'See your application',
      };
    case 'offers-ended':
      return {
        title: 'The offers ended',
        text: 'No offer was accepted in time. Sente may put your application on the marketplace again.',
        action: 'See your application',
      };
    case 'pay-arrears':
      return {
        title: `You are ${step.loan.days_in_arrears} ${step.loan.days_in_arrears === 1 ? 'day' : 'days'} behind`,
        text: `Loan ${step.loan.loan_id} has an installment past its due date. Pay now to get back on track.`,
        action: 'Pay now',
      };
    case 'next-installment':
      return {
        title: 'Your next installment',
        text: `${formatUgx(step.loan.weekly_repayment)} due ${formatKampalaDate(step.loan.next_due_date)} on loan ${step.loan.loan_id}.`,
        action: 'See your loan',
      };
    case 'rejected':
      return {
        title: 'Your last application was not approved',
        text: step.reason ? `The reason given: ${step.reason}` : 'No reason was given.',
        action: 'See the application',
      };
  }
}

/** The home screen's first card: what to do next, and the one button that does it. */
export function NextStepCard({ step }: { readonly step: NextStep }) {
  const now = useNow(step.kind === 'wait-for-lenders', 60_000);
  const { title, text, action } = textOf(step, now);
  return (
    <section
      aria-labelledby="next-step-title"
      className="rounded-2xl bg-emerald-800 p-5 text-white shadow-sm dark:bg-emerald-900"
    >
      <p className="text-sm font-semibold tracking-wide text-emerald-100 uppercase">Next step</p>
      <h2 id="next-step-title" className="mt-1 text-xl font-bold">
        {title}
      </h2>
      <p className="mt-2 text-emerald-50">{text}</p>
      <Link
        to={step.to}
        className={`mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 font-semibold text-emerald-900 hover:bg-emerald-50 ${focusRing}`}
      >
        {action}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}

/** "a, b and c". */
function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
