import { defineConfig } from 'vitest/config';

/** Pure functions, no database and no DOM: the contract's tests run in plain Node. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
