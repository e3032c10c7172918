import type { LucideIcon } from 'lucide-react';
import { Bell, FilePlus2, House, Store, UserRound, Wallet } from 'lucide-react';
import { paths } from '../../lib/paths.ts';
import type { AppUser } from '../session/app-session.ts';

export interface AppNavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: LucideIcon;
  /** Only the exact path counts as here (Home would otherwise match every screen). */
  readonly isEnd?: boolean;
}

const home: AppNavItem = { label: 'Home', to: paths.app, icon: House, isEnd: true };
const inbox: AppNavItem = { label: 'Inbox', to: paths.appNotifications, icon: Bell };
const profile: AppNavItem = { label: 'Profile', to: paths.appProfile, icon: UserRound };

/** The lender's marketplace; its bids, listings and auto-invest are reached from it (the tab stays lit). */
const market: AppNavItem = { label: 'Market', to: paths.appMarket, icon: Store };

/**
 * The bottom navigation per role. A lender's tabs are Home, Market, Wallet, Inbox, Profile; its
 * Portfolio is reached from Home, its bids and auto-invest from Market (docs/app.md).
 */
export function navigationFor(role: AppUser['role']): readonly AppNavItem[] {
  if (role === 'borrower') {
    return [home, { label: 'Apply', to: paths.appApply, icon: FilePlus2 }, inbox, profile];
  }
  return [home, market, { label: 'Wallet', to: paths.appWallet, icon: Wallet }, inbox, profile];
}
