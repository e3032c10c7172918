import type { LenderStatus } from '@sente/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** Why an unverified lender cannot bid yet (GET /api/lender/status/ → missing), with the way to the profile. */
export function CannotBidYet({ status }: { readonly status: LenderStatus }) {
  return (
    <section
      aria-labelledby="cannot-bid-title"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="cannot-bid-title" className="font-bold">
        You cannot bid yet
      </h2>
      <p>Before you can bid, Sente still needs:</p>
      <ul className="list-disc pl-5">
        {status.missing.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        Your details and the lender terms are on your{' '}
        <Link to={paths.appProfile} className="font-semibold underline">
          profile
        </Link>
        .
      </p>
    </section>
  );
}
