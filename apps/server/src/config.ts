import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rateToBasisPoints } from '@sente/contract';
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
  // Start-up holds the migrations' advisory lock on one connection while they run on another:
  // with one connection the server waited for itself and failed to start.
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2, 'must be at least 2: the migrations run on one connection while another holds their lock')
    .max(500)
    .default(10),
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
  /** Check every response against its contract (default: everywhere but production). */
  VALIDATE_RESPONSES: booleanFlag.optional(),
  /** The OpenAPI document and its browser at /api/docs (default: on except in production). */
  API_DOCS: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Requests are refused with 503 while the event loop lags more than this (http/load-shedding.ts);
   * 0 turns shedding off (a proxy in front sheds, or the browser tests' shared cores).
   */
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Loan applications a user may submit per hour (refused ones count too). */
  APPLICATION_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Document uploads a user may send per hour, over all their applications. */
  DOCUMENT_UPLOAD_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
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
  // Mobile money (docs/money.md). The simulator speaks the MTN MoMo Open API on a local port.
  PAYMENT_PROVIDER: z.enum(['simulator', 'momo']).optional(),
  PAYMENT_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENT_CALLBACK_URL: z.url().optional(),
  PAYMENT_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  PAYMENT_SYNC_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  PAYMENT_PENDING_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
  // Per-user limits on the payments a user starts (docs/money.md, "Limits"), whole UGX.
  PAYMENT_LIMIT_PER_TRANSACTION: z.coerce.number().int().min(1).max(1e12).default(5_000_000),
  PAYMENT_LIMIT_PER_DAY: z.coerce.number().int().min(1).max(1e13).default(10_000_000),
  PAYMENT_OPEN_PROMPTS_LIMIT: z.coerce.number().int().min(1).max(1000).default(2),
  PAYMENT_SETTLEMENT_GROUP_MAX: z.coerce.number().int().min(1).max(500).default(32),
  PAYMENT_SETTLEMENT_GROUPS: z.coerce.number().int().min(1).max(64).optional(),
  MOMO_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_500),
  MOMO_SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  MOMO_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** A simulator shared by several replicas (`npm run cli -- momo-simulator`) instead of one per process. */
  MOMO_SIMULATOR_URL: z.url().optional(),
  MOMO_BASE_URL: z.url().default('https://sandbox.momodeveloper.mtn.com'),
  MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('sandbox'),
  MOMO_CURRENCY: z.string().length(3).default('UGX'),
  MOMO_COLLECTION_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_COLLECTION_API_USER: z.string().min(1).optional(),
  MOMO_COLLECTION_API_KEY: z.string().min(1).optional(),
  MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_DISBURSEMENT_API_USER: z.string().min(1).optional(),
  MOMO_DISBURSEMENT_API_KEY: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().max(50).default('sente:'),
  /** Default: required in production; optional elsewhere (the embedded demo says so at start). */
  ADMIN_MFA: z.enum(['optional', 'required']).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /** 0: this process works no background jobs (another replica does). pg-boss polls at most every 500 ms. */
  JOB_POLL_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 500 && ms <= 600_000), 'must be 0 (off) or 500 to 600000')
    .default(2_000),
  MAX_MONTHLY_RATE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/)
    .default('2.80'),
  // The marketplace (decisions.md, The marketplace).
  LISTING_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  OFFER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** The smallest bid, whole shillings in thousands (decisions.md, The marketplace). */
  MIN_BID: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(100_000_000)
    .refine((amount) => amount % 1_000 === 0, 'must be whole thousands of shillings')
    .default(50_000),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  // Messages (docs/notifications.md).
  SMS_PROVIDER: z.enum(['simulator', 'africastalking']).default('simulator'),
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  AFRICASTALKING_SENDER_ID: z.string().min(1).max(11).optional(),
  AFRICASTALKING_BASE_URL: z.url().default('https://api.africastalking.com'),
  /** The secret in the delivery-report URL given to Africa's Talking (`?key=`). */
  SMS_CALLBACK_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Sente <no-reply@sente.local>'),
  MESSAGE_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
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
  /** Every response is checked strictly against its contract schema (off in production: docs/scale.md). */
  readonly validateResponses: boolean;
  /** Serve /api/openapi.json and /api/docs: they map every route, so not to the world in production. */
  readonly apiDocs: boolean;
  readonly loginRateLimitPerMinute: number;
  /** The event-loop lag past which requests get 503 (PostgreSQL only); 0: never. */
  readonly loadShedEventLoopDelayMs: number;
  readonly publicFormRateLimitPerMinute: number;
  /** Per signed-in user, per hour: applications submitted and documents uploaded. */
  readonly applicationRateLimitPerHour: number;
  readonly documentUploadRateLimitPerHour: number;
  /** Behind a proxy: true trusts every X-Forwarded-For hop; a list trusts only those proxies. */
  readonly trustProxy: boolean | string;
  readonly webDistDir: string;
  /** Shared state for several replicas (rate limits); without it, limits are per process. */
  readonly redis: { readonly url: string; readonly keyPrefix: string } | null;
  /** `required`: every admin signs in with an authenticator code (set one up at the first sign-in). */
  readonly adminMfa: 'optional' | 'required';
  /** Where uploaded documents live: S3-compatible object storage, or null for DATA_DIR/documents. */
  readonly s3: S3Config | null;
  /** How often an idle worker of this process looks for queued jobs (each job still runs once in all); 0: this process works none. */
  readonly jobPollMs: number;
  /** Legal cap in basis points of percent per month: 2.80% → 280. */
  readonly maxMonthlyRateBasisPoints: number;
  readonly payments: PaymentsConfig;
  readonly marketplace: MarketplaceConfig;
  readonly messages: MessagesConfig;
}

