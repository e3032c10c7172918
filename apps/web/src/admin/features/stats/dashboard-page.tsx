import { formatKampalaDate, formatNumber, formatUgx, ugxOrZero } from '@sente/contract';
import { RefreshCw } from 'lucide-react';
import { GroupedBarChart, HorizontalBars } from '../../../ui/bar-chart.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { classNames } from '../../../ui/class-names.ts';
import { Notice } from '../../../ui/notice.tsx';
import { DATA_UNAVAILABLE, StatCard } from '../../../ui/stat-card.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { ALL_DATA_LOADED, dashboardNotices, SOME_DATA_UNAVAILABLE } from './dashboard-notices.ts';
import { MarketplaceFigures } from './marketplace-figures.tsx';
import { CHART_WEEKS, useDashboardSources, useMarketplaceFigures, useWeeklyFlows } from './use-dashboard.ts';

interface PeriodTotals {
  readonly today: string;
  readonly this_week: string;
  readonly this_month: string;
}

function Breakdown({
  title,
  periods,
  total,
  isLoading,
  isUnavailable,
}: {
  readonly title: string;
  readonly periods: PeriodTotals | undefined;
  readonly total: string | undefined;
  readonly isLoading: boolean;
  readonly isUnavailable: boolean;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      {isUnavailable ? (
        <p className="font-semibold text-red-700 dark:text-red-300">{DATA_UNAVAILABLE}</p>
      ) : isLoading ? (
        <p>Loading...</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">Today</dt>
          <dd className="text-right tabular-nums">{formatUgx(periods?.today)}</dd>
          <dt className="text-slate-600 dark:text-slate-300">This Week</dt>
          <dd className="text-right tabular-nums">{formatUgx(periods?.this_week)}</dd>
          <dt className="text-slate-600 dark:text-slate-300">This Month</dt>
          <dd className="text-right tabular-nums">{formatUgx(periods?.this_month)}</dd>
          <dt className="border-t border-slate-200 pt-2 font-semibold dark:border-slate-700">Total</dt>
          <dd className="border-t border-slate-200 pt-2 text-right font-semibold tabular-nums dark:border-slate-700">
            {formatUgx(total)}
          </dd>
        </dl>
      )}
    </Card>
  );
}

