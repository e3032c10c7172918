import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * With REDIS_URL the per-address limits (sign-in, public forms) are counted in Redis, so every
 * replica sees the same count; without it each process counts for itself.
 */
export function rateLimitStore(app: FastifyInstance, config: Pick<Config, 'redis'>) {
  if (!config.redis) return {};
  const redis = new Redis(config.redis.url, {
    keyPrefix: config.redis.keyPrefix,
    // Fail fast: a limit check must not hang a request while Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  // If Redis is down, let requests through: the per-email sign-in throttle in the database still holds.
  return { redis, skipOnError: true };
}
