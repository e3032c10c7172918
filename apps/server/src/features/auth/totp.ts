import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Sente';

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/** The code an authenticator shows at `now` (tests and the demo use it). */
export function totpCode(secretBase32: string, now: Date): string {
  return totpFor(secretBase32, 'code').generate({ timestamp: now.getTime() });
}

/**
 * The 30-second step the code belongs to, accepting one step of clock drift either way; null for a
 * wrong code. The caller refuses a step it has already accepted, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'code').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten recovery codes like `k3mf-9tqa-xr`: 50 random bits each, no look-alike characters. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes, and stored hashed per user. */
export function recoveryCodeHash(userId: number, code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`${userId}:${normal}`).digest('hex');
}

/** Encrypts authenticator secrets at rest with a key derived from the server secret. */
export function createSecretBox(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('sente:mfa-secret:v1').digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unreadable authenticator secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
