import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/**
 * Under overload the server answers 503 at once (with Retry-After) instead of queueing requests
 * until everything times out. Overload is a lagging event loop (requests wait over a second before
 * they even start), not a busy one: a healthy server under steady load runs near 100 % utilisation,
 * and shedding on utilisation turned away requests it would have answered in a few milliseconds.
 */
export async function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: 5,
    pressureHandler: (_request, reply) => {
      reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'The server is busy. Please try again in a few seconds.' });
    },
  });
}
