import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/harness.ts'],
    fileParallelism: false,
    // Longer than Playwright's own 30 s waits (its default, which every page keeps), so a hang names
    // the locator it waited for; two suites at a time on two cores (scripts/test.mjs) take a heavy
    // page to 31 s.
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
