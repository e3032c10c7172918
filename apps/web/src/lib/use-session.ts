import { useSyncExternalStore } from 'react';
import { readSession, type Session, subscribeToSession } from './session.ts';

/** The stored session, re-rendering on sign-in, sign-out, refresh and changes in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, readSession, () => null);
}
