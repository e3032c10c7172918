import { formatNumber, formatRate, formatUgx, parseRate } from '@sente/contract';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { StatCard } from '../../../ui/stat-card.tsx';
import type { useMarketplaceFigures } from './use-dashboard.ts';

type FiguresQuery = ReturnType<typeof useMarketplaceFigures>;

/**
 * The marketplace's figures on the dashboard. Six columns from xl: the three counts take two each
 * and the two amounts three each, so a large amount keeps room for its digits at 1366 px.
 */
export function MarketplaceFigures({ figures }: { readonly figures: FiguresQuery }) {
  const headingId = useId();
  const f = figures.data;
  const states = { isLoading: figures.isPending, isUnavailable: figures.isError };
  const clearingRate = f?.average_clearing_rate ? parseRate(f.average_clearing_rate) : null;
  const count = 'xl:col-span-2';
  const amount = 'xl:col-span-3';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          Marketplace
        </h2>
        <Link
          to={paths.marketplace}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-emerald-800 underline dark:text-emerald-300"
        >
          View marketplace
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-6">
        <StatCard
          label="Open Listings"
          value={formatNumber(f?.open_listings ?? 0)}
          className={count}
          {...states}
        />
        <StatCard
          label="Active Lenders"
          value={formatNumber(f?.active_lenders ?? 0)}
          hint="With a live or accepted bid"
          className={count}
          {...states}
        />
        <StatCard
          label="Average Clearing Rate"
          value={clearingRate === null ? 'None yet' : formatRate(clearingRate)}
          hint={clearingRate === null ? 'No funded offers yet' : 'Accepted offers, weighted by amount'}
          className={count}
          {...states}
        />
        <StatCard
          label="Amount Bid"
          value={formatUgx(f?.amount_bid)}
          hint="Live bids on open listings"
          className={amount}
          {...states}
        />
        <StatCard
          label="Funded This Month"
          value={formatUgx(f?.funded_this_month)}
          hint="Lenders' shares of loans paid out this month"
          className={`${amount} sm:col-span-2`}
          {...states}
        />
      </div>
    </section>
  );
}
