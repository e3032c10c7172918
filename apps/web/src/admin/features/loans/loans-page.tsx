import { useUrlState } from '../../../lib/use-url-state.ts';
import { SideMenu } from '../../../ui/side-menu.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { LoanTypesTab } from './loan-types-tab.tsx';
import { LoansDetailsTab } from './loans-details-tab.tsx';
import { RepaymentsTab } from './repayments-tab.tsx';

const TABS = ['loans', 'repayments', 'loan-types'] as const;
export type LoansTab = (typeof TABS)[number];

const TAB_LABELS: Record<LoansTab, string> = {
  loans: 'Loans Details',
  repayments: 'Repayments',
  'loan-types': 'Loan Types',
};

export function LoansPage() {
  const url = useUrlState();
  const tab = url.oneOf('tab', TABS, 'loans');
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Loans" />
      <div className="flex flex-col gap-6 lg:flex-row">
        <SideMenu
          label="Loans sections"
          items={TABS.map((key) => ({
            label: TAB_LABELS[key],
            to: { search: key === 'loans' ? '' : `?tab=${key}` },
            isActive: key === tab,
          }))}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{TAB_LABELS[tab]}</h2>
          {tab === 'loans' ? <LoansDetailsTab /> : null}
          {tab === 'repayments' ? <RepaymentsTab /> : null}
          {tab === 'loan-types' ? <LoanTypesTab /> : null}
        </div>
      </div>
    </div>
  );
}
