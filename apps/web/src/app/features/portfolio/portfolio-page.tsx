import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { textLinkClass } from '../../../ui/text-link.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { RequireRole } from '../../shell/require-role.tsx';
import { ParticipationsSection } from './participations-section.tsx';
import { PortfolioFigures } from './portfolio-figures.tsx';
import { StatementSection } from './statement-section.tsx';
import { usePortfolio } from './use-portfolio.ts';

/** /app/portfolio: the lender's money and returns, its shares of loans, and the statement. */
export function PortfolioPage() {
  return (
    <RequireRole allowed="lender">
      <Portfolio />
    </RequireRole>
  );
}

function Portfolio() {
  useDocumentTitle('Portfolio');
  const portfolio = usePortfolio();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">Portfolio</h1>
      <section aria-labelledby="summary-title" className="flex flex-col gap-3">
        <h2 id="summary-title" className="text-lg font-bold">
          Your money
        </h2>
        <QueryState query={portfolio} label="your portfolio">
          {(data) => <PortfolioFigures portfolio={data} />}
        </QueryState>
        <Link to={paths.appWallet} className={textLinkClass}>
          Deposit or withdraw in your wallet
        </Link>
      </section>
      <ParticipationsSection />
      <StatementSection />
    </div>
  );
}
