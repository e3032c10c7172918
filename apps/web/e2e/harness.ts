/**
 * Browser-test harness: a fresh PostgreSQL database, the real server on a free port serving the
 * built web app, and Debian's Chromium driven by playwright-core. Vitest runs `setup`/`teardown`
 * once (globalSetup); test files call `launchBrowser()` and read the server through `harness()`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContextOptions, chromium, type Page, type Request } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import type { TestProject } from 'vitest/node';

export interface HarnessInfo {
  readonly baseUrl: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** The database the server runs on this time (E2E_ENGINE). */
  readonly engine: E2eEngine;
}

/**
 * The browser tests run on PostgreSQL (a database of their own on E2E_POSTGRES_URL's server), or,
 * with E2E_ENGINE=pglite, on the embedded database every new user runs (in the run's DATA_DIR).
 */
export type E2eEngine = 'postgres' | 'pglite';
const engine: E2eEngine = process.env.E2E_ENGINE === 'pglite' ? 'pglite' : 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    harness: HarnessInfo;
  }
}

const webDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webDir, '../..');
const distDir = path.join(webDir, 'dist');
const serverMain = path.join(repoRoot, 'apps/server/src/main.ts');
const adminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Debian's Chromium headless shell: the same engine as the desktop browser without its windows,
 * and about a fifth less time for the whole suite on two cores (README, Tests). CHROMIUM_PATH=
 * /usr/bin/chromium runs the tests in the full browser.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server: ChildProcess | null = null;
let databaseName: string | null = null;
let dataDir: string | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function withAdminClient<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) {
        const body: unknown = await response.json();
        if (typeof body === 'object' && body !== null && 'status' in body && body.status === 'ok') return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer GET /api/health with {"status":"ok"} in 90 s:\n${output()}`);
}

export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      `${distDir} has no index.html: run \`npm run test:e2e -w @sente/web\`, which builds first.`,
    );
  }
  assertChromium();

  let database: Record<string, string> = {};
  if (engine === 'postgres') {
    databaseName = `sente_e2e_${randomBytes(6).toString('hex')}`;
    const name = databaseName;
    await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
    database = { DATABASE_URL: databaseUrl(name) };
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'sente-e2e-'));

  const port = await freePort();
  const info: HarnessInfo = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminEmail: 'admin@e2e.sente.ug',
    adminPassword: randomBytes(18).toString('base64url'),
    engine,
  };
  let output = '';
  // Without DATABASE_URL the server opens the embedded database in DATA_DIR.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // Production requires admin two-factor sign-in by default; these tests sign in with the
      // password alone (admin-mfa.e2e.test.ts covers the second step).
      ADMIN_MFA: 'optional',
      ...database,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      ADMIN_EMAIL: info.adminEmail,
      ADMIN_PASSWORD: info.adminPassword,
      SEED_DEMO: 'true',
      PAYMENT_CALLBACK_SECRET: randomBytes(36).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: info.baseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      // Mobile money through the local simulator, quick and never failing on its own: tests that
      // need a failure make one with page.route.
      PAYMENT_PROVIDER: 'simulator',
      MOMO_SIMULATOR_DELAY_MS: '200',
      MOMO_SIMULATOR_FAILURE_RATE: '0',
      // Every browser test signs in from 127.0.0.1; the default 10 a minute would make the suite flaky.
      LOGIN_RATE_LIMIT_PER_MINUTE: '300',
      // Two shards' servers and browsers share the machine's cores: a server left without a core
      // for a second shed the next second's requests, a page load among them (a "server is busy"
      // page instead of the FAQ). Overload is not what these tests are about.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  await waitForHealth(info.baseUrl, child, () => output);
  // A server that dies mid-run fails every later test with a refused connection; say why.
  child.once('exit', (code, signal) => {
    if (server === child) {
      process.stderr.write(`\nThe e2e server exited early (code ${code}, signal ${signal}):\n${output}\n`);
    }
  });
  project.provide('harness', info);
}

export async function teardown(): Promise<void> {
  const child = server;
  server = null;
  if (child && child.exitCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  server = null;
  const name = databaseName;
  if (name) await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  databaseName = null;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
}

function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install Debian's build with \`apt-get update && apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH). The browser tests never download a browser.`,
    );
  }
}

/**
 * Asks `attempt` every 250 ms until it answers a value, for up to `seconds`; then fails saying
 * `what` did not happen. An error from `attempt` fails at once: only "not yet" is asked again.
 */
export async function eventually<T>(
  what: string,
  seconds: number,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} in ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The running server and its admin, as setup provided them. */
export function harness(): HarnessInfo {
  return inject('harness');
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}

export interface OpenedPage {
  readonly page: Page;
  /** Uncaught errors, console errors and CSP violations seen so far. */
  readonly problems: string[];
  close(): Promise<void>;
}

/** A page in a fresh context (own localStorage), collecting anything that went wrong in it. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: harness().baseUrl, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The browser logs every 4xx answer; tests assert those statuses themselves.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console.error: ${message.text()}`);
    }
  });
  reportPageOnFailure(page);
  return { page, problems, close: () => context.close() };
}

/** How many of a page's last API answers the report of a failed test lists. */
const ANSWERS_REPORTED = 12;
/** How much of the page's text it prints. */
const TEXT_REPORTED = 2_000;

/**
 * When the test that opened `page` fails, prints where the page was, its last API answers and its
 * text. A wait that times out says which locator it waited for, not what the screen showed instead,
 * and CI keeps only the output: an intermittent failure is otherwise a guess.
 */
function reportPageOnFailure(page: Page): void {
  const answers: string[] = [];
  const keep = (line: string) => {
    answers.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (answers.length > ANSWERS_REPORTED) answers.shift();
  };
  // "GET /api/…?query" for a call to the API, null for the page's other requests.
  const apiCall = (request: Request) => {
    const url = new URL(request.url());
    return url.pathname.startsWith('/api/') ? `${request.method()} ${url.pathname}${url.search}` : null;
  };
  page.on('response', (response) => {
    const call = apiCall(response.request());
    if (call) keep(`${response.status()} ${call}`);
  });
  page.on('requestfailed', (request) => {
    const call = apiCall(request);
    if (call) keep(`failed (${request.failure()?.errorText}) ${call}`);
  });
  try {
    onTestFailed(async () => {
      const text = page.isClosed()
        ? '(the test had closed the page)'
        : await page
            .locator('body')
            .innerText({ timeout: 2_000 })
            .catch((error: unknown) => `(unreadable: ${String(error)})`);
      console.error(
        [
          `The page when the test failed: ${page.isClosed() ? '(closed)' : page.url()}`,
          'Its last API answers:',
          ...answers.map((line) => `  ${line}`),
          'Its text:',
          text.replace(/\n{2,}/g, '\n').slice(0, TEXT_REPORTED),
        ].join('\n'),
      );
    });
  } catch {
    // Opened outside a test (in beforeAll, for several tests): no one test's failure to report.
  }
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const { adminEmail, adminPassword } = harness();
  await page.goto('/login');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}
