/**
 * Deprecation warnings fail the tests (house style 11, as a stray console.error does): a library
 * telling us that what we call will break in its next major version. node-postgres warned of a
 * statement queued behind a connection's settings, in the runner's own process as it migrated the
 * templates. Node prints each warning once per process, so it is caught where it first appears: in a
 * test (fail-on-console-error.ts) or in the global setup (global-setup.ts).
 */
function listen(): string[] {
  const deprecations: string[] = [];
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning') deprecations.push(warning.stack ?? warning.message);
  });
  return deprecations;
}

// One listener per process: the test files share theirs (vitest.config.ts), and load this again.
const shared = globalThis as { deprecations?: string[] };
const deprecations = shared.deprecations ?? listen();
shared.deprecations = deprecations;

/** The warnings since the last call, which are then forgotten. */
export function takeDeprecations(): string[] {
  return deprecations.splice(0);
}

export function deprecationError(warnings: readonly string[]): Error {
  return new Error(`A deprecation warning was emitted:\n${warnings.join('\n')}`);
}

/** Throws if a deprecation warning was emitted since the last call. */
export function failOnDeprecations(): void {
  const warnings = takeDeprecations();
  if (warnings.length > 0) throw deprecationError(warnings);
}
