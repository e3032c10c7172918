import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DAY_MS } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '../../domain-error.ts';
import type { AuthUser } from '../../http/register-route.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { kampalaSmsTime } from '../messages/kampala-sms-time.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  findOpenUserByEmail,
  findOpenUserById,
  markSessionsRevoked,
  type UserRow,
} from '../users/users.service.ts';
import type { AccessTokens, MfaPurpose } from './access-token.ts';
import {
  clearSignInFailures,
  countRecentSignInFailuresOfEmail,
  deleteRefreshTokensExpiredBefore,
  findLaterFamilyTokensForUpdate,
  findRecentSignInFailures,
  findRefreshTokenForUpdate,
  findSignInState,
  insertRefreshToken,
  lockSignInKey,
  markRefreshTokenRotated,
  markRefreshTokenSuperseded,
  markSessionsChanged,
  pruneLoginFailures,
  recordLoginFailure,
  revokeAllRefreshTokensOfUser,
  revokeOtherFamilies,
  revokeRefreshFamily,
} from './auth.repo.ts';
import { pruneSpentChallenges } from './mfa.repo.ts';
import { unusablePasswordHash, verifyPassword } from './password.ts';
import { isRetryOfLostAnswer } from './refresh-retry.ts';
import {
  ALERT_AFTER_FAILURES,
  ALERT_WINDOW_MS,
  describeWait,
  FAILURE_WINDOW_MS,
  waitBeforeNextTry,
} from './sign-in-throttle.ts';
import { createSignedInCache, type SignedInCache } from './signed-in-cache.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INACTIVE_ACCOUNT = 'This account is inactive. Please contact support.';
export const INVALID_REFRESH = 'Refresh token is invalid or expired';

/**
 * The message an account owner gets after repeated failed sign-ins (e-mail and inbox); its inbox
 * notification carries this kind, which is how "once a window" is checked.
 */
export const SIGN_IN_FAILURES_NOTIFICATION = 'security.sign-in-failures';

/** Where a sign-in came from, for the new-sign-in message to an admin. */
export interface SignInClient {
  /** request.ip: what the trusted proxy saw (TRUST_PROXY), never a forged header. */
  readonly address: string;
  readonly userAgent: string | null;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface AuthServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly accessTokens: AccessTokens;
  readonly refreshTtlSeconds: number;
  /** Whether this user must pass a second step after the password (admins with two-factor sign-in). */
  readonly mfaStepFor?: (user: UserRow) => Promise<MfaPurpose | null>;
  /** Recently verified tokens and signed-in users (a fresh, empty one when not given). */
  readonly signedIn?: SignedInCache;
  /** Whether an account owner was already told of failed sign-ins in this window. */
  readonly notifications: Pick<NotificationsService, 'wasNotifiedSince'>;
  /** Tells an account owner about repeated failed sign-ins, and an admin about each new sign-in. */
  readonly messages: Pick<MessagesService, 'send'>;
}

export interface SignedIn {
  readonly access: string;
  readonly refresh: string;
  readonly user: UserRow;
}

/** The password was right; a second step (a code, or setting up an authenticator) remains. */
export interface MfaPending {
  readonly mfaToken: string;
  readonly setupRequired: boolean;
}

