import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from './test-app.ts';
import { createPostgresDatabase, type PostgresTestDatabase } from './test-db.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: PostgresTestDatabase;
let replicas: FastifyInstance[];
beforeAll(async () => {
  db = await createPostgresDatabase();
  // A fresh key prefix keeps this run's counts apart from any other run on the same Redis.
  const config = testConfig({
    redis: { url: REDIS_URL, keyPrefix: `sente-test-${randomBytes(4).toString('hex')}:` },
    loginRateLimitPerMinute: 3,
  });
  replicas = [];
  for (let i = 0; i < 2; i++) {
    const { app } = await buildApp({ config, database: db.database, logger: false });
    await app.ready();
    replicas.push(app);
  }
});
afterAll(async () => {
  for (const app of replicas) await app.close();
  await db.drop();
});

describe('the sign-in limit with REDIS_URL (shared by replicas)', () => {
  it('holds across replicas: attempts through one count on the other', async () => {
    const [first, second] = replicas;
    if (!first || !second) throw new Error('two replicas expected');
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'x@y.ug', password: 'wrong-one' },
      });
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(401);
    const limited = await attempt(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many requests. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
  });
});

describe('the sign-in limit without REDIS_URL', () => {
  it('answers 429 with the JSON error once one address passes the limit', async () => {
    const { app } = await buildApp({
      config: testConfig({ loginRateLimitPerMinute: 2 }),
      database: db.database,
      logger: false,
    });
    try {
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login/',
          payload: { email: 'a@b.ug', password: 'wrong-one' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'Too many requests. Please wait a minute and try again.',
        code: 'RATE_LIMITED',
      });
    } finally {
      await app.close();
    }
  });
});
