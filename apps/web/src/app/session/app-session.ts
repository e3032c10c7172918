import type { SignedInUser } from '@sente/contract';
import { createSessionStore, type StoredSession } from '../../lib/session-store.ts';

// The app's own session: borrowers and lenders keep it under keys of its own, so it never mixes with
// the back-office's (lib/session.ts). Type-only imports: the first screen ships no zod (docs/app.md).

export const APP_SESSION_KEYS = {
  accessToken: 'sente.app.accessToken',
  refreshToken: 'sente.app.refreshToken',
  user: 'sente.app.user',
} as const;

export type AppUser = SignedInUser;
export type AppSession = StoredSession<AppUser>;

/** The stored user, if it still looks like one (an old or tampered value counts as signed out). */
function parseUser(value: unknown): AppUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Partial<Record<keyof AppUser, unknown>>;
  const isUser =
    typeof user.id === 'number' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    (user.role === 'borrower' || user.role === 'lender' || user.role === 'admin') &&
    typeof user.phone_verified === 'boolean';
  return isUser ? (value as AppUser) : null;
}

const store = createSessionStore(APP_SESSION_KEYS, parseUser);

export const {
  readAccessToken: readAppAccessToken,
  readRefreshToken: readAppRefreshToken,
  readSession: readAppSession,
  saveSession: saveAppSession,
  saveTokens: saveAppTokens,
  /** After /api/auth/me/ or a phone confirmation: the user as the server now says. */
  saveUser: saveAppUser,
  clearSession: clearAppSession,
  /** Calls back on every change, sign-in and sign-out in another tab included. */
  subscribe: subscribeToAppSession,
} = store;
