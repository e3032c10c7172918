/** Drives URLs with autocannon, spreading the connections over one or more processes (round-robin). */
import autocannon from 'autocannon';

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly total: number;
  readonly durationSeconds: number;
  /** Every response's latency in ms, ascending. */
  readonly latencies: readonly number[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * One autocannon instance per target, `connections` split between them as evenly as possible,
 * all at once. Latencies of every response are pooled, so p50/p99 are over the whole run.
 */
export async function drive(
  targets: readonly string[],
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const latencies: number[] = [];
  const runs = targets.map((url, index) => {
    const connections =
      Math.floor(options.connections / targets.length) +
      (index < options.connections % targets.length ? 1 : 0);
    // Without a callback autocannon answers an event emitter that is also a promise of the result.
    const instance = autocannon({
      url,
      connections,
      duration: options.durationSeconds,
      headers: options.headers ?? {},
      timeout: 10,
    });
    (instance as unknown as NodeJS.EventEmitter).on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
      },
    );
    return instance as unknown as Promise<autocannon.Result>;
  });
  const results = await Promise.all(runs);
  latencies.sort((a, b) => a - b);
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    requestsPerSecond: total / options.durationSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    total,
    durationSeconds: options.durationSeconds,
    latencies,
  };
}

/** Several runs against the same targets as one: throughput over their whole time, pooled latencies. */
export function combine(runs: readonly LoadResult[]): LoadResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const total = runs.reduce((sum, r) => sum + r.total, 0);
  const durationSeconds = runs.reduce((sum, r) => sum + r.durationSeconds, 0);
  return {
    requestsPerSecond: total / durationSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    total,
    durationSeconds,
    latencies,
  };
}
