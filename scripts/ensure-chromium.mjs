#!/usr/bin/env node
// Browser tests drive Debian's Chromium; install it when missing (never a downloaded browser build).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  process.stdout.write('> installing Debian Chromium for the browser tests\n');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
