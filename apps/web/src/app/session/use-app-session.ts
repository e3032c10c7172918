import { useSyncExternalStore } from 'react';
import { type AppSession, readAppSession, subscribeToAppSession } from './app-session.ts';

/** The app's stored session, re-rendering on sign-in, sign-out, refresh and changes in other tabs. */
export function useAppSession(): AppSession | null {
  return useSyncExternalStore(subscribeToAppSession, readAppSession, () => null);
}
