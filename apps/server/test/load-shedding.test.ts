import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { testEngine } from './test-db.ts';

/**
 * Whether the server sheds load (http/load-shedding.ts): on PostgreSQL unless
 * LOAD_SHED_EVENT_LOOP_DELAY_MS is 0; never on the embedded database, whose work is the event
 * loop's own. @fastify/under-pressure decorates the app with `isUnderPressure` when it runs.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('load shedding', () => {
  it('watches the event loop on PostgreSQL by default, and never on the embedded database', async () => {
    t = await createTestApp();
    expect(t.app.hasDecorator('isUnderPressure')).toBe(testEngine() === 'postgres');
  });

  it('is off with LOAD_SHED_EVENT_LOOP_DELAY_MS=0', async () => {
    t = await createTestApp({ config: { loadShedEventLoopDelayMs: 0 } });
    expect(t.app.hasDecorator('isUnderPressure')).toBe(false);
  });
});
