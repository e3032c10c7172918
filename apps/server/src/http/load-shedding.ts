import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/**
 * Under overload the server answers 503 at once (with Retry-After) instead of queueing requests
 * until everything times out.
 */
export async function registerLoadShedding(app: FastifyInstance): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: 1_000,
    maxEventLoopUtilization: 0.98,
    retryAfter: 5,
    pressureHandler: (_request, reply) => {
      reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'The server is busy. Please try again in a few seconds.' });
    },
  });
}
