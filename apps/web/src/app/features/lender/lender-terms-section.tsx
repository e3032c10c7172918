import type { LenderStatus } from '@sente/contract';
import { formatKampalaDate } from '@sente/contract/kampala-time';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { failureOf } from '../../session/failure.ts';
import { useAcceptLenderTerms } from './use-lender-status.ts';

/**
 * The lender terms and risk statement (decisions.md, lender; docs/marketplace.md, Terms), in the
 * words a first-time lender needs before putting money in: the capital is at risk and nobody buys
 * a bad loan back. Accepting is recorded with its moment; a new version asks again.
 */
export function LenderTermsSection({ status }: { readonly status: LenderStatus }) {
  const [isTicked, setTicked] = useState(false);
  const [isUnticked, setUnticked] = useState(false);
  const accept = useAcceptLenderTerms();
  const failure = accept.error ? failureOf(accept.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isTicked) {
      setUnticked(true);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    accept.mutate();
  };

  return (
    <section aria-labelledby="lender-terms-title" className="flex flex-col gap-3">
      <h2 id="lender-terms-title" className="text-lg font-bold">
        Lender terms and risk statement
      </h2>
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-slate-800 dark:text-slate-200">
        <li>
          Your money is at risk. A business may repay late or not at all, and you may lose part or all of what
          you lend.
        </li>
        <li>
          Sente does not guarantee your capital or your return, and does not buy back loans that go bad.
        </li>
        <li>
          Each loan is shared among the lenders who fund it. Repayments, and losses, are shared in proportion
          to each lender's share.
        </li>
        <li>
          Sente keeps {status.service_fee_percent}% of the interest you earn as its service fee. Your
          statement shows every fee.
        </li>
        <li>
          Money you bid is reserved in your wallet until the borrower chooses an offer. You can withdraw a bid
          while bidding is open, and take out cash that is not reserved or lent.
        </li>
        <li>
          Past repayment rates do not promise future ones. Lend only money you can leave for the loan's term.
        </li>
      </ul>
      <p className="text-sm text-slate-700 dark:text-slate-300">Version {status.terms_version}</p>
      {status.terms_accepted ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          You accepted these terms on {formatKampalaDate(status.terms_accepted_at)}.
        </p>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate aria-busy={accept.isPending}>
          {failure ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="accept_terms"
              checked={isTicked}
              onChange={(event) => {
                setTicked(event.target.checked);
                setUnticked(false);
              }}
              aria-invalid={isUnticked ? true : undefined}
              aria-describedby={isUnticked ? 'lender-terms-error' : undefined}
              className="mt-0.5 size-5 shrink-0 accent-emerald-700"
            />
            <span>I have read the lender terms and risk statement and I accept them.</span>
          </label>
          {isUnticked ? (
            <p id="lender-terms-error" className="text-sm text-red-700 dark:text-red-300">
              Tick the box to show you have read the terms.
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={accept.isPending}>
            {accept.isPending ? 'Saving...' : 'Accept the terms'}
          </Button>
        </form>
      )}
    </section>
  );
}
