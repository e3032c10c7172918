import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { NO_DATA_TEXT } from '../../../ui/data-table.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { LenderParticipationsTable } from './lender-participations-table.tsx';
import { LenderPortfolioSummary } from './lender-portfolio-summary.tsx';
import { LOAN_STATUSES, loanStatusLabel } from './loan-status-badge.tsx';
import { useLenderParticipations, useLenderPortfolio } from './use-lender-portfolio.ts';
import { LENDER_PORTFOLIO_MESSAGES } from './user-messages.ts';

/** A lender's portfolio and shares; the page, page size and status filter live in the URL. */
export function useLenderPortfolioTab(lenderId: number, isOpened: boolean) {
  const url = useUrlState();
  const paging = useUrlPaging();
  const status = url.oneOf('status', [...LOAN_STATUSES, ''], '');
  const portfolio = useLenderPortfolio(lenderId, isOpened);
  const participations = useLenderParticipations(lenderId, { ...paging, status }, isOpened);
  const loans = portfolio.data?.loans;
  return {
    lenderId,
    portfolio,
    participations,
    paging,
    status,
    onStatusChange: (next: string) => url.update({ status: next }),
    /** The portfolio counts the lender's shares by their loan's status: together, every share. */
    count: loans ? loans.active + loans.overdue + loans.default + loans.fully_paid : undefined,
  };
}
export type LenderPortfolioTab = ReturnType<typeof useLenderPortfolioTab>;

export function LenderPortfolioPanel({ tab }: { readonly tab: LenderPortfolioTab }) {
  const { portfolio, participations } = tab;
  return (
    <div className="flex flex-col gap-6">
      {portfolio.isError ? (
        <ErrorBanner
          message={LENDER_PORTFOLIO_MESSAGES.portfolioFailed}
          reason={serverReason(portfolio.error)}
          onRetry={() => void portfolio.refetch()}
          retryLabel="Try Again"
        />
      ) : null}
      <LenderPortfolioSummary query={portfolio} />
      {/* Not a region of its own: the table's scrolling region already carries the name. */}
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Participations</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The lender's share of each loan it funded, newest first. A loan opens its repayments and who funded
          it.
        </p>
        {participations.isError ? (
          <ErrorBanner
            message={LENDER_PORTFOLIO_MESSAGES.participationsFailed}
            reason={serverReason(participations.error)}
            onRetry={() => void participations.refetch()}
            retryLabel="Try Again"
          />
        ) : null}
        <LenderParticipationsTable
          lenderId={tab.lenderId}
          list={participations}
          paging={tab.paging}
          emptyText={
            participations.isError
              ? NO_DATA_TEXT
              : tab.status
                ? LENDER_PORTFOLIO_MESSAGES.noneWithStatus
                : LENDER_PORTFOLIO_MESSAGES.noParticipations
          }
          toolbar={
            <SelectField
              label="Loan status"
              value={tab.status}
              onChange={(event) => tab.onStatusChange(event.target.value)}
              options={[
                { value: '', label: 'All' },
                ...LOAN_STATUSES.map((status) => ({ value: status, label: loanStatusLabel(status) })),
              ]}
              className="flex-row items-center whitespace-nowrap"
            />
          }
        />
      </div>
    </div>
  );
}
