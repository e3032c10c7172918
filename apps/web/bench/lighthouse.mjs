// `npm run bench:web`: Lighthouse 12 (mobile preset: Moto G Power, slow 4G, 4× CPU slowdown) against
// Debian's Chromium, on pages served by the real built server (node apps/server/dist/main.js) with a
// throwaway embedded database. Run after `npm run build` (the root script does).
//
// BENCH_PAGES=/app/login,/app npm run bench:web measures the app too: pages under /app other than
// /app/login and /app/register are opened signed in as the demo borrower Nakato Sarah (the demo data
// is seeded for them), her app session put in the browser's storage before Lighthouse loads the page.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const pages = (process.env.BENCH_PAGES ?? '/,/products,/faq').split(',');
// BENCH_RUNS=5: each page five times, each in a fresh browser, then min/median/max per page. The
// simulated throttling scales the CPU time this machine measured, so a busy machine moves the scores.
const runs = Number(process.env.BENCH_RUNS ?? '1');
if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_RUNS must be a whole number from 1');
const isSignedInPage = (page) => page.startsWith('/app') && !/^\/app\/(login|register)\b/.test(page);
const needsDemo = pages.some(isSignedInPage);
const demoBorrower = { email: 'nakato.sarah@example.ug', password: 'sente-demo-2025' };

/** Signs in through the API and stores the app session in the browser, as the app's own sign-in does. */
async function storeAppSession(baseUrl, debuggingPort) {
  const response = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoBorrower),
  });
  if (!response.ok) throw new Error(`the demo borrower could not sign in: ${response.status}`);
  const session = await response.json();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((stored) => {
    localStorage.setItem('sente.app.accessToken', stored.access);
    localStorage.setItem('sente.app.refreshToken', stored.refresh);
    localStorage.setItem('sente.app.user', JSON.stringify(stored.user));
  }, session);
  await page.close();
  await browser.close();
}

/** Min, median and max of each figure over one page's runs. */
function spreadOf(pageRows) {
  const spread = (key) => {
    const values = pageRows.map((row) => row[key]).sort((a, b) => a - b);
    const middle = values.length / 2;
    const median = values.length % 2 ? values[Math.floor(middle)] : (values[middle - 1] + values[middle]) / 2;
    return `${values[0]} / ${median} / ${values.at(-1)}`;
  };
  return {
    page: pageRows[0].page,
    runs: pageRows.length,
    'performance (min / median / max)': spread('performance'),
    'LCP (ms)': spread('LCP (ms)'),
    'TBT (ms)': spread('TBT (ms)'),
    'JS (KB)': spread('JS (KB transferred)'),
  };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become healthy in 90 s');
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'sente-bench-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [serverMain], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: needsDemo ? 'true' : 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let chrome;
try {
  await waitForHealth(baseUrl, server);
  const rows = [];
  for (const page of pages.flatMap((each) => Array.from({ length: runs }, () => each))) {
    // A new browser (and profile) per page: the app's service worker and caches from one page must
    // not serve the next, which a signed-in page's kept storage would otherwise allow.
    chrome?.kill();
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const signedIn = isSignedInPage(page);
    if (signedIn) await storeAppSession(baseUrl, chrome.port);
    const result = await lighthouse(`${baseUrl}${page}`, {
      port: chrome.port,
      // Lighthouse clears the origin's storage first; a signed-in page keeps the session just stored.
      disableStorageReset: signedIn,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    if (process.env.BENCH_REPORT_DIR) {
      const { writeFile } = await import('node:fs/promises');
      const run = rows.filter((row) => row.page === page).length + 1;
      const file = path.join(
        process.env.BENCH_REPORT_DIR,
        `${page.replaceAll('/', '_') || 'root'}${runs > 1 ? `-${run}` : ''}.json`,
      );
      await writeFile(file, JSON.stringify(result.lhr));
    }
    if (result.lhr.runtimeError)
      console.log(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const issues = audits['inspector-issues']?.details?.items ?? [];
    if (issues.length > 0) console.log(`${page}: inspector issues: ${JSON.stringify(issues).slice(0, 600)}`);
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const scripts = audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    );
    rows.push({
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'LCP (ms)': Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      'TBT (ms)': Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      'JS (KB transferred)': Number(((scripts?.transferSize ?? 0) / 1024).toFixed(1)),
    });
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    if (failing.length > 0) console.log(`${page}: failing audits: ${failing.join(', ')}`);
  }
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${chromePath}`,
  );
  console.table(rows);
  if (runs > 1) console.table(pages.map((page) => spreadOf(rows.filter((row) => row.page === page))));
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