export interface MessagesConfig {
  readonly sms:
    | { readonly provider: 'simulator' }
    | {
        readonly provider: 'africastalking';
        readonly baseUrl: string;
        readonly username: string;
        readonly apiKey: string;
        readonly senderId: string | null;
      };
  /** The secret of the delivery-report callback URL; null: reports are refused (the simulator needs none). */
  readonly callbackKey: string | null;
  /** Null: no e-mail is written (the in-app inbox and SMS still go). */
  readonly smtp: { readonly url: string; readonly from: string } | null;
  /** How often the delivery job sends what is due. */
  readonly deliveryIntervalMs: number;
}

export interface MarketplaceConfig {
  /** How long an approved application stays OPEN for bids. */
  readonly listingHours: number;
  /** How long the borrower has to accept an offer. */
  readonly offerHours: number;
  /** The smallest bid and auto-invest amount per loan, whole UGX in thousands (MIN_BID). */
  readonly minBid: number;
  /** The platform's service fee, percent of the interest lenders earn. */
  readonly feePercent: number;
}

export interface MomoCredentials {
  readonly subscriptionKey: string;
  readonly apiUser: string;
  readonly apiKey: string;
}

export interface UserPaymentLimits {
  /** Largest single payment, whole UGX. */
  readonly perTransaction: number;
  /** Most per Kampala day and direction (money in; money out), failed payments not counted. */
  readonly perDay: number;
  /** Collection prompts (deposits, repayments) a user may have waiting at once. */
  readonly openPrompts: number;
}

export interface PaymentsConfig {
  /** `simulator`: the local MoMo simulator (embedded mode and tests); `momo`: the real MTN MoMo API. */
  readonly mode: 'simulator' | 'momo';
  /** Shared secret of the callback signature (HMAC-SHA256 of the raw body). */
  readonly callbackSecret: string;
  /** True when PAYMENT_CALLBACK_SECRET was not given and the secret was made up at start. */
  readonly callbackSecretGenerated: boolean;
  /** Where providers post callbacks (this server's public URL); null sends none (tests). */
  readonly callbackBaseUrl: string | null;
  /** How often the poller asks about open payments; 0 turns the poller off. */
  readonly pollIntervalMs: number;
  /** How long a disbursement request waits for the payout to finish before answering 202. */
  readonly syncWaitMs: number;
  /**
   * Provider callbacks that arrive while others are being settled are settled together (ADR 015):
   * at most `maxGroup` payments in one transaction, at most `concurrency` such transactions at once.
   */
  readonly settlementGroups: { readonly maxGroup: number; readonly concurrency: number };
  /** A payment the provider never heard of is failed (and reversed) after this long. */
  readonly pendingTimeoutMs: number;
  /** What one user may move by the payments they start themselves (deposits, repayments, withdrawals). */
  readonly userLimits: UserPaymentLimits;
  readonly simulator: {
    readonly delayMs: number;
    readonly failureRate: number;
    readonly port: number;
    /** A standalone simulator every replica uses; null runs one inside this process. */
    readonly url: string | null;
  };
  readonly momo: {
    readonly baseUrl: string;
    readonly targetEnvironment: string;
    readonly currency: string;
    readonly collection: MomoCredentials | null;
    readonly disbursement: MomoCredentials | null;
  };
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
    ? {
        kind: 'postgres',
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const payments = paymentsConfig(e, publicUrl, database);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    database,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    logLevel: e.LOG_LEVEL,
    validateResponses: e.VALIDATE_RESPONSES ?? e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loadShedEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS,
    publicFormRateLimitPerMinute: e.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE,
    applicationRateLimitPerHour: e.APPLICATION_RATE_LIMIT_PER_HOUR,
    documentUploadRateLimitPerHour: e.DOCUMENT_UPLOAD_RATE_LIMIT_PER_HOUR,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    adminMfa: e.ADMIN_MFA ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
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
    maxMonthlyRateBasisPoints: rateToBasisPoints(e.MAX_MONTHLY_RATE),
    payments,
    marketplace: {
      listingHours: e.LISTING_HOURS,
      offerHours: e.OFFER_HOURS,
      minBid: e.MIN_BID,
      feePercent: e.PLATFORM_FEE_PERCENT,
    },
    messages: messagesConfig(e),
  });
}

