/**
 * The mobile-money provider's side of the settlements, in a process of its own: it posts the signed
 * callbacks it is given from `connections` kept-alive connections in a closed loop, and answers each
 * call's latency and outcome. A provider's servers are not on ours, so what they spend should take
 * as little of the two cores the server and PostgreSQL share with it as it can: the bodies are
 * signed before the clock starts, the calls go through undici's pool (about two thirds of Node's
 * `http` client's CPU per call), and the process holds nothing but them, where the benchmark's own
 * process holds an in-process app, its pool and the seeded cases (a heap its collector walks).
 *
 * Started by `startProvider` (provider-client.ts) with an IPC channel: it is sent a `load`
 * message, answers `loaded`, is sent `go`, and answers `done` with the timings.
 */
import { Pool } from 'undici';
import { timedPool } from './pool.ts';
import type { ProviderDone, ProviderMessage } from './provider-client.ts';

let loaded: Extract<ProviderMessage, { kind: 'load' }> | null = null;

async function run(load: Extract<ProviderMessage, { kind: 'load' }>): Promise<ProviderDone> {
  const url = new URL(load.url);
  const pool = new Pool(url.origin, { connections: load.connections, pipelining: 1 });
  const cpu = process.cpuUsage();
  const timed = await timedPool(load.calls, load.connections, async (call) => {
    const { statusCode, body } = await pool.request({
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sente-signature': call.signature },
      body: call.body,
    });
    const text = await body.text();
    if (statusCode !== 200) throw new Error(`callback answered ${statusCode}: ${text}`);
    return (JSON.parse(text) as { status?: string }).status === 'applied';
  });
  const spent = process.cpuUsage(cpu);
  await pool.close();
  return { kind: 'done', ...timed, cpuMs: (spent.user + spent.system) / 1000 };
}

process.on('message', (message: ProviderMessage) => {
  if (message.kind === 'load') {
    loaded = message;
    process.send?.({ kind: 'loaded' });
  } else if (message.kind === 'go' && loaded) {
    const load = loaded;
    loaded = null;
    run(load).then(
      (done) => process.send?.(done),
      (error: unknown) =>
        process.send?.({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (message.kind === 'exit') {
    process.disconnect();
  }
});
