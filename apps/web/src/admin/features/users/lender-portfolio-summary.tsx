import { formatNumber, formatUgx, type Portfolio } from '@sente/contract';
import { useId } from 'react';
import type { z } from 'zod';
import { describeReturn } from '../../../lib/lender-return.ts';
import { StatCard } from '../../../ui/stat-card.tsx';

export interface PortfolioQuery {
  readonly data?: z.infer<typeof Portfolio> | undefined;
  readonly isPending: boolean;
  readonly isError: boolean;
}

/** What the lender sees of its own money (GET /api/lender/portfolio/), read by an admin. */
export function LenderPortfolioSummary({ query }: { readonly query: PortfolioQuery }) {
  const headingId = useId();
  const p = query.data;
  const states = { isLoading: query.isPending, isUnavailable: query.isError };
  const loans = p?.loans;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Portfolio
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Cash Available"
          value={formatUgx(p?.cash_available)}
          hint="In the wallet, free to bid"
          {...states}
        />
        <StatCard
          label="Reserved"
          value={formatUgx(p?.cash_reserved)}
          hint="Held for live bids and accepted offers"
          {...states}
        />
        <StatCard
          label="Outstanding Principal"
          value={formatUgx(p?.outstanding_principal)}
          hint="Lent out, not yet repaid"
          {...states}
        />
        <StatCard label="Principal Repaid" value={formatUgx(p?.principal_repaid)} {...states} />
        <StatCard
          label="Interest Earned"
          value={formatUgx(p?.interest_earned)}
          hint="Before the platform fee"
          {...states}
        />
        <StatCard
          label="Fees Paid"
          value={formatUgx(p?.fees_paid)}
          hint="Platform fee on interest"
          {...states}
        />
        <StatCard
          label="Net Annual Return"
          value={p ? describeReturn(p) : ''}
          hint="After fees; loans in default count as lost"
          {...states}
        />
        <StatCard
          label="Loans"
          value={[loans?.active, loans?.overdue, loans?.default, loans?.fully_paid]
            .map((n) => formatNumber(n ?? 0))
            .join(' / ')}
          hint="Active / Overdue / Default / Fully Paid"
          {...states}
        />
      </div>
    </section>
  );
}
