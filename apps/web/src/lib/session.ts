import { SessionUser } from '@sente/contract';

/** localStorage keys of the signed-in session (spec section 3). */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
} as const;

export interface Session {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly user: SessionUser;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Access to localStorage throws when the browser blocks storage; act as signed out.
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAccessToken(): string | null {
  return read(SESSION_KEYS.accessToken);
}

export function readRefreshToken(): string | null {
  return read(SESSION_KEYS.refreshToken);
}

function parseUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  try {
    const parsed = SessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let cache: { key: string; session: Session | null } | null = null;

/** The stored session, or null. Stable between changes, so React can subscribe to it. */
export function readSession(): Session | null {
  const accessToken = readAccessToken();
  const refreshToken = readRefreshToken();
  const rawUser = read(SESSION_KEYS.user);
  const key = JSON.stringify([accessToken, refreshToken, rawUser]);
  if (cache?.key === key) return cache.session;
  const user = parseUser(rawUser);
  const session = accessToken !== null && user !== null ? { accessToken, refreshToken, user } : null;
  cache = { key, session };
  return session;
}

export function saveSession(session: { access: string; refresh: string; user: SessionUser }): void {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.accessToken, session.access);
  store.setItem(SESSION_KEYS.refreshToken, session.refresh);
  store.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  notify();
}

export function saveTokens(tokens: { access: string; refresh: string }): void {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.accessToken, tokens.access);
  store.setItem(SESSION_KEYS.refreshToken, tokens.refresh);
  notify();
}

export function saveUser(user: SessionUser): void {
  storage()?.setItem(SESSION_KEYS.user, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(SESSION_KEYS.accessToken);
  store.removeItem(SESSION_KEYS.refreshToken);
  store.removeItem(SESSION_KEYS.user);
  notify();
}

/** Calls back on every change, including sign-in and sign-out in another tab. */
export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(SESSION_KEYS).includes(event.key)) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
