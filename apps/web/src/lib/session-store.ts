/**
 * A signed-in session kept in localStorage under three keys: access token, refresh token and the
 * user. The back-office (lib/session.ts) and the app (app/session/app-session.ts) each keep one under
 * keys of their own, so the two never mix. No zod here: the app's first screen ships without it, so
 * each caller says how to read its stored user.
 */

export interface SessionKeys {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly user: string;
}

export interface StoredSession<User> {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly user: User;
}

type Listener = () => void;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Access to localStorage throws when the browser blocks storage; act as signed out.
    return null;
  }
}

/** `parseUser`: the stored user when it still looks like one (an old or tampered value is null). */
export function createSessionStore<User>(keys: SessionKeys, parseUser: (raw: unknown) => User | null) {
  const listeners = new Set<Listener>();
  const read = (key: string): string | null => storage()?.getItem(key) ?? null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const userFrom = (raw: string | null): User | null => {
    if (raw === null) return null;
    try {
      return parseUser(JSON.parse(raw));
    } catch {
      return null;
    }
  };
  let cache: { key: string; session: StoredSession<User> | null } | null = null;

  return {
    readAccessToken: (): string | null => read(keys.accessToken),
    readRefreshToken: (): string | null => read(keys.refreshToken),

    /** The stored session, or null; the same object until something changes (useSyncExternalStore). */
    readSession(): StoredSession<User> | null {
      const accessToken = read(keys.accessToken);
      const refreshToken = read(keys.refreshToken);
      const rawUser = read(keys.user);
      const key = JSON.stringify([accessToken, refreshToken, rawUser]);
      if (cache?.key === key) return cache.session;
      const user = userFrom(rawUser);
      const session = accessToken !== null && user !== null ? { accessToken, refreshToken, user } : null;
      cache = { key, session };
      return session;
    },

    saveSession(session: { readonly access: string; readonly refresh: string; readonly user: User }): void {
      const store = storage();
      if (!store) return;
      store.setItem(keys.accessToken, session.access);
      store.setItem(keys.refreshToken, session.refresh);
      store.setItem(keys.user, JSON.stringify(session.user));
      notify();
    },

    saveTokens(tokens: { readonly access: string; readonly refresh: string }): void {
      const store = storage();
      if (!store) return;
      store.setItem(keys.accessToken, tokens.access);
      store.setItem(keys.refreshToken, tokens.refresh);
      notify();
    },

    saveUser(user: User): void {
      storage()?.setItem(keys.user, JSON.stringify(user));
      notify();
    },

    clearSession(): void {
      const store = storage();
      if (!store) return;
      store.removeItem(keys.accessToken);
      store.removeItem(keys.refreshToken);
      store.removeItem(keys.user);
      notify();
    },

    /** Calls back on every change, sign-in and sign-out in another tab included. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      const watched: readonly string[] = Object.values(keys);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || watched.includes(event.key)) listener();
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(listener);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
  };
}
