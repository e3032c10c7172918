import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  ConflictError,
  type DomainError,
  InvalidInputError,
  RateLimitedError,
  UnauthenticatedError,
} from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOpenUserById, type UserRow } from '../users/users.service.ts';
import type { AccessTokens, MfaPurpose } from './access-token.ts';
import { clearLoginFailures, countRecentLoginFailures, recordLoginFailure } from './auth.repo.ts';
import type { AuthService, SignedIn, SignInClient } from './auth.service.ts';
import {
  claimTotpStep,
  countUnusedRecoveryCodes,
  deleteMfa,
  findMfaSecret,
  markMfaEnabled,
  replaceRecoveryCodes,
  savePendingMfaSecret,
  spendChallenge,
  useRecoveryCode,
} from './mfa.repo.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
  type SecretBox,
  totpStep,
} from './totp.ts';

export const INVALID_CODE = 'Invalid authentication code';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.';
const ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.';

// Five wrong codes for one account in 15 minutes pause the second step (shared by replicas).
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The second step a user must pass after the password, if any (the login asks this). */
export function createMfaPolicy({ db, required }: { db: Db; required: boolean }) {
  return async (user: UserRow): Promise<MfaPurpose | null> => {
    if (user.role !== 'admin') return null;
    const secret = await findMfaSecret(db, user.id);
    if (secret?.enabledAt) return 'verify';
    return required ? 'setup' : null;
  };
}

export interface MfaServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly accessTokens: AccessTokens;
  readonly auth: Pick<AuthService, 'startSession' | 'endOtherSessions'>;
  readonly box: SecretBox;
  readonly required: boolean;
}

