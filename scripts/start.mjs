#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then serves Sente.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(label, args) {
  process.stdout.write(`> ${label}\n`);
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const contract = 'packages/contract/src';
if (
  needsBuild(path.join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    contract,
  ])
) {
  run('building the web app', ['run', 'build', '-w', '@sente/web']);
}
if (needsBuild(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', contract])) {
  run('building the server', ['run', 'build', '-w', '@sente/server']);
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// The server drains on SIGTERM/SIGINT; pass them on rather than dying before it has finished.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
