#!/usr/bin/env node
// Soak test: several minutes of mixed traffic against the real server on PostgreSQL, while the
// database is restarted once and the server is killed (SIGKILL) once and brought back by the
// supervisor loop below. Afterwards every 2xx write must be in the database, the ledger must
// balance, no payment may be doubled, and health must be ok again.
//
//   npm run test:soak                 # 4 minutes
//   npm run test:soak -- --minutes 2
//
// Loopback only; bounded loops; a throwaway database that is dropped at the end (--keep keeps it).
// Restarting PostgreSQL uses `pg_ctlcluster --skip-systemctl-redirect <version> main restart`
// (PG_CLUSTER=15/main by default; --no-db-restart skips it).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const MINUTES = Number(option('minutes', process.env.SOAK_MINUTES ?? '4'));
const WORKERS = Number(option('workers', '6'));
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [PG_VERSION, PG_NAME] = (process.env.PG_CLUSTER ?? '15/main').split('/');
const DEMO_PASSWORD = 'sente-demo-2025';

if (!Number.isFinite(MINUTES) || MINUTES <= 0 || MINUTES > 60) {
  console.error('--minutes must be between 0 and 60');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// The database and the supervised server
// ---------------------------------------------------------------------------------------------
const dbName = `sente_soak_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'sente-soak-'));
const admin = { email: 'admin@soak.sente.ug', password: randomBytes(15).toString('base64url') };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const jwtSecret = randomBytes(36).toString('base64url');
const callbackSecret = randomBytes(36).toString('base64url');

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address();
      probe.close(() => resolve(p));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const supervisor = {
  child: null,
  stopping: false,
  starts: 0,
  log: '',
  start() {
    this.starts++;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // The soak signs admins in with the password and reads the route list from the OpenAPI document.
        ADMIN_MFA: 'optional',
        API_DOCS: 'true',
        DATABASE_URL: dbUrl,
        JWT_SECRET: jwtSecret,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SEED_DEMO: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: dataDir,
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        // A few demo borrowers stand in for thousands: per-user limits would refuse most of the mix.
        APPLICATION_RATE_LIMIT_PER_HOUR: '100000',
        DOCUMENT_UPLOAD_RATE_LIMIT_PER_HOUR: '100000',
        PUBLIC_URL: base,
        // The money feature's local mobile-money simulator: calls back to /api/payments/callback/.
        PAYMENT_PROVIDER: 'simulator',
        PAYMENT_CALLBACK_SECRET: callbackSecret,
        MOMO_SIMULATOR_DELAY_MS: '300',
        MOMO_SIMULATOR_FAILURE_RATE: '0.1',
        PAYMENT_POLL_INTERVAL_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      this.log = `${this.log}${chunk}`.slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // The supervisor loop: a process that dies is started again (bounded: at most 5 restarts).
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopping) return;
      events.push({ at: now(), what: `server exited (${signal ?? code}); supervisor restarts it` });
      if (this.starts > 6) {
        console.error('the server keeps dying; giving up\n', this.log);
        return;
      }
      setTimeout(() => this.start(), 300);
    });
    this.child = child;
  },
  kill() {
    this.child?.kill('SIGKILL');
  },
  async stop() {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  },
};

const started = Date.now();
const now = () => Date.now() - started;
const events = [];

async function healthy() {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Milliseconds until health is ok (polled every 100 ms), or -1 after the limit. */
async function untilHealthy(limitMs) {
  const from = Date.now();
  while (Date.now() - from < limitMs) {
    if (await healthy()) return Date.now() - from;
    await sleep(100);
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// HTTP with bookkeeping
// ---------------------------------------------------------------------------------------------
const stats = { requests: 0, byKind: new Map() };
function count(kind) {
  stats.byKind.set(kind, (stats.byKind.get(kind) ?? 0) + 1);
}

async function call(method, pathname, { token, body, headers = {}, raw, label } = {}) {
  stats.requests++;
  const name = label ?? `${method} ${pathname.replace(/\d+/g, ':id').replace(/\?.*$/, '')}`;
  try {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const status = res.status;
    count(status < 300 ? '2xx' : `${status}`);
    if (status >= 400) count(`${status} ${name}`);
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (status >= 500) count(`${status} non-JSON`);
    }
    return { status, json };
  } catch (error) {
    const kind =
      error?.name === 'TimeoutError' ? 'timeout (30 s)' : `network: ${error?.cause?.code ?? error?.name}`;
    count(kind);
    return { status: 0, json: null };
  }
}

const sessions = new Map();
async function signIn(email, password) {
  const res = await call('POST', '/api/auth/login/', { body: { email, password }, label: 'POST login' });
  if (res.status !== 200) return null;
  sessions.set(email, res.json.access);
  return res.json.access;
}
async function tokenFor(email, password = DEMO_PASSWORD) {
  return sessions.get(email) ?? (await signIn(email, password));
}
/** Calls with the user's token, signing in again once when it was refused (a restart, an expiry). */
async function as(email, password, method, pathname, options = {}) {
  let token = await tokenFor(email, password);
  if (!token) return { status: 0, json: null };
  let res = await call(method, pathname, { ...options, token });
  if (res.status === 401) {
    sessions.delete(email);
    token = await signIn(email, password);
    if (token) res = await call(method, pathname, { ...options, token });
  }
  return res;
}

// ---------------------------------------------------------------------------------------------
// What succeeded, to check against the database afterwards
// ---------------------------------------------------------------------------------------------
const written = {
  applications: new Map(), // id → business name
  documents: new Map(), // id → application id
  approvals: new Set(), // application ids
  disbursed: new Set(), // application ids
  money: [], // { kind, key (Idempotency-Key), id (platform transaction), amount }
};

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
function multipart(fields, file) {
  const boundary = `----soak${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

// ---------------------------------------------------------------------------------------------
// Traffic
// ---------------------------------------------------------------------------------------------
const people = { borrowers: [], lenders: [] };
let loanTypes = [];
let routesPresent = new Set();

async function discover() {
  const token = await signIn(admin.email, admin.password);
  if (!token) throw new Error('the admin cannot sign in');
  for (const role of ['borrower', 'lender']) {
    const res = await call('GET', `/api/auth/admin/users/?page_size=100&role=${role}`, { token });
    const list = (res.json?.results ?? []).filter((u) => u.role === role && u.status === 'Active');
    people[`${role}s`] = list.map((u) => u.email).filter((e) => e.endsWith('@example.ug'));
    if (role !== 'borrower') continue;
    // One open application per borrower is the rule; the admin allows these few the most (audited),
    // so applying keeps going while approvals and payouts catch up. Refusals (409) still happen.
    for (const user of list.filter((u) => u.email.endsWith('@example.ug'))) {
      await call('PUT', `/api/auth/admin/users/${user.id}/open-applications/`, {
        token,
        body: { max_open_applications: 10 },
      });
    }
  }
  const types = await call('GET', '/api/loans/loan-types/', { token });
  loanTypes = (Array.isArray(types.json) ? types.json : (types.json?.results ?? [])).filter(
    (t) => t.status === 'ACTIVE',
  );
  const spec = await fetch(`${base}/api/openapi.json`).then((r) => (r.ok ? r.json() : { paths: {} }));
  routesPresent = new Set(Object.keys(spec.paths ?? {}));
}
const has = (p) => routesPresent.has(p) || routesPresent.has(p.replace(/\/$/, ''));

async function adminBrowse() {
  const pages = [
    '/api/auth/admin/users/?page=1',
    `/api/auth/admin/users/?search=${pick(['nak', 'okello', 'grace', 'kampala', '0772'])}`,
    '/api/auth/admin/stats/',
    '/api/loans/applications/?page=1',
    '/api/loans/applications/statistics/',
    '/api/loans/loans/?page=1',
    '/api/loans/loans/statistics/',
    '/api/loans/admin/loan-stats/',
    '/api/loans/transactions/?page=1',
    '/api/loans/overdue-payments/',
    '/api/loans/repayment-statistics/',
    ...(has('/api/wallet/admin/all-transactions/')
      ? [
          `/api/wallet/admin/all-transactions/?search=${pick(['nakato', 'okello', 'TX', '0772'])}`,
          '/api/wallet/admin/all-transactions/?status=COMPLETED&type=DEPOSIT',
          '/api/wallet/admin/financial-stats/',
        ]
      : []),
  ];
  await as(admin.email, admin.password, 'GET', pick(pages));
}

async function borrowerApplies() {
  const email = pick(people.borrowers);
  const type = pick(loanTypes);
  if (!email || !type) return;
  const name = `Soak ${randomBytes(4).toString('hex')} Traders`;
  const min = Number(type.min_amount);
  const max = Number(type.max_amount);
  const amount = Math.round((min + Math.random() * (max - min)) / 1000) * 1000;
  const res = await as(email, DEMO_PASSWORD, 'POST', '/api/loans/applications/', {
    body: {
      business_name: name,
      business_location: 'Nakasero Market, Kampala',
      business_type: 'Retail',
      amount_requested: Math.max(min, Math.min(max, amount)),
      loan_term: pick([3, 6, 12]),
      loan_type: type.id,
      loan_purpose: 'Stock for the season',
      monthly_income: 3_000_000,
      nin: 'CF12345678901A',
    },
  });
  if (res.status !== 201) return;
  written.applications.set(res.json.id, name);
  const form = multipart({ document_type: 'BANK_STATEMENTS' }, { name: 'statement.pdf', bytes: PDF });
  const up = await as(email, DEMO_PASSWORD, 'POST', `/api/loans/applications/${res.json.id}/documents/`, {
    raw: form.payload,
    headers: { 'content-type': form.contentType },
  });
  if (up.status === 201) written.documents.set(up.json.id, res.json.id);
}

async function borrowerReads() {
  const email = pick(people.borrowers);
  if (!email) return;
  await as(
    email,
    DEMO_PASSWORD,
    'GET',
    pick(['/api/loans/my-applications/', '/api/loans/my-loans/', '/api/auth/me/']),
  );
}

async function adminDecides() {
  const pending = [...written.applications.keys()].filter((id) => !written.approvals.has(id));
  const id = pick(pending);
  if (id === undefined) return;
  const res = await as(admin.email, admin.password, 'POST', `/api/loans/applications/${id}/approve/`, {
    body: { admin_notes: 'Approved in the soak test' },
  });
  if (res.status === 200) written.approvals.add(id);
  else if (res.status === 409) written.approvals.add(id); // approved by an earlier try that answered late
}

// Money traffic, used when the money feature's routes exist on this server. Money moves only to and
// from a person's own numbers (docs/money.md §5): each person's is read once and kept.
const PHONE = '+256772000111';
const ownNumbers = new Map();
async function ownNumber(email, use) {
  if (!ownNumbers.has(email)) {
    const res = await as(email, DEMO_PASSWORD, 'GET', '/api/auth/payment-numbers/');
    ownNumbers.set(email, res.json?.numbers ?? []);
  }
  const usable = ownNumbers.get(email).find((n) => (use === 'collect' ? n.can_collect : n.can_pay_out));
  return usable?.phone_number ?? PHONE;
}
async function moneyRequest(kind, email, password, pathname, body) {
  const key = randomUUID();
  const res = await as(email, password, 'POST', pathname, { body, headers: { 'idempotency-key': key } });
  if (res.status >= 200 && res.status < 300)
    written.money.push({ kind, key, id: res.json?.id, amount: body.amount });
  return res;
}

async function moneyStep() {
  if (!has('/api/wallet/deposit/')) return;
  const roll = Math.random();
  if (roll < 0.3 && people.lenders.length > 0) {
    const lender = pick(people.lenders);
    await moneyRequest('deposit', lender, DEMO_PASSWORD, '/api/wallet/deposit/', {
      amount: pick([50_000, 100_000, 250_000]),
      phone_number: await ownNumber(lender, 'collect'),
    });
  } else if (roll < 0.45 && people.lenders.length > 0) {
    const lender = pick(people.lenders);
    await moneyRequest('withdraw', lender, DEMO_PASSWORD, '/api/wallet/withdraw/', {
      amount: pick([5_000, 10_000, 20_000]),
      phone_number: await ownNumber(lender, 'payout'),
    });
  } else if (roll < 0.65) {
    // Disburse an approved application of this run.
    const id = pick([...written.approvals].filter((a) => !written.disbursed.has(a)));
    if (id === undefined) return;
    const res = await moneyRequest(
      'disburse',
      admin.email,
      admin.password,
      `/api/loans/applications/${id}/disburse/`,
      {
        phone_number: PHONE,
      },
    );
    if (res.status < 300 || res.status === 409) written.disbursed.add(id);
  } else {
    const email = pick(people.borrowers);
    if (!email) return;
    const loans = await as(email, DEMO_PASSWORD, 'GET', '/api/loans/my-loans/?page_size=20');
    const open = (loans.json?.results ?? []).filter(
      (l) => Number(l.remaining_balance ?? l.balance ?? 0) > 20_000,
    );
    const loan = pick(open);
    if (!loan) return;
    await moneyRequest('repay', email, DEMO_PASSWORD, `/api/loans/loans/${loan.id}/repay/`, {
      amount: pick([10_000, 20_000]),
      phone_number: await ownNumber(email, 'collect'),
    });
  }
}

async function worker(index, until) {
  const steps = [
    [adminBrowse, 4],
    [borrowerReads, 3],
    [borrowerApplies, 2],
    [adminDecides, 1],
    [moneyStep, 2],
  ];
  const total = steps.reduce((sum, [, w]) => sum + w, 0);
  let iterations = 0;
  while (Date.now() < until && iterations < 100_000) {
    iterations++;
    let roll = Math.random() * total;
    let step = steps[0][0];
    for (const [candidate, weight] of steps) {
      roll -= weight;
      if (roll < 0) {
        step = candidate;
        break;
      }
    }
    await step();
    await sleep(20 + index * 3);
  }
}

// ---------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------
const recovery = {};

async function restartPostgres() {
  const t0 = Date.now();
  events.push({ at: now(), what: 'restarting PostgreSQL' });
  try {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', PG_VERSION, PG_NAME, 'restart'], {
      stdio: 'pipe',
      timeout: 60_000,
    });
  } catch (error) {
    events.push({ at: now(), what: `pg_ctlcluster failed: ${String(error.stderr ?? error.message).trim()}` });
  }
  const restartMs = Date.now() - t0;
  const healthMs = await untilHealthy(60_000);
  recovery.database = { restartMs, healthyAfterMs: healthMs < 0 ? -1 : restartMs + healthMs };
  events.push({ at: now(), what: `health ok ${healthMs} ms after PostgreSQL was back` });
}

