import {
  AlarmClock,
  ArrowLeftRight,
  FileText,
  HandCoins,
  History,
  Inbox,
  Landmark,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Store,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { paths } from '../../lib/paths.ts';
import { EnquiriesBadge } from '../features/public-forms/enquiries-badge.tsx';

export interface AdminNavEntry {
  readonly label: string;
  readonly to: string;
  readonly icon: LucideIcon;
  /** Only the exact path marks the entry current (the Dashboard entry is a prefix of the rest). */
  readonly isExact?: boolean;
  /** A figure beside the label (how many enquiries are new). */
  readonly Badge?: ComponentType;
}

/** The sidebar entries of spec section 2, Admin layout, then the marketplace's (docs/marketplace.md) and the job queue's (docs/back-office.md, Jobs). */
export const adminNavigation: readonly AdminNavEntry[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard, isExact: true },
  { label: 'Users', to: paths.users, icon: Users },
  { label: 'Applications', to: paths.applications, icon: FileText },
  { label: 'Loans', to: paths.loans, icon: Landmark },
  { label: 'Collections', to: paths.collections, icon: AlarmClock },
  { label: 'Transactions', to: paths.transactions, icon: ArrowLeftRight },
  { label: 'Marketplace', to: paths.marketplace, icon: Store },
  { label: 'Lenders', to: paths.lenders, icon: HandCoins },
  { label: 'Enquiries', to: paths.enquiries, icon: Inbox, Badge: EnquiriesBadge },
  { label: 'Audit Log', to: paths.audit, icon: History },
  { label: 'Jobs', to: paths.jobs, icon: ListChecks },
];
