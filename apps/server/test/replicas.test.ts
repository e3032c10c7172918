import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../src/app.ts';
import { ledgerPostings, loans, platformTransactions } from '../src/db/schema/index.ts';
import { ALREADY_DISBURSING } from '../src/features/lending/disburse.ts';
import { createMomoSimulator, type MomoSimulator } from '../src/features/payments/momo-simulator.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import { expectLedgerBalanced } from './ledger-audit.ts';
import { insertApplication, insertLoanType } from './lending-factories.ts';
import { multipartBody } from './multipart.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { testConfig } from './test-app.ts';
import { createPostgresDatabase, type PostgresTestDatabase } from './test-db.ts';

/**
 * The scale-out proof: two real server processes (`node src/main.ts`) on one PostgreSQL database, one
 * Redis, one S3-compatible object store and one mobile-money provider (the MoMo simulator, reached
 * over HTTP as the real MoMo API would be), each with its own empty DATA_DIR, on different ports.
 * Whatever one replica did, the other must see; whatever must happen once, happens once.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JOB_POLL_MS = 500;
const LOGIN_LIMIT = 3;
const ADMIN = { email: 'ops@sente.ug', password: 'replica-admin-password' };
const BORROWER_PASSWORD = 'nakato-market-stall-2025';

let db: PostgresTestDatabase;
let s3: TestS3Server;
let momo: MomoSimulator;
let services: Services;
let dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
// Every process that started, so none is left running if the other failed to start.
const started: ServerProcess[] = [];

beforeAll(async () => {
  db = await createPostgresDatabase();
  s3 = await startS3Server();
  const callbackSecret = randomBytes(32).toString('base64url');
  momo = createMomoSimulator({ delayMs: 200, failureRate: 0, callbackSecret });
  const momoUrl = await momo.start(0);
  const momoCredentials = {
    SUBSCRIPTION_KEY: 'replica-test',
    API_USER: randomUUID(),
    API_KEY: 'replica-key',
  };
  services = createServices({ config: testConfig(), database: db.database });
  const shared = {
    NODE_ENV: 'production',
    // Signed in with the password alone; two-factor sign-in has its own tests.
    ADMIN_MFA: 'optional',
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '4',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    REDIS_URL,
    // A fresh prefix keeps this run's counters apart from any other run on the same Redis.
    REDIS_KEY_PREFIX: `sente-replicas-${randomBytes(4).toString('hex')}:`,
    ...s3.env,
    JOB_POLL_MS: String(JOB_POLL_MS),
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
    // As behind a load balancer: the client address comes from X-Forwarded-For.
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'debug',
    WEB_DIST_DIR: '/nonexistent',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // One provider for both replicas, as in production; callbacks go to each replica's own URL.
    PAYMENT_PROVIDER: 'momo',
    PAYMENT_CALLBACK_SECRET: callbackSecret,
    MOMO_BASE_URL: momoUrl,
    ...Object.fromEntries(
      Object.entries(momoCredentials).flatMap(([name, value]) => [
        [`MOMO_COLLECTION_${name}`, value],
        [`MOMO_DISBURSEMENT_${name}`, value],
      ]),
    ),
  };
  dataDirs = ['a', 'b'].map((name) => mkdtempSync(path.join(tmpdir(), `sente-replica-${name}-`)));
  // Started together: migrations and the first admin are under advisory locks, so they do not race.
  [a, b] = (await Promise.all(
    ['a', 'b'].map(async (name, i) => {
      const replica = await startServerProcess(name, { ...shared, DATA_DIR: dataDirs[i] ?? '' });
      started.push(replica);
      return replica;
    }),
  )) as [ServerProcess, ServerProcess];
}, 120_000);

afterAll(async () => {
  const codes = await Promise.all(started.map((replica) => replica.stop()));
  await services?.jobs.stop();
  await s3?.close();
  await momo?.close();
  await db?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  // Both drained and exited cleanly on SIGTERM.
  expect(codes).toEqual([0, 0]);
}, 180_000);

async function call(
  replica: ServerProcess,
  method: string,
  url: string,
  options: {
    token?: string;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
    from?: string;
  } = {},
) {
  const headers: Record<string, string> = {
    'x-forwarded-for': options.from ?? '198.51.100.10',
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return fetch(`${replica.url}${url}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

async function login(replica: ServerProcess, email: string, password: string, from: string) {
  const answer = await call(replica, 'POST', '/api/auth/login/', { json: { email, password }, from });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { access: string; refresh: string; user: { id: number } };
}

async function newBorrower() {
  const user = await services.users.createUser({
    email: `nakato-${randomBytes(3).toString('hex')}@example.ug`,
    password: BORROWER_PASSWORD,
    name: 'Nakato Sarah',
    role: 'borrower',
  });
  return user;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two replicas on one PostgreSQL, Redis and object store', () => {
  it('both answer the load balancer health check', async () => {
    for (const replica of [a, b]) {
      const health = await fetch(`${replica.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
    }
  });

  it('runs each queued background job once, although both replicas work the queue every 500 ms', async () => {
    const job = 'auth.prune-sign-in-records';
    // Twenty runs side by side (distinct keys), as twenty hours of the hourly schedule would queue.
    for (let run = 0; run < 20; run++) await services.jobs.runSoon(job, {}, { key: `run-${run}` });
    const completed = async () => {
      const { rows } = await db.database.executeSql(
        `select count(*)::int as n from pgboss.job where name = $1 and singleton_key like 'run-%' and state = 'completed'`,
        [job],
      );
      return Number(rows[0]?.n);
    };
    const deadline = Date.now() + 30_000;
    while ((await completed()) < 20 && Date.now() < deadline) await sleep(JOB_POLL_MS / 2);
    // Several more polls of each replica: still once each.
    await sleep(JOB_POLL_MS * 4);
    expect(await completed()).toBe(20);
    // Each run is in exactly one replica's log, and both replicas took some. Only this test's runs:
    // the job's hourly schedule may fire while it runs (a CI run at 14:00 logged 21).
    const { rows: queued } = await db.database.executeSql(
      `select id::text as id from pgboss.job where name = $1 and singleton_key like 'run-%'`,
      [job],
    );
    const ours = new Set(queued.map((row) => String((row as { id: string }).id)));
    expect(ours.size).toBe(20);
    const ran = (replica: ServerProcess) =>
      replica
        .logLines()
        .filter((line) => line.msg === 'background job ran' && line.job === job && ours.has(String(line.id)))
        .map((line) => String(line.id));
    const ids = [...ran(a), ...ran(b)];
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(ran(a).length).toBeGreaterThan(0);
    expect(ran(b).length).toBeGreaterThan(0);
  });

  it('holds the sign-in limit across replicas: attempts through one count on the other (Redis)', async () => {
    const from = '203.0.113.77';
    const attempt = (replica: ServerProcess) =>
      call(replica, 'POST', '/api/auth/login/', {
        json: { email: 'x@example.ug', password: 'wrong-one' },
        from,
      });
    expect((await attempt(a)).status).toBe(401);
    expect((await attempt(b)).status).toBe(401);
    expect((await attempt(a)).status).toBe(401);
    const limited = await attempt(b);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: 'Too many requests. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect((await attempt(a)).status).toBe(429);
    // Another client address is not limited by it.
    expect(
      (
        await call(a, 'POST', '/api/auth/login/', {
          json: { email: 'x@example.ug', password: 'wrong-one' },
          from: '203.0.113.78',
        })
      ).status,
    ).toBe(401);
  });

  it('accepts on B the tokens A issued (no sticky sessions), and B refreshes what A issued', async () => {
    const borrower = await newBorrower();
    const tokens = await login(a, borrower.email, BORROWER_PASSWORD, '198.51.100.21');
    const me = await call(b, 'GET', '/api/auth/me/', { token: tokens.access });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(borrower.id);

    const refreshed = await call(b, 'POST', '/api/token/refresh/', { json: { refresh: tokens.refresh } });
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as { access: string; refresh: string };
    expect((await call(a, 'GET', '/api/auth/me/', { token: pair.access })).status).toBe(200);
    expect((await call(a, 'POST', '/api/token/refresh/', { json: { refresh: pair.refresh } })).status).toBe(
      200,
    );
    // Once its successor was used, the rotated-out refresh token is spent on every replica.
    expect((await call(a, 'POST', '/api/token/refresh/', { json: { refresh: tokens.refresh } })).status).toBe(
      401,
    );
  });

  it('serves through B a document uploaded through A (object storage, our signed URL)', async () => {
    const borrower = await newBorrower();
    const loanType = await services.loanTypes.create({
      loan_type_name: `Boda Boda Finance ${randomBytes(2).toString('hex')}`,
      min_amount: 500_000,
      max_amount: 5_000_000,
      interest_rate: 250,
      interest_type: 'FLAT',
      appraisal_time: '48 hours',
      status: 'ACTIVE',
    });
    const { access } = await login(a, borrower.email, BORROWER_PASSWORD, '198.51.100.22');
    const created = await call(a, 'POST', '/api/loans/applications/', {
      token: access,
      json: {
        business_name: 'Nakato Boda Transport',
        business_location: 'Nakawa, Kampala',
        business_type: 'Transport',
        amount_requested: '2000000',
        loan_term: 6,
        loan_type: loanType.id,
        loan_purpose: 'A second motorcycle',
        monthly_income: '1800000',
        nin: 'CF90123456789X',
      },
    });
    expect(created.status).toBe(201);
    const applicationId = ((await created.json()) as { id: number }).id;

    const pdf = samplePdf(['Stanbic Bank Uganda', 'Statement of account', 'Nakato Sarah']);
    const { payload, headers } = multipartBody({ document_type: 'BANK_STATEMENTS' }, [
      { field: 'file', fileName: 'statement.pdf', contentType: 'application/pdf', bytes: pdf },
    ]);
    const uploaded = await call(a, 'POST', `/api/loans/applications/${applicationId}/documents/`, {
      token: access,
      body: payload,
      headers,
    });
    expect(uploaded.status).toBe(201);
    const { file } = (await uploaded.json()) as { file: string };

    const fromB = await call(b, 'GET', file);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(pdf)).toBe(true);

    // The admin lists through B and opens through A: either way round works.
    const admin = await login(b, ADMIN.email, ADMIN.password, '198.51.100.23');
    const listed = await call(b, 'GET', `/api/loans/applications/${applicationId}/documents/`, {
      token: admin.access,
    });
    const { documents } = (await listed.json()) as { documents: { file: string }[] };
    expect(documents).toHaveLength(1);
    expect((await call(a, 'GET', documents[0]?.file ?? '')).status).toBe(200);

    // Nothing went to either replica's own disk.
    for (const dir of dataDirs) expect(readdirSync(dir)).not.toContain('documents');
  });

  it('makes one loan and one payout when disburse calls for an application land on both replicas', async () => {
    const database = db.database.db;
    await services.capital.payIn({
      amount: 50_000_000,
      idempotencyKey: `replicas-${randomUUID()}`,
      reference: 'replica test capital',
      adminId: null,
    });
    const admins = [
      { replica: a, token: (await login(a, ADMIN.email, ADMIN.password, '198.51.100.31')).access },
      { replica: b, token: (await login(b, ADMIN.email, ADMIN.password, '198.51.100.32')).access },
    ];
    const borrower = await services.users.createUser({
      email: `okello-${randomBytes(3).toString('hex')}@example.ug`,
      password: BORROWER_PASSWORD,
      name: 'Okello James',
      role: 'borrower',
      phoneNumber: '0772123456',
    });
    const type = await insertLoanType(database, { minAmount: 100_000, maxAmount: 10_000_000 });
    const approved = () =>
      insertApplication(database, {
        userId: borrower.id,
        loanTypeId: type.id,
        amountRequested: 1_500_000,
        loanTermMonths: 3,
      });
    // Six calls at once, alternating replicas.
    const disburseFromBoth = (applicationId: number, keys: string[]) =>
      Promise.all(
        keys.map(async (key, i) => {
          const admin = admins[i % 2];
          const answer = await call(
            admin?.replica ?? a,
            'POST',
            `/api/loans/applications/${applicationId}/disburse/`,
            {
              token: admin?.token ?? '',
              headers: { 'idempotency-key': key },
            },
          );
          return { status: answer.status, body: (await answer.json()) as { id?: number; error?: string } };
        }),
      );

    // The same Idempotency-Key six times (a retrying client behind a load balancer): one disbursement;
    // each answer is that loan, or "still in progress".
    const retried = await approved();
    const key = `disburse-${randomUUID()}`;
    const sameKey = await disburseFromBoth(retried.id, Array(6).fill(key));
    const created = sameKey.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(sameKey.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const loanId = created[0]?.body.id;
    expect(created.every((answer) => answer.body.id === loanId)).toBe(true);
    // Once it is done, the key answers the same loan on either replica.
    for (const admin of admins) {
      const again = await call(admin.replica, 'POST', `/api/loans/applications/${retried.id}/disburse/`, {
        token: admin.token,
        headers: { 'idempotency-key': key },
      });
      expect(again.status).toBe(201);
      expect(((await again.json()) as { id: number }).id).toBe(loanId);
    }

    // Six different keys (two admins clicking): exactly one wins, the others are refused.
    const contested = await approved();
    const differentKeys = await disburseFromBoth(
      contested.id,
      Array.from({ length: 6 }, () => `disburse-${randomUUID()}`),
    );
    expect(differentKeys.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of differentKeys.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect([ALREADY_DISBURSING, 'Application already disbursed']).toContain(refused.body.error);
    }

    for (const application of [retried, contested]) {
      const made = await database.select().from(loans).where(eq(loans.applicationId, application.id));
      expect(made).toHaveLength(1);
      const payouts = await database
        .select()
        .from(platformTransactions)
        .where(eq(platformTransactions.applicationId, application.id));
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({ type: 'DISBURSEMENT', status: 'COMPLETED', loanId: made[0]?.id });
      const postings = await database
        .select()
        .from(ledgerPostings)
        .where(eq(ledgerPostings.platformTransactionId, payouts[0]?.id ?? 0));
      expect(postings.map((posting) => posting.kind).sort()).toEqual([
        'DISBURSEMENT',
        'DISBURSEMENT_RESERVE',
      ]);
    }
    await expectLedgerBalanced(database);
  });
});
