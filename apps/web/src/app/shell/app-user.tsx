import { createContext, useContext } from 'react';
import type { AppUser } from '../session/app-session.ts';

export const AppUserContext = createContext<AppUser | null>(null);

/** The signed-in borrower or lender; only inside RequireAppUser. */
export function useAppUser(): AppUser {
  const user = useContext(AppUserContext);
  if (!user) throw new Error('useAppUser must be used inside RequireAppUser');
  return user;
}