export function createAuthService({
  db,
  clock,
  accessTokens,
  refreshTtlSeconds,
  mfaStepFor,
  signedIn = createSignedInCache(),
  notifications,
  messages,
}: AuthServiceDeps) {
  // Made now, not at the first unknown email, which would otherwise take two hashes' time.
  unusablePasswordHash().catch(() => {});

  async function issueRefresh(tx: DbOrTx, userId: number, familyId: string) {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await insertRefreshToken(tx, {
      userId,
      familyId,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + refreshTtlSeconds * 1000),
    });
    return token;
  }

  /** Revokes a session's refresh tokens and tells every guard, so its access tokens stop too. */
  async function endSession(tx: DbOrTx, row: { userId: number; familyId: string }, now: Date) {
    await revokeRefreshFamily(tx, row.familyId, now);
    await sessionsEnded(tx, row.userId, now);
  }

  /** After revoking refresh tokens: this process and every replica's guard read the user again. */
  async function sessionsEnded(tx: DbOrTx, userId: number, now: Date) {
    signedIn.forget(userId);
    await markSessionsChanged(tx, userId, now);
  }

  /**
   * Tokens for a user who has passed every step of the sign-in. An admin's sign-in is audited, and
   * the admin told of it by e-mail and in the inbox (someone else holding the password would show
   * there first), with the session's refresh token, in one unit of work.
   */
  async function startSession(
    user: UserRow,
    method: 'password' | 'two-factor' | 'registration' = 'password',
    client: SignInClient | null = null,
  ): Promise<SignedIn> {
    const sessionId = randomUUID();
    const refresh = await db.transaction(async (tx) => {
      const token = await issueRefresh(tx, user.id, sessionId);
      if (user.role === 'admin') {
        const now = clock.now();
        await recordAudit(tx, {
          actorId: user.id,
          action: 'user.signed_in',
          entityType: 'user',
          entityId: user.id,
          after: { method },
          at: now,
        });
        if (method !== 'registration') {
          await messages.send(
            tx,
            user.id,
            'security.admin-sign-in',
            {
              name: user.name,
              at: kampalaSmsTime(now),
              address: client?.address ?? 'unknown',
              userAgent: client?.userAgent ?? null,
              method,
            },
            // One message per session, whatever retries the transaction.
            { dedupeKey: `admin-sign-in:${sessionId}` },
          );
        }
      }
      return token;
    });
    const access = await accessTokens.sign({ userId: user.id, role: user.role, sessionId }, clock.now());
    return { access, refresh, user };
  }

  /**
   * After repeated failures for an email (from any address) its owner is told, once a window, by
   * e-mail and in the app (docs/notifications.md). Unknown emails run the same queries.
   */
  async function alertOwnerOfFailures(tx: DbOrTx, emailKey: string, user: UserRow | undefined, now: Date) {
    await lockSignInKey(tx, `sign-in-alert:${emailKey}`);
    const since = new Date(now.getTime() - ALERT_WINDOW_MS);
    const recent = await countRecentSignInFailuresOfEmail(tx, emailKey, since);
    if (!user || recent.failures < ALERT_AFTER_FAILURES) return;
    if (await notifications.wasNotifiedSince(tx, user.id, SIGN_IN_FAILURES_NOTIFICATION, since)) return;
    await messages.send(tx, user.id, SIGN_IN_FAILURES_NOTIFICATION, {
      name: user.name,
      failures: recent.failures,
      addresses: recent.addresses,
      isAdmin: user.role === 'admin',
    });
  }

  return {
    startSession,

    /**
     * Signs in with email and password from a client address. Failed tries slow down the next ones
     * from the same address for the same email only (sign-in-throttle.ts); a wrong password and an
     * unknown email take the same path, so the answers cannot tell them apart.
     */
    async login(
      email: string,
      password: string,
      address: string,
      userAgent: string | null = null,
    ): Promise<SignedIn | MfaPending> {
      const emailKey = email.trim().toLowerCase();
      const now = clock.now();
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
      // The try counts as a failure until the password proves right, so parallel guesses from one
      // address cannot all slip in before the first of them is recorded.
      const waitMs = await db.transaction(async (tx) => {
        await lockSignInKey(tx, `sign-in:${emailKey}:${address}`);
        const recent = await findRecentSignInFailures(tx, emailKey, address, since);
        const wait = waitBeforeNextTry(recent.count, recent.lastFailedAt, now);
        if (wait === 0) await recordLoginFailure(tx, emailKey, now, address);
        return wait;
      });
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new RateLimitedError(
          'TOO_MANY_SIGN_IN_FAILURES',
          `Too many failed sign-in attempts. Please wait ${describeWait(seconds)} and try again.`,
          seconds,
        );
      }
      const user = await findOpenUserByEmail(db, emailKey);
      const isMatch = await verifyPassword(user?.passwordHash ?? (await unusablePasswordHash()), password);
      if (!user || !isMatch) {
        await db.transaction((tx) => alertOwnerOfFailures(tx, emailKey, user, now));
        throw new UnauthenticatedError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await clearSignInFailures(db, emailKey, address);
      if (user.status !== 'Active') throw new ForbiddenError('ACCOUNT_INACTIVE', INACTIVE_ACCOUNT);
      const mfaStep = (await mfaStepFor?.(user)) ?? null;
      if (mfaStep) {
        const mfaToken = await accessTokens.signMfaChallenge({ userId: user.id, purpose: mfaStep }, now);
        return { mfaToken, setupRequired: mfaStep === 'setup' };
      }
      return startSession(user, 'password', { address, userAgent });
    },

    /**
     * Rotates a refresh token. A token presented after it was rotated revokes its whole family,
     * unless it is a retry whose answer was lost (refresh-retry.ts): then the unused pair it was
     * answered with is superseded and a new one issued.
     */
    async refresh(token: string): Promise<{ access: string; refresh: string }> {
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await findRefreshTokenForUpdate(tx, sha256(token));
        if (!row || row.revokedAt) return null;
        // On a retry: the one token the lost answer carried, never used, to be replaced.
        let unanswered: { readonly id: number } | undefined;
        if (row.rotatedAt) {
          const later = await findLaterFamilyTokensForUpdate(tx, row.familyId, row.id);
          if (!isRetryOfLostAnswer(row, later, now)) {
            // A stolen token came back: the whole session ends, its access tokens included.
            await endSession(tx, row, now);
            return 'reused' as const;
          }
          unanswered = later.find((token) => token.rotatedAt === null);
        }
        if (row.expiresAt <= now) return null;
        const user = await findOpenUserById(tx, row.userId);
        if (user?.status !== 'Active') return null;
        if (unanswered) await markRefreshTokenSuperseded(tx, unanswered.id, now);
        else await markRefreshTokenRotated(tx, row.id, now);
        const refresh = await issueRefresh(tx, user.id, row.familyId);
        const access = await accessTokens.sign(
          { userId: user.id, role: user.role, sessionId: row.familyId },
          now,
        );
        return { access, refresh };
      });
      // The family revocation above must commit, so the refusal is thrown only after the transaction.
      if (outcome === null || outcome === 'reused')
        throw new UnauthenticatedError('INVALID_REFRESH_TOKEN', INVALID_REFRESH);
      return outcome;
    },

    async logout(token: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await findRefreshTokenForUpdate(tx, sha256(token));
        if (row) await endSession(tx, row, clock.now());
      });
    },

    /** Housekeeping: old failed sign-ins and long-expired refresh tokens. */
    async pruneExpired(now: Date): Promise<void> {
      const dayAgo = new Date(now.getTime() - DAY_MS);
      await pruneLoginFailures(db, dayAgo);
      await deleteRefreshTokensExpiredBefore(db, dayAgo);
      await pruneSpentChallenges(db, dayAgo);
    },

    /**
     * Ends every session of the user but `keep` (the one that asked), access tokens included: after
     * a change that should lock out whoever else holds a session (two-factor sign-in turned on).
     */
    async endOtherSessions(tx: DbOrTx, userId: number, keep: string | null | undefined): Promise<void> {
      const now = clock.now();
      await revokeOtherFamilies(tx, userId, keep ?? null, now);
      await sessionsEnded(tx, userId, now);
    },

    /**
     * Revokes every refresh token of the user. Pass the caller's transaction so the sign-out commits
     * with the change that caused it (deactivation, closing, a password reset).
     */
    async signOutEverywhere(userId: number, tx: DbOrTx = db): Promise<void> {
      signedIn.forget(userId);
      const now = clock.now();
      await revokeAllRefreshTokensOfUser(tx, userId, now);
      await markSessionsRevoked(tx, userId, now);
    },

    /**
     * Called inside the transaction that changes what the guard reads of a user (status, name,
     * email), so this process stops trusting what it cached; other replicas hear it on commit.
     */
    userChanged(userId: number): void {
      signedIn.forget(userId);
    },

    /** The guard's lookup: a valid token of an open, active account, with the role it has now. */
    async authenticate(token: string): Promise<AuthUser | null> {
      const now = clock.now();
      let claims = signedIn.verifiedToken(token, now);
      if (!claims) {
        const verified = await accessTokens.verify(token, now);
        if (!verified) return null;
        signedIn.rememberToken(token, verified);
        claims = verified;
      }
      let entry = signedIn.user(claims.userId);
      if (!entry) {
        const since = new Date(now.getTime() - accessTokens.ttlSeconds * 1000);
        const state = await findSignInState(db, claims.userId, since);
        if (state?.user.status !== 'Active') return null;
        const user = state.user;
        entry = {
          user: { id: user.id, role: user.role, name: user.name, email: user.email },
          sessionsRevokedAt: user.sessionsRevokedAt,
          revokedSessions: new Set(state.revoked),
        };
        signedIn.rememberUser(entry);
      }
      // Tokens from before a sign-out-everywhere (to the millisecond), or of a session signed out.
      if (entry.sessionsRevokedAt && claims.issuedAtMs < entry.sessionsRevokedAt.getTime()) return null;
      if (claims.sessionId && entry.revokedSessions.has(claims.sessionId)) return null;
      return claims.sessionId ? { ...entry.user, sessionId: claims.sessionId } : entry.user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
