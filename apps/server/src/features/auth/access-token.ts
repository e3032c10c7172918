import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sente';
const AUDIENCE = 'sente-api';

export interface AccessClaims {
  readonly userId: number;
  readonly role: string;
}

export interface VerifiedAccess extends AccessClaims {
  /** When the token was issued, in whole seconds since the epoch. */
  readonly issuedAt: number;
}

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: AccessClaims, now: Date): Promise<string> =>
      new SignJWT({ role: claims.role, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + ttlSeconds)
        .sign(key),

    /** The claims of a good token; null for an expired, tampered, foreign or wrong-algorithm one. */
    verify: async (token: string, now: Date): Promise<VerifiedAccess | null> => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || typeof payload.role !== 'string') {
          return null;
        }
        if (typeof payload.iat !== 'number') return null;
        return { userId, role: payload.role, issuedAt: payload.iat };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