function messagesConfig(e: z.infer<typeof Env>): MessagesConfig {
  const smtp = e.SMTP_URL ? { url: e.SMTP_URL, from: e.EMAIL_FROM } : null;
  const base = {
    callbackKey: e.SMS_CALLBACK_KEY ?? null,
    smtp,
    deliveryIntervalMs: e.MESSAGE_DELIVERY_INTERVAL_MS,
  };
  if (e.SMS_PROVIDER === 'simulator') return { ...base, sms: { provider: 'simulator' } };
  if (!e.AFRICASTALKING_USERNAME || !e.AFRICASTALKING_API_KEY || !e.SMS_CALLBACK_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY, SMS_CALLBACK_KEY: required with SMS_PROVIDER=africastalking',
    );
  }
  return {
    ...base,
    sms: {
      provider: 'africastalking',
      baseUrl: e.AFRICASTALKING_BASE_URL,
      username: e.AFRICASTALKING_USERNAME,
      apiKey: e.AFRICASTALKING_API_KEY,
      senderId: e.AFRICASTALKING_SENDER_ID ?? null,
    },
  };
}

function credentials(
  subscriptionKey: string | undefined,
  apiUser: string | undefined,
  apiKey: string | undefined,
): MomoCredentials | null {
  return subscriptionKey && apiUser && apiKey ? { subscriptionKey, apiUser, apiKey } : null;
}

/** Real money needs a real choice: production names its provider; elsewhere the simulator is the default. */
function paymentsConfig(
  e: z.infer<typeof Env>,
  publicUrl: string,
  database: Config['database'],
): PaymentsConfig {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.PAYMENT_PROVIDER) {
    problems.push('  PAYMENT_PROVIDER: required in production (momo, or simulator for a demo)');
  }
  const mode = e.PAYMENT_PROVIDER ?? 'simulator';
  const collection = credentials(
    e.MOMO_COLLECTION_SUBSCRIPTION_KEY,
    e.MOMO_COLLECTION_API_USER,
    e.MOMO_COLLECTION_API_KEY,
  );
  const disbursement = credentials(
    e.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
    e.MOMO_DISBURSEMENT_API_USER,
    e.MOMO_DISBURSEMENT_API_KEY,
  );
  if (mode === 'momo') {
    if (!e.PAYMENT_CALLBACK_SECRET)
      problems.push('  PAYMENT_CALLBACK_SECRET: required with PAYMENT_PROVIDER=momo');
    if (!collection)
      problems.push('  MOMO_COLLECTION_*: subscription key, API user and API key are required');
    if (!disbursement)
      problems.push('  MOMO_DISBURSEMENT_*: subscription key, API user and API key are required');
  }
  if (mode === 'simulator' && e.MOMO_SIMULATOR_URL && !e.PAYMENT_CALLBACK_SECRET) {
    problems.push(
      '  PAYMENT_CALLBACK_SECRET: required with MOMO_SIMULATOR_URL (the same one the simulator signs with)',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  return {
    mode,
    // The simulator runs inside this process, so a secret made up at start is shared with it.
    callbackSecret: e.PAYMENT_CALLBACK_SECRET ?? randomBytes(32).toString('base64url'),
    callbackSecretGenerated: !e.PAYMENT_CALLBACK_SECRET,
    // Tests have no listening server to call back.
    callbackBaseUrl: e.PAYMENT_CALLBACK_URL ?? (e.NODE_ENV === 'test' ? null : publicUrl),
    pollIntervalMs: e.PAYMENT_POLL_INTERVAL_MS,
    syncWaitMs: e.PAYMENT_SYNC_WAIT_MS,
    pendingTimeoutMs: e.PAYMENT_PENDING_TIMEOUT_MINUTES * 60_000,
    settlementGroups: {
      maxGroup: e.PAYMENT_SETTLEMENT_GROUP_MAX,
      // PGlite runs one transaction at a time: a second group would only wait for the first, when
      // it could have grown in the meantime.
      concurrency: e.PAYMENT_SETTLEMENT_GROUPS ?? (database.kind === 'pglite' ? 1 : 2),
    },
    userLimits: {
      perTransaction: e.PAYMENT_LIMIT_PER_TRANSACTION,
      perDay: e.PAYMENT_LIMIT_PER_DAY,
      openPrompts: e.PAYMENT_OPEN_PROMPTS_LIMIT,
    },
    simulator: {
      delayMs: e.MOMO_SIMULATOR_DELAY_MS,
      failureRate: e.MOMO_SIMULATOR_FAILURE_RATE,
      port: e.MOMO_SIMULATOR_PORT,
      url: e.MOMO_SIMULATOR_URL?.replace(/\/+$/, '') ?? null,
    },
    momo: {
      baseUrl: e.MOMO_BASE_URL.replace(/\/+$/, ''),
      targetEnvironment: e.MOMO_TARGET_ENVIRONMENT,
      currency: e.MOMO_CURRENCY,
      collection,
      disbursement,
    },
  };
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
