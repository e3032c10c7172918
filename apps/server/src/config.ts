import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './server-root.ts';

/** The only reader of process.env. Everything else takes a Config. */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 60 * 60),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Contact and Become a Lender submissions per minute per address. */
  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(50).default('sente:'),
  ADMIN_MFA: z.enum(['optional', 'required']).default('optional'),
  MAX_MONTHLY_RATE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('2.80'),
});

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly database:
    | {
        readonly kind: 'postgres';
        readonly url: string;
        readonly poolSize: number;
        /** Longest a statement may run; the client gives up a little later even if the network is dead. */
        readonly statementTimeoutMs?: number;
      }
    | { readonly kind: 'pglite'; readonly dataDir: string };
  readonly dataDir: string;
  readonly jwtSecret: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlSeconds: number;
  readonly admin: { readonly email: string; readonly password: string } | null;
  readonly seedDemo: boolean;
  readonly logLevel: string;
  readonly loginRateLimitPerMinute: number;
  readonly publicFormRateLimitPerMinute: number;
  readonly trustProxy: boolean;
  readonly webDistDir: string;
  /** Shared state for several replicas (rate limits); without it, limits are per process. */
  readonly redis: { readonly url: string; readonly keyPrefix: string } | null;
  /** `required`: every admin signs in with an authenticator code (set one up at the first sign-in). */
  readonly adminMfa: 'optional' | 'required';
  /** Legal cap in basis points of percent per month: 2.80% → 280. */
  readonly maxMonthlyRateBasisPoints: number;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once; fails with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError('Invalid environment:\n  JWT_SECRET: required when DATABASE_URL is set');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  const database: Config['database'] = e.DATABASE_URL
    ? {
        kind: 'postgres',
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    database,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    publicFormRateLimitPerMinute: e.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    adminMfa: e.ADMIN_MFA,
    maxMonthlyRateBasisPoints: Math.round(Number(e.MAX_MONTHLY_RATE) * 100),
  });
}

/** The embedded mode keeps a generated secret beside its data, so tokens survive a restart. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
