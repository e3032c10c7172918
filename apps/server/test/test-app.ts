import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@sente/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type RegisteredRoute, type Services } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { UserRow } from '../src/features/users/users.repo.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://unused/unused',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    // Paging links name PUBLIC_URL; tests call app.inject, whose requests come to http://localhost.
    PUBLIC_URL: 'http://localhost',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Payments: the simulator answers at once and never fails unless a test says so; tests poll by hand.
    PAYMENT_PROVIDER: 'simulator',
    PAYMENT_POLL_INTERVAL_MS: '0',
    MOMO_SIMULATOR_DELAY_MS: '0',
    MOMO_SIMULATOR_FAILURE_RATE: '0',
    // Uploaded documents of tests go to the system's temporary directory, never the work tree.
    DATA_DIR: path.join(tmpdir(), 'sente-test-data'),
    PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000',
    // Suites that exercise these limits set low ones of their own.
    APPLICATION_RATE_LIMIT_PER_HOUR: '1000',
    // No job workers, schedules or queue maintenance unless a suite starts them: jobs are queued,
    // and a suite that wants them run works the queue itself.
    JOB_POLL_MS: '0',
    DOCUMENT_UPLOAD_RATE_LIMIT_PER_HOUR: '1000',
    PAYMENT_LIMIT_PER_DAY: '1000000000',
    PAYMENT_OPEN_PROMPTS_LIMIT: '1000',
  });
  return { ...base, ...overrides };
}

/** The phone on file of every user `userWithToken` makes unless told otherwise. */
export const TEST_PHONE = '+256772123456';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly db: TestDatabase;
  readonly registeredRoutes: readonly RegisteredRoute[];
  /** Creates an active user of the role and returns them with a fresh access token. */
  userWithToken(
    role: Role,
    overrides?: { email?: string; name?: string; phoneNumber?: string | null },
  ): Promise<{ user: UserRow; token: string }>;
  close(): Promise<void>;
}

let sequence = 0;

/** The real app on a real, fresh PostgreSQL database, called through app.inject. */
export async function createTestApp(
  options: { clock?: Clock; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig(options.config);
  const { app, services, registeredRoutes } = await buildApp({
    config,
    database: db.database,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    services,
    db,
    registeredRoutes,
    async userWithToken(role, overrides = {}) {
      sequence++;
      const user = await services.users.createUser({
        email: overrides.email ?? `${role}${sequence}-${Date.now()}@test.sente.ug`,
        password: TEST_PASSWORD,
        name: overrides.name ?? `Test ${role} ${sequence}`,
        role,
        // A confirmed phone on file (staff-made accounts are confirmed at creation): money moves
        // only to and from it (docs/money.md).
        ...(overrides.phoneNumber === null ? {} : { phoneNumber: overrides.phoneNumber ?? TEST_PHONE }),
      });
      const token = await services.accessTokens.sign(
        { userId: user.id, role: user.role },
        services.clock.now(),
      );
      return { user, token };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
