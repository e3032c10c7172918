import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { textLinkClass } from '../../../ui/text-link.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { QueryState } from '../../shell/query-state.tsx';
import { PortfolioHighlights } from '../portfolio/portfolio-figures.tsx';
import { usePortfolio } from '../portfolio/use-portfolio.ts';
import { LenderChecklist } from './lender-checklist.tsx';
import { useLenderStatus } from './use-lender-status.ts';

/**
 * A lender's home: what stands between the account and its first bid (GET /api/lender/status/),
 * and once verified the way to the marketplace and a short summary of its money. Confirming the
 * phone is the checklist's first step, not a line of its own above it.
 */
export function LenderHomePage() {
  useDocumentTitle('Home');
  const user = useAppUser();
  const status = useLenderStatus();

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Hello, {user.name.split(' ')[0]}</h1>
      <section aria-labelledby="lender-status-title" className="flex flex-col gap-3">
        <h2 id="lender-status-title" className="text-lg font-bold">
          Your lender account
        </h2>
        <QueryState query={status} label="your lender status">
          {(data) =>
            data.verified ? (
              <p>
                Your account is verified: you may bid on the{' '}
                <Link to={paths.appMarket} className={textLinkClass}>
                  marketplace
                </Link>
                .
              </p>
            ) : (
              <>
                <p>Before you can bid:</p>
                <LenderChecklist status={data} />
              </>
            )
          }
        </QueryState>
      </section>
      {status.data?.verified ? <PortfolioSummary /> : null}
    </div>
  );
}

function PortfolioSummary() {
  const portfolio = usePortfolio();
  return (
    <section aria-labelledby="lender-money-title" className="flex flex-col gap-3">
      <h2 id="lender-money-title" className="text-lg font-bold">
        Your money
      </h2>
      <QueryState query={portfolio} label="your portfolio">
        {(data) => <PortfolioHighlights portfolio={data} />}
      </QueryState>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.appPortfolio} className={textLinkClass}>
          See your portfolio
        </Link>
        <Link to={paths.appWallet} className={textLinkClass}>
          Deposit or withdraw
        </Link>
      </div>
    </section>
  );
}