export function DashboardPage() {
  const { users, applications, loans, financial } = useDashboardSources();
  const flows = useWeeklyFlows();
  const marketplace = useMarketplaceFigures();
  const sources = [users, applications, loans, financial, marketplace];
  const notices = dashboardNotices({ users, applications, loans, financial, marketplace });
  const isSettled = sources.every((source) => !source.isPending);
  const isRefreshing = sources.some((source) => source.isFetching) || flows.isFetching;
  const refresh = () => {
    for (const source of [...sources, flows]) void source.refetch();
  };
  const u = users.data;
  const a = applications.data;
  const l = loans.data;
  const f = financial.data;
  const states = (query: { isPending: boolean; isError: boolean }) => ({
    isLoading: query.isPending,
    isUnavailable: query.isError,
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title="Dashboard" />
        <Button variant="secondary" onClick={refresh} disabled={isRefreshing}>
          <RefreshCw aria-hidden="true" className={classNames('size-4', isRefreshing && 'animate-spin')} />
          Refresh
        </Button>
      </div>

      {notices.length > 0 ? (
        <Notice tone="warning" title={SOME_DATA_UNAVAILABLE}>
          <ul className="list-disc pl-5">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </Notice>
      ) : isSettled ? (
        <Notice tone="success">{ALL_DATA_LOADED}</Notice>
      ) : null}

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Platform Wallet Balance"
          value={formatUgx(f?.platform_wallet_balance)}
          {...states(financial)}
        />
        <StatCard
          label="Total No. Of Users"
          value={formatNumber(u?.total_users ?? 0)}
          hint={`${formatNumber(u?.active_users ?? 0)} active, ${formatNumber(u?.inactive_users ?? 0)} inactive`}
          {...states(users)}
        />
        <StatCard
          label="Applications"
          value={`${formatNumber(a?.pending_applications ?? 0)} / ${formatNumber(a?.approved_applications ?? 0)} / ${formatNumber(a?.rejected_applications ?? 0)}`}
          hint="Pending / Approved / Rejected"
          {...states(applications)}
        />
        <StatCard
          label="Loans"
          value={`${formatNumber(l?.active_loans ?? 0)} / ${formatNumber(l?.overdue_loans ?? 0)} / ${formatNumber(l?.fully_paid_loans ?? 0)}`}
          hint="Active / Overdue / Fully Paid"
          {...states(loans)}
        />
        <StatCard label="Total Loan Portfolio" value={formatUgx(l?.total_portfolio)} {...states(loans)} />
        <StatCard label="Outstanding Balance" value={formatUgx(l?.outstanding_balance)} {...states(loans)} />
        <StatCard
          label="Total Disbursements"
          value={formatUgx(f?.total_disbursements)}
          {...states(financial)}
        />
        <StatCard label="Total Repayments" value={formatUgx(f?.total_repayments)} {...states(financial)} />
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <Breakdown
          title="Disbursements Breakdown"
          periods={f?.disbursements}
          total={f?.total_disbursements}
          {...states(financial)}
        />
        <Breakdown
          title="Repayments Breakdown"
          periods={f?.repayments}
          total={f?.total_repayments}
          {...states(financial)}
        />
      </div>

      <MarketplaceFigures figures={marketplace} />

      <div className="grid gap-4 xl:grid-cols-3">
        <Card className="flex flex-col gap-3 p-5 xl:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            Disbursements and repayments, last {CHART_WEEKS} weeks
          </h2>
          {flows.isError ? (
            <p className="font-semibold text-red-700 dark:text-red-300">{DATA_UNAVAILABLE}</p>
          ) : flows.data ? (
            <GroupedBarChart
              caption={`Disbursements and repayments per week, last ${CHART_WEEKS} weeks (UGX)`}
              categories={flows.data.weeks.map((week) => formatKampalaDate(week.week_start).slice(0, 6))}
              formatValue={(value) => formatUgx(value)}
              series={[
                {
                  name: 'Disbursements',
                  fillClass: 'fill-emerald-600 dark:fill-emerald-400',
                  swatchClass: 'bg-emerald-600 dark:bg-emerald-400',
                  values: flows.data.weeks.map((week) => ugxOrZero(week.disbursements)),
                },
                {
                  name: 'Repayments',
                  fillClass: 'fill-sky-600 dark:fill-sky-400',
                  swatchClass: 'bg-sky-600 dark:bg-sky-400',
                  values: flows.data.weeks.map((week) => ugxOrZero(week.repayments)),
                },
              ]}
            />
          ) : (
            <p>Loading...</p>
          )}
        </Card>
        <Card className="flex flex-col gap-3 p-5">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Loans by status</h2>
          {loans.isError ? (
            <p className="font-semibold text-red-700 dark:text-red-300">{DATA_UNAVAILABLE}</p>
          ) : l ? (
            <HorizontalBars
              label="Number of loans by status"
              items={[
                { label: 'Active', value: l.active_loans, barClass: 'bg-sky-600 dark:bg-sky-400' },
                { label: 'Overdue', value: l.overdue_loans, barClass: 'bg-orange-500 dark:bg-orange-400' },
                { label: 'Default', value: l.default_loans, barClass: 'bg-red-600 dark:bg-red-400' },
                {
                  label: 'Fully Paid',
                  value: l.fully_paid_loans,
                  barClass: 'bg-emerald-600 dark:bg-emerald-400',
                },
              ]}
            />
          ) : (
            <p>Loading...</p>
          )}
        </Card>
      </div>
    </div>
  );
}
