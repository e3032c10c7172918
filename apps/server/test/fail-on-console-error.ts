import { afterEach, beforeEach, vi } from 'vitest';

// A stray console.error is a bug the test did not look for (house style 11).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

// So is a deprecation warning: a library telling us that what we call will break in its next major
// version (node-postgres warned of a query sent while the connection's settings still ran). Node
// prints each one once per process, so it fails the test during which it first appears. The files
// share one process (vitest.config.ts), so the listener is registered once.
const shared = globalThis as { deprecations?: string[] };
const deprecations = shared.deprecations ?? [];
if (!shared.deprecations) {
  shared.deprecations = deprecations;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning') deprecations.push(warning.stack ?? warning.message);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  const deprecated = deprecations.splice(0);
  if (errors.length > 0)
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  if (deprecated.length > 0) throw new Error(`A deprecation warning was emitted:\n${deprecated.join('\n')}`);
});
