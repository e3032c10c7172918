import { defineConfig } from 'vitest/config';

/**
 * The suites run twice: on PostgreSQL (every suite) and on PGlite, the embedded database every new
 * user runs (every suite that does not need a PostgreSQL server of its own: several processes, pg
 * tools, LISTEN across connections, query plans). A feature is done when it passes on both.
 */
const POSTGRES_ONLY = [
  'test/backup.test.ts', // pg_dump / pg_restore
  'test/cli-migrate.test.ts', // a CLI process on the same database
  'test/cli-momo-simulator.test.ts',
  'test/database-down.test.ts', // a proxy between the server and PostgreSQL
  'test/main-process.test.ts',
  'test/payment-crash.test.ts', // a second process killed mid-payment
  'test/payout-lock-order.test.ts', // a second connection held open mid-transaction
  'test/message-crash.test.ts', // a second process killed mid-delivery
  'test/pglite.test.ts', // opens PGlite data directories itself
  'test/query-plans.test.ts', // EXPLAIN of PostgreSQL's generic plans
  'test/replicas.test.ts', // two server processes on one database
  'test/shared-rate-limit.test.ts',
  'src/db/change-feed.test.ts', // LISTEN/NOTIFY between connections
  'src/db/client.test.ts', // the pool's session settings
  'src/db/counters.test.ts', // checks the counters over a bulk (COPY) seed
  'src/jobs/job-queue-replicas.test.ts', // two connection pools stand in for two replicas
  'src/features/auth/signed-in-cache.test.ts',
  'src/seed/scale/**', // the bulk seed writes with COPY
];

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Test files share their worker's modules: importing the app afresh for every file cost 1.4 s
    // of CPU a file, 282 s of the suite's 730 s. Files hold their state in the app and database
    // they create; helpers' counters are never read as values (a phone number is the lender's own).
    isolate: false,
    // Four files at a time on two cores: many files wait on PostgreSQL, a child process or a
    // timer. Measured on a quiet 2-core machine (28 Nov 2026): 423 s with 3 workers and a fresh
    // process per file; shared, 331 s with 3, 238 s with 4 and 242 s with 5.
    maxWorkers: 4,
    // The AWS SDK warns once per process that its 2027 releases will need Node 22; not news in tests.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          provide: { databaseEngine: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: POSTGRES_ONLY,
          provide: { databaseEngine: 'pglite' },
        },
      },
    ],
  },
});
