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
  // true/false, or the proxies' addresses (comma-separated IPs or CIDRs): then the client address
  // is the last one in X-Forwarded-For that none of them added, which a client cannot forge.
  TRUST_PROXY: z
    .union([
      booleanFlag,
      z
        .string()
        .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'must be true, false or proxy IPs/CIDRs')
        .transform((list) => list.replace(/\s+/g, '')),
    ])
    .default(false),
  WEB_DIST_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(50).default('sente:'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
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
    | { readonly kind: 'postgres'; readonly url: string; readonly poolSize: number }
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
  /** Behind a proxy: true trusts every X-Forwarded-For hop; a list trusts only those proxies. */
  readonly trustProxy: boolean | string;
  readonly webDistDir: string;
  /** Shared state for several replicas (rate limits); without it, limits are per process. */
  readonly redis: { readonly url: string; readonly keyPrefix: string } | null;
  /** Where uploaded documents live: S3-compatible object storage, or null for DATA_DIR/documents. */
  readonly s3: S3Config | null;
  /** How often each replica checks for due background jobs (each due tick still runs once in all). */
  readonly jobPollMs: number;
  /** Legal cap in basis points of percent per month: 2.80% → 280. */
  readonly maxMonthlyRateBasisPoints: number;
}

export interface S3Config {
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly forcePathStyle: boolean;
}

export class ConfigError extends Error {}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

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
  const s3Missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (s3Missing.length > 0 && s3Missing.length < S3_REQUIRED.length) {
    // Half an object-storage setup must not quietly fall back to the local disk.
    throw new ConfigError(
      `Invalid environment:\n  ${s3Missing.join(', ')}: required with ${S3_REQUIRED.filter((n) => !s3Missing.includes(n)).join(', ')}`,
    );
  }
  const database: Config['database'] = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
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
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    jobPollMs: e.JOB_POLL_MS,
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
