import type { SessionUser } from '@sente/contract';
import { createSessionStore, type StoredSession } from './session-store.ts';

// Type-only contract import: the API client reads its tokens here, and the app's first signed-in
// screen loads that client without zod (docs/app.md, What the first screen loads).

/** localStorage keys of the signed-in session (spec section 3). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

export type Session = StoredSession<SessionUser>;

/** The stored user, if it still has the contract's SessionUser shape (an old or tampered value is null). */
function parseUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Partial<Record<keyof SessionUser, unknown>>;
  const isUser =
    typeof user.id === 'number' &&
    Number.isInteger(user.id) &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.username === 'string' &&
    (typeof user.phone_number === 'string' || user.phone_number === null) &&
    (user.role === 'admin' || user.role === 'borrower' || user.role === 'lender') &&
    (user.status === 'Active' || user.status === 'Inactive') &&
    typeof user.registration_date === 'string';
  return isUser ? (value as SessionUser) : null;
}

const store = createSessionStore(SESSION_KEYS, parseUser);

export const {
  readAccessToken,
  readRefreshToken,
  readSession,
  saveSession,
  saveTokens,
  saveUser,
  clearSession,
  subscribe: subscribeToSession,
} = store;