async function killServer() {
  events.push({ at: now(), what: 'SIGKILL the server' });
  const t0 = Date.now();
  supervisor.kill();
  await sleep(200);
  const healthMs = await untilHealthy(90_000);
  recovery.server = { healthyAfterMs: healthMs < 0 ? -1 : Date.now() - t0 };
  events.push({ at: now(), what: `health ok ${recovery.server.healthyAfterMs} ms after the kill` });
}

// ---------------------------------------------------------------------------------------------
// Checks afterwards, straight against the database
// ---------------------------------------------------------------------------------------------
async function verify() {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const problems = [];
  const notes = [];
  try {
    const tables = new Set(
      (
        await client.query("select table_name from information_schema.tables where table_schema = 'public'")
      ).rows.map((r) => r.table_name),
    );
    const apps = await client.query('select id, business_name, status from applications where id = any($1)', [
      [...written.applications.keys()],
    ]);
    const found = new Map(apps.rows.map((r) => [r.id, r]));
    for (const [id, name] of written.applications) {
      const row = found.get(id);
      if (!row) problems.push(`application ${id} answered 201 but is not in the database`);
      else if (row.business_name !== name) problems.push(`application ${id} has the wrong business name`);
    }
    for (const id of written.approvals) {
      if (found.get(id) && found.get(id).status !== 'APPROVED')
        problems.push(`application ${id} is not approved`);
    }
    const docs = await client.query(
      'select id, application_id from application_documents where id = any($1)',
      [[...written.documents.keys()]],
    );
    const docIds = new Map(docs.rows.map((r) => [r.id, r.application_id]));
    for (const [id, applicationId] of written.documents) {
      if (docIds.get(id) !== applicationId)
        problems.push(`document ${id} answered 201 but is not in the database`);
    }
    notes.push(
      `applications: ${written.applications.size} created, ${apps.rowCount} found; approvals: ${written.approvals.size}; documents: ${written.documents.size} uploaded, ${docs.rowCount} found`,
    );

    if (tables.has('ledger_entries')) {
      const unbalanced = await client.query(
        'select posting_id, sum(amount)::text as total from ledger_entries group by posting_id having sum(amount) <> 0',
      );
      for (const r of unbalanced.rows) problems.push(`posting ${r.posting_id} does not balance (${r.total})`);
      const drift = await client.query(
        `select a.code, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
           from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
      );
      for (const r of drift.rows)
        problems.push(`account ${r.code}: balance ${r.balance} but entries sum ${r.entries}`);
      const postings = await client.query('select count(*)::int as n from ledger_postings');
      const total = await client.query('select coalesce(sum(amount), 0)::text as s from ledger_entries');
      if (total.rows[0].s !== '0') problems.push(`the ledger as a whole sums to ${total.rows[0].s}`);
      notes.push(
        `ledger: ${postings.rows[0].n} postings, every one balanced: ${unbalanced.rowCount === 0}, accounts match entries: ${drift.rowCount === 0}`,
      );
    }
    if (tables.has('platform_transactions')) {
      const columns = new Set(
        (
          await client.query(
            "select column_name from information_schema.columns where table_name = 'platform_transactions'",
          )
        ).rows.map((r) => r.column_name),
      );
      for (const column of ['reference_id', 'request_key', 'idempotency_key', 'provider_reference']) {
        if (!columns.has(column)) continue;
        const dup = await client.query(
          `select ${column} as v, count(*)::int as n from platform_transactions where ${column} is not null group by ${column} having count(*) > 1`,
        );
        for (const r of dup.rows) problems.push(`payment ${column} ${r.v} appears ${r.n} times`);
      }
      const byStatus = await client.query(
        'select status, count(*)::int as n from platform_transactions group by status',
      );
      notes.push(`payments: ${byStatus.rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`);
      const ids = written.money.map((m) => m.id).filter((id) => id !== undefined);
      const loanIds = written.money.filter((m) => m.loanId !== undefined).length;
      const rows = await client.query(
        'select id, amount::text as amount from platform_transactions where id = any($1)',
        [ids],
      );
      const amounts = new Map(rows.rows.map((r) => [r.id, Number(r.amount)]));
      for (const m of written.money) {
        if (m.id === undefined) continue;
        if (!amounts.has(m.id)) problems.push(`${m.kind} ${m.id} answered 2xx but is not in the database`);
        else if (m.amount !== undefined && amounts.get(m.id) !== m.amount)
          problems.push(`${m.kind} ${m.id}: amount ${amounts.get(m.id)} but ${m.amount} was asked`);
      }
      // Disbursements: a 201 names the loan, made from that application; nothing paid out twice.
      for (const m of written.money.filter((x) => x.loanId !== undefined)) {
        const loan = await client.query('select id from loans where id = $1 and application_id = $2', [
          m.loanId,
          m.applicationId,
        ]);
        if (loan.rowCount !== 1)
          problems.push(`disbursement answered loan ${m.loanId} but it is not in the database`);
      }
      const twice = await client.query(
        `select application_id, count(*)::int as n from platform_transactions
          where type = 'DISBURSEMENT' and status in ('PENDING', 'PROCESSING', 'COMPLETED')
          group by application_id having count(*) > 1`,
      );
      for (const r of twice.rows) problems.push(`application ${r.application_id} has ${r.n} live payouts`);
      const loansTwice = await client.query(
        'select application_id, count(*)::int as n from loans group by application_id having count(*) > 1',
      );
      for (const r of loansTwice.rows) problems.push(`application ${r.application_id} has ${r.n} loans`);
      const byKind = {};
      for (const m of written.money) byKind[m.kind] = (byKind[m.kind] ?? 0) + 1;
      notes.push(
        `money requests that answered 2xx: ${written.money.length} (${Object.entries(byKind)
          .map(([k, n]) => `${k} ${n}`)
          .join(
            ', ',
          )}); payments named ${ids.length}, found ${rows.rowCount}; loans named by disbursements ${loanIds}; applications paid out twice: ${twice.rowCount}; with two loans: ${loansTwice.rowCount}`,
      );
    }
    if (tables.has('idempotency_keys')) {
      const stuck = await client.query(
        "select count(*)::int as n from idempotency_keys where state = 'in_progress' and created_at < now() - interval '2 minutes'",
      );
      if (stuck.rows[0].n > 0)
        notes.push(`idempotency keys left in progress (crash mid-request): ${stuck.rows[0].n}`);
    }
  } finally {
    await client.end();
  }
  return { problems, notes };
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------
async function main() {
  await adminQuery(`create database "${dbName}"`);
  console.log(`Soak: ${MINUTES} min, ${WORKERS} workers, server ${base}, database ${dbName}`);
  supervisor.start();
  const bootMs = await untilHealthy(180_000);
  if (bootMs < 0) throw new Error(`the server did not start:\n${supervisor.log}`);
  console.log(`server healthy after ${bootMs} ms (demo data seeded)`);
  await discover();
  console.log(
    `${people.borrowers.length} borrowers, ${people.lenders.length} lenders, ${loanTypes.length} loan types; money routes: ${has('/api/wallet/deposit/') ? 'yes' : 'no'}`,
  );

  const durationMs = MINUTES * 60_000;
  const until = Date.now() + durationMs;
  const traffic = Array.from({ length: WORKERS }, (_, i) => worker(i, until));
  const faults = (async () => {
    await sleep(durationMs * 0.3);
    if (!flag('no-db-restart')) await restartPostgres();
    await sleep(durationMs * 0.3);
    await killServer();
  })();
  const progress = setInterval(() => {
    console.log(
      `  ${Math.round(now() / 1000)} s: ${stats.requests} requests, ${[...stats.byKind].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  }, 30_000);
  await Promise.all([...traffic, faults]);
  clearInterval(progress);

  const finalHealthMs = await untilHealthy(60_000);
  // Let in-flight payments settle (the poller and simulator callbacks) before checking.
  await sleep(3_000);
  const { problems, notes } = await verify();

  console.log('\n=== Soak result');
  console.log(`duration: ${Math.round(now() / 1000)} s, requests: ${stats.requests}`);
  const kinds = [...stats.byKind].sort((a, b) => b[1] - a[1]);
  console.log('answers by kind:');
  for (const [kind, n] of kinds) console.log(`  ${kind}: ${n}`);
  console.log('events:');
  for (const e of events) console.log(`  ${(e.at / 1000).toFixed(1)} s  ${e.what}`);
  if (recovery.database)
    console.log(
      `database restart: pg_ctlcluster took ${recovery.database.restartMs} ms; health ok ${recovery.database.healthyAfterMs} ms after the restart began`,
    );
  if (recovery.server)
    console.log(
      `server SIGKILL: health ok again ${recovery.server.healthyAfterMs} ms later (supervisor restart + boot)`,
    );
  console.log(
    `server starts: ${supervisor.starts}; health at the end: ${finalHealthMs >= 0 ? 'ok' : 'NOT OK'}`,
  );
  for (const note of notes) console.log(note);
  const fiveHundreds = kinds.filter(([k]) => /^500/.test(k));
  const payoutFailures = stats.byKind.get('502 POST /api/loans/applications/:id/disburse/') ?? 0;
  if (payoutFailures)
    console.log(
      `note: ${payoutFailures} disbursements answered 502: the simulator failed the payout (MOMO_SIMULATOR_FAILURE_RATE=0.1) and it was reversed, as designed`,
    );
  if (finalHealthMs < 0) problems.push('health is not ok at the end');
  if (problems.length) {
    console.log(`\nPROBLEMS (${problems.length}):`);
    for (const p of problems.slice(0, 50)) console.log(`  ${p}`);
  } else {
    console.log(
      '\nOK: every 2xx write is in the database, the ledger balances, no payment is doubled, the server came back by itself.',
    );
  }
  if (fiveHundreds.length)
    console.log(`note: 500 answers: ${fiveHundreds.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  return problems.length === 0;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error);
} finally {
  await supervisor.stop();
  if (!flag('keep')) await adminQuery(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
