import { routes } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { appApi } from '../../session/app-api.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { QueryState } from '../../shell/query-state.tsx';

const linkClass = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

/**
 * A lender's home: what stands between the account and its first bid (GET /api/lender/status/), and
 * the way to the marketplace once verified.
 */
export function LenderHomePage() {
  useDocumentTitle('Home');
  const user = useAppUser();
  const status = useQuery({
    queryKey: queryKeyOf('getLenderStatus'),
    queryFn: ({ signal }) => appApi(routes.getLenderStatus, { signal }),
  });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Hello, {user.name.split(' ')[0]}</h1>
      {!user.phone_verified ? (
        <p>
          First{' '}
          <Link to={paths.appVerifyPhone} className={linkClass}>
            confirm your phone
          </Link>{' '}
          with the code we sent by SMS.
        </p>
      ) : null}
      <section aria-labelledby="lender-status-title" className="flex flex-col gap-3">
        <h2 id="lender-status-title" className="text-lg font-bold">
          Your lender account
        </h2>
        <QueryState query={status} label="your lender status">
          {(data) =>
            data.verified ? (
              <p>
                Your account is verified: you may bid on the{' '}
                <Link to={paths.appMarket} className={linkClass}>
                  marketplace
                </Link>
                .
              </p>
            ) : (
              <>
                <p>Before you can bid, Sente still needs:</p>
                <ul className="list-disc pl-5">
                  {data.missing.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <p>
                  Your details are on your{' '}
                  <Link to={paths.appProfile} className={linkClass}>
                    profile
                  </Link>
                  .
                </p>
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
