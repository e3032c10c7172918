import type { SessionUser } from '@sente/contract';
import { createContext, useContext } from 'react';

/** The signed-in admin, as the server confirmed it; provided by RequireAdmin. */
export const AdminUserContext = createContext<SessionUser | null>(null);

export function useAdminUser(): SessionUser {
  const user = useContext(AdminUserContext);
  if (!user) throw new Error('useAdminUser must be used within RequireAdmin');
  return user;
}
