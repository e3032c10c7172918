import { afterEach, beforeEach, vi } from 'vitest';
import { deprecationError, takeDeprecations } from './deprecation-warnings.ts';

// A stray console.error is a bug the test did not look for (house style 11), and so is a
// deprecation warning (deprecation-warnings.ts).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  // Taken first, so a test that fails for console.error leaves none to the next test.
  const deprecations = takeDeprecations();
  if (errors.length > 0)
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  if (deprecations.length > 0) throw deprecationError(deprecations);
});
