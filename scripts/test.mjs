#!/usr/bin/env node
// `npm test`: every suite (contract, server on PostgreSQL and PGlite, web components, browser on
// PostgreSQL and the two journeys on PGlite), then one
// closing line with the totals.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'node_modules', '.cache', 'sente-test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const suites = [
  { name: 'contract', workspace: '@sente/contract', script: 'test' },
  { name: 'server', workspace: '@sente/server', script: 'test' },
  { name: 'web', workspace: '@sente/web', script: 'test' },
  { name: 'e2e', workspace: '@sente/web', script: 'test:e2e', needsBrowser: true },
  // The two whole journeys again on the embedded database every new user runs (the build is the one above).
  { name: 'e2e-pglite', workspace: '@sente/web', script: 'test:e2e:pglite', needsBrowser: true },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
/** Each failed test by suite, file and name, with its error's first line: CI keeps only the tail of the output. */
const failures = [];
for (const suite of suites) {
  if (suite.needsBrowser) ensureChromium();
  const reportFile = path.join(reports, `${suite.name}.json`);
  process.stdout.write(`\n> ${suite.name} tests\n`);
  const result = spawnSync(
    'npm',
    [
      'run',
      suite.script,
      '-w',
      suite.workspace,
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) broken.push(`${suite.name} ran no test`);
    failures.push(...failedTests(suite.name, report));
  } catch {
    broken.push(`${suite.name} wrote no report`);
  }
  if (result.status !== 0) broken.push(`${suite.name} exited ${result.status}`);
}

if (failures.length > 0) process.stdout.write(`\nfailed:\n${failures.join('\n')}\n`);
if (broken.length > 0) process.stdout.write(`\nproblems: ${broken.join('; ')}\n`);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(broken.length > 0 || failed > 0 ? 1 : 0);

function failedTests(suiteName, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedInFile) {
      const reason = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      lines.push(`- ${suiteName} ${where}: ${test.fullName}\n    ${reason}`);
    }
    // A file that failed outside any test (an import, a beforeAll) has no failed assertion to name.
    if (file.status === 'failed' && failedInFile.length === 0) {
      lines.push(
        `- ${suiteName} ${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return lines;
}
