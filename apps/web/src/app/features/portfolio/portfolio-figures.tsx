import { formatUgx } from '@sente/contract/money';
import { describeReturn } from '../../../lib/lender-return.ts';
import { StatCard } from '../../../ui/stat-card.tsx';
import { describeLoans, interestAfterFees, type PortfolioDto, totalLoans } from './portfolio-figures.ts';

const RETURN_HINT = 'After fees; loans in default count as lost';

/** The four figures a lender's home shows. */
export function PortfolioHighlights({ portfolio }: { readonly portfolio: PortfolioDto }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <StatCard label="Cash available" value={formatUgx(portfolio.cash_available)} />
      <StatCard
        label="Outstanding"
        value={formatUgx(portfolio.outstanding_principal)}
        hint="Lent out, not yet repaid"
      />
      <StatCard
        label="Interest earned"
        value={formatUgx(interestAfterFees(portfolio))}
        hint="After Sente's fee"
      />
      <StatCard label="Net annual return" value={describeReturn(portfolio)} hint={RETURN_HINT} />
    </div>
  );
}

/** Every figure of GET /api/lender/portfolio/. */
export function PortfolioFigures({ portfolio }: { readonly portfolio: PortfolioDto }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <StatCard
        label="Cash available"
        value={formatUgx(portfolio.cash_available)}
        hint="Free to bid or withdraw"
      />
      <StatCard
        label="Reserved"
        value={formatUgx(portfolio.cash_reserved)}
        hint="Held for your bids and accepted offers"
      />
      <StatCard
        label="Outstanding principal"
        value={formatUgx(portfolio.outstanding_principal)}
        hint="Lent out, not yet repaid"
      />
      <StatCard label="Principal repaid" value={formatUgx(portfolio.principal_repaid)} />
      <StatCard
        label="Interest earned"
        value={formatUgx(interestAfterFees(portfolio))}
        hint={`${formatUgx(portfolio.interest_earned)} paid by borrowers, less Sente's fee`}
      />
      <StatCard label="Fees paid" value={formatUgx(portfolio.fees_paid)} hint="Sente's fee on the interest" />
      <StatCard label="Net annual return" value={describeReturn(portfolio)} hint={RETURN_HINT} />
      <StatCard label="Loans" value={totalLoans(portfolio.loans)} hint={describeLoans(portfolio.loans)} />
    </div>
  );
}
