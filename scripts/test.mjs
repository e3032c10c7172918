#!/usr/bin/env node
// `npm test`: every suite (contract, server on PostgreSQL and PGlite, web components, browser on
// PostgreSQL and the two journeys on PGlite), then one closing line with the totals.
//
// The browser suite runs in E2E_SHARDS parts at a time (2 unless set), each with its own server,
// database and Chromium: one part alone leaves a core idle while pages wait on the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'node_modules', '.cache', 'sente-test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const e2eShards = Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? '2', 10) || 1);

const suites = [
  { name: 'contract', workspace: '@sente/contract', script: 'test' },
  { name: 'server', workspace: '@sente/server', script: 'test' },
  { name: 'web', workspace: '@sente/web', script: 'test' },
  {
    name: 'e2e',
    workspace: '@sente/web',
    build: 'build',
    script: 'test:e2e:built',
    shards: e2eShards,
    needsBrowser: true,
  },
  // The two whole journeys again on the embedded database every new user runs (the build is the one above).
  { name: 'e2e-pglite', workspace: '@sente/web', script: 'test:e2e:pglite', needsBrowser: true },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
/** Each failed test by suite, file and name, with its error's first line: CI keeps only the tail of the output. */
const failures = [];
/** Each suite's wall-clock seconds, printed at the end: CI has a time limit to keep. */
const took = [];
for (const suite of suites) {
  if (suite.needsBrowser) ensureChromium();
  const started = Date.now();
  process.stdout.write(`\n> ${suite.name} tests\n`);
  if (suite.build) {
    const build = spawnSync('npm', ['run', suite.build, '-w', suite.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      broken.push(`${suite.name}'s build exited ${build.status}`);
      continue;
    }
  }
  const parts = suite.shards ?? 1;
  const runs = [];
  for (let part = 1; part <= parts; part++) {
    const label = parts > 1 ? `${suite.name} ${part}/${parts}` : suite.name;
    const reportFile = path.join(reports, `${suite.name}-${part}.json`);
    const shard = parts > 1 ? [`--shard=${part}/${parts}`] : [];
    runs.push(
      run(label, suite, shard, reportFile, parts > 1).then((status) => ({ label, status, reportFile })),
    );
  }
  for (const { label, status, reportFile } of await Promise.all(runs)) {
    try {
      const report = JSON.parse(readFileSync(reportFile, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + report.numTodoTests;
      if (report.numTotalTests === 0) broken.push(`${label} ran no test`);
      failures.push(...failedTests(label, report));
    } catch {
      broken.push(`${label} wrote no report`);
    }
    if (status !== 0) broken.push(`${label} exited ${status}`);
  }
  took.push(`${suite.name} ${Math.round((Date.now() - started) / 1000)} s`);
}

if (failures.length > 0) process.stdout.write(`\nfailed:\n${failures.join('\n')}\n`);
if (broken.length > 0) process.stdout.write(`\nproblems: ${broken.join('; ')}\n`);
process.stdout.write(`\ntook: ${took.join(', ')}\n`);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(broken.length > 0 || failed > 0 ? 1 : 0);

/** Runs one suite (or one part of it) to its JSON report; parts running together prefix their lines. */
function run(label, suite, extraArgs, reportFile, prefixed) {
  const args = [
    'run',
    suite.script,
    '-w',
    suite.workspace,
    '--',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ];
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${label}] ${line}\n`));
      }
    }
    child.once('error', () => resolve(1));
    // 'close', not 'exit': a part's last lines are still in its pipes when it exits, and the
    // totals must come after them (CI keeps only the tail).
    child.once('close', (code) => resolve(code ?? 1));
  });
}

function failedTests(label, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedInFile) {
      const reason = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      lines.push(`- ${label} ${where}: ${test.fullName}\n    ${reason}`);
    }
    // A file that failed outside any test (an import, a beforeAll) has no failed assertion to name.
    if (file.status === 'failed' && failedInFile.length === 0) {
      lines.push(
        `- ${label} ${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return lines;
}
