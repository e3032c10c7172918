import { describe, expect, it } from 'vitest';
import { type CpuSnapshot, cpuBetween, type TableWrites, writesBetween } from '../bench/money/observe.ts';
import { parsePgbench } from '../bench/money/pgbench.ts';
import { percentile, timedPool } from '../bench/money/pool.ts';

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
