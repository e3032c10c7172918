import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The API client checks each answer against the contract in tests, importing the schemas at the
// first answer (lib/api-client.ts); imported here so no test's first answer waits for that.
await import('@sente/contract');

// A stray console.error is a bug the test did not notice (house style, point 11).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
