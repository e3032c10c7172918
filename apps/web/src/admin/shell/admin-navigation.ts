import {
  ArrowLeftRight,
  FileText,
  HandCoins,
  Landmark,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Store,
  Users,
} from 'lucide-react';
import { paths } from '../../lib/paths.ts';

export interface AdminNavEntry {
  readonly label: string;
  readonly to: string;
  readonly icon: LucideIcon;
  /** Only the exact path marks the entry current (the Dashboard entry is a prefix of the rest). */
  readonly isExact?: boolean;
}

/** The sidebar entries of spec section 2, Admin layout, then the marketplace's (docs/marketplace.md) and the job queue's (docs/back-office.md, Jobs). */
export const adminNavigation: readonly AdminNavEntry[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard, isExact: true },
  { label: 'Users', to: paths.users, icon: Users },
  { label: 'Applications', to: paths.applications, icon: FileText },
  { label: 'Loans', to: paths.loans, icon: Landmark },
  { label: 'Transactions', to: paths.transactions, icon: ArrowLeftRight },
  { label: 'Marketplace', to: paths.marketplace, icon: Store },
  { label: 'Lenders', to: paths.lenders, icon: HandCoins },
  { label: 'Jobs', to: paths.jobs, icon: ListChecks },
];
