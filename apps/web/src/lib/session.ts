import { SessionUser } from '@sente/contract';
import { createSessionStore, type StoredSession } from './session-store.ts';

/** localStorage keys of the signed-in session (spec section 3). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

export type Session = StoredSession<SessionUser>;

const store = createSessionStore(SESSION_KEYS, (raw) => {
  const parsed = SessionUser.safeParse(raw);
  return parsed.success ? parsed.data : null;
});

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
