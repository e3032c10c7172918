/** Closed-loop load: `concurrency` workers take the next item until none is left. */

/** Runs `work` on every item, at most `concurrency` at once; the first error stops the rest and is thrown. */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, worker: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async (_, worker) => {
      while (failed === null && next < items.length) {
        const item = items[next++] as T;
        try {
          await work(item, worker);
        } catch (error) {
          failed ??= error;
        }
      }
    }),
  );
  if (failed !== null) throw failed;
}

export interface Timed<R> {
  /** Milliseconds from the first call to the last answer. */
  readonly wallMs: number;
  /** Each call's latency in ms, ascending. */
  readonly latencies: readonly number[];
  readonly results: readonly R[];
  /** Calls that threw (a transport error), with the first message. */
  readonly thrown: number;
  readonly firstError: string | null;
}

/** Like runPool, timing every call; a call that throws is counted, not fatal. */
export async function timedPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, worker: number) => Promise<R>,
): Promise<Timed<R>> {
  const latencies: number[] = [];
  const results: R[] = [];
  let thrown = 0;
  let firstError: string | null = null;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async (_, worker) => {
      while (next < items.length) {
        const item = items[next++] as T;
        const at = performance.now();
        try {
          results.push(await work(item, worker));
        } catch (error) {
          thrown++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
        latencies.push(performance.now() - at);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { wallMs: performance.now() - started, latencies, results, thrown, firstError };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