export function createMfaService({ db, clock, accessTokens, auth, box, required }: MfaServiceDeps) {
  const throttleKey = (userId: number) => `mfa:${userId}`;

  async function assertNotThrottled(userId: number): Promise<void> {
    const since = new Date(clock.now().getTime() - FAILURE_WINDOW_MS);
    if ((await countRecentLoginFailures(db, throttleKey(userId), since)) >= MAX_FAILURES) {
      throw new RateLimitedError(
        'TOO_MANY_WRONG_CODES',
        'Too many wrong codes. Please wait 15 minutes and try again.',
        FAILURE_WINDOW_MS / 1000,
      );
    }
  }

  /** Checks a code (TOTP, or a recovery code when allowed), counting failures; true when good. */
  async function checkCode(
    userId: number,
    sealedSecret: string,
    code: string,
    allowRecovery: boolean,
  ): Promise<boolean> {
    await assertNotThrottled(userId);
    const now = clock.now();
    const compact = code.replace(/\s/g, '');
    let good = false;
    if (/^\d{6}$/.test(compact)) {
      const step = totpStep(box.open(sealedSecret), compact, now);
      good = step !== null && (await claimTotpStep(db, userId, step));
    } else if (allowRecovery) {
      good = await useRecoveryCode(db, userId, recoveryCodeHash(userId, compact), now);
    }
    if (good) await clearLoginFailures(db, throttleKey(userId));
    else await recordLoginFailure(db, throttleKey(userId), now);
    return good;
  }

  async function setup(user: { id: number; email: string }) {
    const secret = newTotpSecret();
    if (!(await savePendingMfaSecret(db, user.id, box.seal(secret), clock.now())))
      throw new ConflictError('MFA_ALREADY_ON', ALREADY_ON);
    return { secret, otpauth_uri: otpauthUri(secret, user.email) };
  }

  /**
   * Turns a pending setup on with its first code; answers the recovery codes (shown once). Every
   * session but `keep` ends: whoever else held one signed in without the second step.
   */
  async function enable(
    userId: number,
    code: string,
    wrongCode: () => DomainError,
    keep: string | null,
  ): Promise<string[]> {
    const pending = await findMfaSecret(db, userId);
    if (!pending)
      throw new ConflictError(
        'MFA_SETUP_NOT_STARTED',
        'Start the setup first: there is no authenticator to confirm.',
      );
    if (pending.enabledAt) throw new ConflictError('MFA_ALREADY_ON', 'Two-factor sign-in is already on.');
    if (!(await checkCode(userId, pending.secretEncrypted, code, false))) throw wrongCode();
    const codes = newRecoveryCodes();
    const now = clock.now();
    await db.transaction(async (tx) => {
      await markMfaEnabled(tx, userId, now);
      await auth.endOtherSessions(tx, userId, keep);
      await replaceRecoveryCodes(
        tx,
        userId,
        codes.map((c) => recoveryCodeHash(userId, c)),
        now,
      );
      await recordAudit(tx, {
        actorId: userId,
        action: 'user.mfa_enabled',
        entityType: 'user',
        entityId: userId,
        before: { mfa_enabled: false },
        after: { mfa_enabled: true },
        at: now,
      });
    });
    return codes;
  }

  /** The user behind a live challenge, or 401: expired, forged, or the account changed since. */
  async function challengeUser(
    mfaToken: string,
    purpose?: MfaPurpose,
  ): Promise<UserRow & { challengeId: string }> {
    const claims = await accessTokens.verifyMfaChallenge(mfaToken, clock.now());
    if (!claims || (purpose && claims.purpose !== purpose))
      throw new UnauthenticatedError('MFA_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
    const user = await findOpenUserById(db, claims.userId);
    if (user?.status !== 'Active' || user.role !== 'admin')
      throw new UnauthenticatedError('MFA_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
    if (user.sessionsRevokedAt && claims.issuedAt < Math.floor(user.sessionsRevokedAt.getTime() / 1000))
      throw new UnauthenticatedError('MFA_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
    return { ...user, challengeId: claims.challengeId };
  }

  return {
    async status(userId: number) {
      const secret = await findMfaSecret(db, userId);
      const enabled = Boolean(secret?.enabledAt);
      return {
        enabled,
        required,
        recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    setup,

    async confirm(userId: number, code: string, sessionId: string | null) {
      const codes = await enable(
        userId,
        code,
        () => new InvalidInputError('INVALID_MFA_CODE', INVALID_CODE),
        sessionId,
      );
      return { enabled: true as const, recovery_codes: codes };
    },

    async disable(userId: number, code: string) {
      if (required)
        throw new ConflictError(
          'MFA_REQUIRED_FOR_ADMINS',
          'Two-factor sign-in is required for admins on this server; it cannot be turned off.',
        );
      const secret = await findMfaSecret(db, userId);
      if (!secret?.enabledAt) throw new ConflictError('MFA_NOT_ON', 'Two-factor sign-in is not on.');
      if (!(await checkCode(userId, secret.secretEncrypted, code, true)))
        throw new InvalidInputError('INVALID_MFA_CODE', INVALID_CODE);
      await db.transaction(async (tx) => {
        await deleteMfa(tx, userId);
        await recordAudit(tx, {
          actorId: userId,
          action: 'user.mfa_disabled',
          entityType: 'user',
          entityId: userId,
          before: { mfa_enabled: true },
          after: { mfa_enabled: false },
          at: clock.now(),
        });
      });
      return { enabled: false, required, recovery_codes_left: 0 };
    },

    /** ADMIN_MFA=required and no authenticator yet: set one up in the middle of the sign-in. */
    async setupDuringLogin(mfaToken: string) {
      const user = await challengeUser(mfaToken, 'setup');
      return setup(user);
    },

    /** The second step of an admin sign-in: a code (or a recovery code) → tokens. */
    async finishLogin(
      mfaToken: string,
      code: string,
      client: SignInClient | null = null,
    ): Promise<SignedIn & { recoveryCodes?: string[] }> {
      const user = await challengeUser(mfaToken);
      const secret = await findMfaSecret(db, user.id);
      // The right code spends the challenge: a copy of it cannot make a second session.
      const spend = async () => {
        if (!(await spendChallenge(db, user.challengeId, clock.now())))
          throw new UnauthenticatedError('MFA_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
      };
      if (secret?.enabledAt) {
        if (!(await checkCode(user.id, secret.secretEncrypted, code, true)))
          throw new UnauthenticatedError('INVALID_MFA_CODE', INVALID_CODE);
        await spend();
        return auth.startSession(user, 'two-factor', client);
      }
      if (secret && required) {
        const recoveryCodes = await enable(
          user.id,
          code,
          () => new UnauthenticatedError('INVALID_MFA_CODE', INVALID_CODE),
          null,
        );
        await spend();
        return { ...(await auth.startSession(user, 'two-factor', client)), recoveryCodes };
      }
      // Turned off since the password step: the challenge no longer fits; start again.
      throw new UnauthenticatedError('MFA_CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
