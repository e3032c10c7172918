#!/usr/bin/env node
// Browser tests drive Debian's Chromium in its headless shell (package chromium-headless-shell: the
// same Blink and V8 without the desktop browser around them, what Playwright itself runs headless);
// install it when missing (never a downloaded browser build). The full browser at /usr/bin/chromium
// stays for Lighthouse (npm run bench:web) and for watching a test by hand (CHROMIUM_PATH).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium-headless-shell`,
    );
  }
  process.stdout.write('> installing Debian Chromium (headless shell) for the browser tests\n');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium-headless-shell but ${CHROMIUM_PATH} is still missing`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
