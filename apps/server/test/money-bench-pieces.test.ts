import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type CpuSnapshot, cpuBetween, type TableWrites, writesBetween } from '../bench/money/observe.ts';
import { parsePgbench } from '../bench/money/pgbench.ts';
import { percentile, timedPool } from '../bench/money/pool.ts';
import { startProvider } from '../bench/money/provider-client.ts';

// pgbench 15's report, as the benchmark reads it.
const REPORT = `pgbench (15.20 (Debian 15.20-0+deb12u1))
transaction type: <builtin: TPC-B (sort of)>
scaling factor: 32
query mode: simple
number of clients: 32
number of threads: 2
maximum number of tries: 1
duration: 53 s
number of transactions actually processed: 78402
number of failed transactions: 0 (0.000%)
latency average = 21.632 ms
initial connection time = 61.233 ms
tps = 1479.281911 (without initial connection time)
`;

const writes = (tables: Record<string, [rows: number, indexEntries: number]>): TableWrites => {
  const byTable = new Map(
    Object.entries(tables).map(([name, [rows, indexEntries]]) => [name, { rows, indexEntries }]),
  );
  const sum = (pick: (t: { rows: number; indexEntries: number }) => number) =>
    [...byTable.values()].reduce((total, t) => total + pick(t), 0);
  return { rows: sum((t) => t.rows), indexEntries: sum((t) => t.indexEntries), byTable };
};

describe("bench:money's pieces", () => {
  it("counts a case's rows and index entries table by table, a table first written during it included", () => {
    const before = writes({ ledger_entries: [100, 300], loans: [10, 170], idle: [5, 5] });
    const after = writes({ ledger_entries: [142, 426], loans: [12, 204], idle: [5, 5], messages: [2, 10] });
    const delta = writesBetween(before, after);
    expect(delta.rows).toBe(42 + 2 + 2);
    expect(delta.indexEntries).toBe(126 + 34 + 10);
    expect([...delta.byTable]).toEqual([
      ['ledger_entries', { rows: 42, indexEntries: 126 }],
      ['loans', { rows: 2, indexEntries: 34 }],
      ['messages', { rows: 2, indexEntries: 10 }],
    ]);
  });

  it("reads pgbench's tps without the connection time, its transactions and mean latency", () => {
    expect(parsePgbench(REPORT)).toEqual({ tps: 1479.281911, transactions: 78402, latencyMs: 21.632 });
  });

  it('refuses a pgbench output without a result instead of reporting a floor of nothing', () => {
    expect(() => parsePgbench('pgbench: error: connection to server failed')).toThrow(/no result/);
  });

  it('counts a call that throws as an error, times every call and keeps going', async () => {
    const timed = await timedPool([1, 2, 3, 4, 5], 2, async (n) => {
      if (n === 3) throw new Error('callback answered 500');
      return n * 10;
    });
    expect(timed.results.toSorted((a, b) => a - b)).toEqual([10, 20, 40, 50]);
    expect(timed.thrown).toBe(1);
    expect(timed.firstError).toBe('callback answered 500');
    expect(timed.latencies).toHaveLength(5);
  });

  it('posts every signed callback from its own process, only after go, and counts a refused one as an error', async () => {
    const seen: { body: string; signature: string | undefined; path: string | undefined }[] = [];
    let open = 0;
    let mostOpen = 0;
    const server = http.createServer((req, res) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        seen.push({ body, signature: req.headers['x-sente-signature'] as string | undefined, path: req.url });
        const { n } = JSON.parse(body) as { n: number };
        // Answered a little later, so that the calls overlap as the connections allow.
        setTimeout(() => {
          open--;
          if (n === 3) res.writeHead(409).end('{"error":"no"}');
          else
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(`{"status":"${n % 2 ? 'applied' : 'unchanged'}"}`);
        }, 5);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const provider = startProvider();
    try {
      const calls = [1, 2, 3, 4, 5, 6].map((n) => ({ body: JSON.stringify({ n }), signature: `sig-${n}` }));
      let seenAtGo = -1;
      const timed = await provider.run(
        `http://127.0.0.1:${port}/api/payments/callback/mtn/`,
        2,
        calls,
        () => {
          seenAtGo = seen.length;
        },
      );
      expect(seenAtGo).toBe(0);
      expect(seen.map((s) => s.signature).toSorted()).toEqual(calls.map((c) => c.signature));
      expect(seen.every((s) => s.path === '/api/payments/callback/mtn/')).toBe(true);
      expect(seen.map((s) => s.body).toSorted()).toEqual(calls.map((c) => c.body));
      expect(mostOpen).toBe(2);
      expect(timed.thrown).toBe(1);
      expect(timed.firstError).toMatch(/callback answered 409/);
      expect(timed.results.toSorted()).toEqual([false, false, false, true, true]);
      expect(timed.latencies).toHaveLength(6);
      expect(timed.latencies.every((ms) => ms >= 4)).toBe(true);
      expect(timed.wallMs).toBeGreaterThan(0);
    } finally {
      await provider.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('takes the p-th percentile as the smallest value with p % at or below it', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("counts PostgreSQL's CPU per process: one that ended adds nothing, one that started adds all it spent", () => {
    const snapshot = (postgres: [string, number, boolean][], machineBusyMs: number): CpuSnapshot => ({
      serverMs: 0,
      postgres: new Map(postgres.map(([pid, ticks, background]) => [pid, { ticks, background }])),
      providerMs: 0,
      benchMs: 0,
      machineBusyMs,
      machineIdleMs: 0,
    });
    const before = snapshot(
      [
        ['10', 500, true], // the checkpointer
        ['11', 9_000, false], // a backend that closes during the case
        ['12', 100, false],
      ],
      0,
    );
    const after = snapshot(
      [
        ['10', 503, true],
        ['12', 140, false],
        ['13', 25, false], // a backend opened during the case
      ],
      1_000,
    );
    // Ticks are 10 ms: 3 + 40 + 25 ticks, of them 3 in the background.
    expect(cpuBetween(before, after)).toMatchObject({ postgresMs: 680, postgresBackgroundMs: 30 });
  });
});
