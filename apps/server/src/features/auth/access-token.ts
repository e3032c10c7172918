import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sente';
const AUDIENCE = 'sente-api';
/** Two-factor challenges have their own audience and type: one is never an access token. */
const MFA_AUDIENCE = 'sente-mfa';
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;

export type MfaPurpose = 'verify' | 'setup';
export interface MfaChallengeClaims {
  readonly userId: number;
  readonly purpose: MfaPurpose;
  readonly issuedAt: number;
  /** The challenge's own id: it is spent by the sign-in it completes (single use). */
  readonly challengeId: string;
}

export interface AccessClaims {
  readonly userId: number;
  readonly role: string;
  /** The session (refresh-token family) it belongs to: signing out of it ends the token too. */
  readonly sessionId?: string | undefined;
}

export interface VerifiedAccess {
  readonly userId: number;
  readonly role: string;
  readonly sessionId: string | null;
  /** When the token was issued, in milliseconds since the epoch (a sign-out compares to the ms). */
  readonly issuedAtMs: number;
  /** When it stops being good, in whole seconds since the epoch. */
  readonly expiresAt: number;
}

export function createAccessTokens(secret: string, ttlSeconds: number) {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    ttlSeconds,

    sign: async (claims: AccessClaims, now: Date): Promise<string> =>
      new SignJWT({
        role: claims.role,
        typ: 'access',
        iat_ms: now.getTime(),
        ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + ttlSeconds)
        .sign(await key),

    /** A short-lived challenge, given after a correct password, to be answered with a code. */
    signMfaChallenge: async (claims: { userId: number; purpose: MfaPurpose }, now: Date): Promise<string> =>
      new SignJWT({ typ: 'mfa', purpose: claims.purpose, jti: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(MFA_AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + MFA_CHALLENGE_TTL_SECONDS)
        .sign(await key),

    verifyMfaChallenge: async (token: string, now: Date): Promise<MfaChallengeClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: MFA_AUDIENCE,
          currentDate: now,
        });
        const userId = Number(payload.sub);
        const purpose = payload.purpose;
        if (payload.typ !== 'mfa' || !Number.isSafeInteger(userId) || typeof payload.iat !== 'number')
          return null;
        if (purpose !== 'verify' && purpose !== 'setup') return null;
        if (typeof payload.jti !== 'string') return null;
        return { userId, purpose, issuedAt: payload.iat, challengeId: payload.jti };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },

    /** The claims of a good token; null for an expired, tampered, foreign or wrong-algorithm one. */
    verify: async (token: string, now: Date): Promise<VerifiedAccess | null> => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || typeof payload.role !== 'string') {
          return null;
        }
        if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
        // iat counts whole seconds; iat_ms says within the second (tokens from before it existed lack it).
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000;
        const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
        return { userId, role: payload.role, sessionId, issuedAtMs, expiresAt: payload.exp };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
