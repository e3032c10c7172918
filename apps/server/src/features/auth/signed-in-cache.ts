import { LRUCache } from 'lru-cache';
import type { ChangeSubscription } from '../../db/change-feed.ts';
import type { AuthUser } from '../../http/register-route.ts';
import type { VerifiedAccess } from './access-token.ts';

/** The channel migration 0012's trigger announces a user's sign-in change on (the payload is the id). */
export const USER_CHANGED_CHANNEL = 'sente_user_changed';

/** An open, active account as the guard last read it. */
export interface SignedInUser {
  readonly user: AuthUser;
  readonly sessionsRevokedAt: Date | null;
  /** Sessions (refresh families) signed out within an access token's lifetime: their tokens are refused. */
  readonly revokedSessions: ReadonlySet<string>;
}

export interface SignedInCacheOptions {
  /** Upper bound on how long a looked-up user is trusted, even with the change feed up. */
  readonly userTtlMs?: number;
  readonly maxEntries?: number;
}

// After a change made here, a few seconds in which nobody may cache the user again: a request that
// read the row before the change committed must not put the old state back.
const SETTLE_MS = 5_000;

/**
 * The auth guard's memory: verified access tokens (a pure function of the token and the time, kept
 * until they expire) and the users behind them. Without it every API request paid a JWT
 * verification and a `users` read before doing its own work (docs/scale.md).
 *
 * A user is cached only while the change feed listens: the trigger of migration 0012 announces every
 * change to status, role, closing, sign-out-everywhere, name or email on commit, to every replica,
 * and the entry is dropped. If the feed's connection is lost, nothing is trusted (and everything is
 * forgotten) until it listens again. Changes made in this process are also forgotten at once by
 * `forget`, before they commit, so the next request here never waits for the notice.
 */
export function createSignedInCache(options: SignedInCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const tokens = new LRUCache<string, VerifiedAccess>({ max: maxEntries });
  const users = new LRUCache<number, SignedInUser>({ max: maxEntries, ttl: options.userTtlMs ?? 30_000 });
  const settling = new Map<number, number>();
  let listening = false;

  const isSettling = (userId: number): boolean => {
    const until = settling.get(userId);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    settling.delete(userId);
    return false;
  };

  const subscription: ChangeSubscription = {
    onNotice: (payload) => {
      const id = Number(payload);
      if (Number.isSafeInteger(id)) users.delete(id);
      else users.clear();
    },
    onState: (now) => {
      listening = now;
      users.clear();
    },
  };

  return {
    subscription,

    isListening: (): boolean => listening,

    /** A token verified before, while it has not expired at `now`. */
    verifiedToken(token: string, now: Date): VerifiedAccess | undefined {
      const claims = tokens.get(token);
      if (claims && claims.expiresAt * 1000 > now.getTime()) return claims;
      if (claims) tokens.delete(token);
      return undefined;
    },

    rememberToken(token: string, claims: VerifiedAccess): void {
      tokens.set(token, claims);
    },

    user(userId: number): SignedInUser | undefined {
      return listening ? users.get(userId) : undefined;
    },

    rememberUser(entry: SignedInUser): void {
      if (listening && !isSettling(entry.user.id)) users.set(entry.user.id, entry);
    },

    /** Called by the code that changes what sign-in depends on, inside its transaction. */
    forget(userId: number): void {
      users.delete(userId);
      const now = performance.now();
      if (settling.size > 1_000) for (const [id, until] of settling) if (until <= now) settling.delete(id);
      settling.set(userId, now + SETTLE_MS);
    },
  };
}
export type SignedInCache = ReturnType<typeof createSignedInCache>;
