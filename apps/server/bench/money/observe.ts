/**
 * Where the time goes while money moves, seen from PostgreSQL without pg_stat_statements (it is not
 * preloaded on the shared cluster, and loading it needs a restart): the database's own counters
 * before and after (transactions, rollbacks, deadlocks, rows written, WAL position), and a sampler
 * that looks at every backend of the database every few milliseconds: on CPU, waiting for a lock
 * (and which statement waits), waiting on WAL or I/O, or idle inside a transaction (waiting for the
 * application's next statement: a round trip).
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

export interface Counters {
  readonly commits: number;
  readonly rollbacks: number;
  readonly deadlocks: number;
  readonly inserted: number;
  readonly updated: number;
  readonly lsn: string;
}

/** The database's counters. PostgreSQL 15 flushes them about once a second: wait before reading. */
export async function readCounters(admin: pg.Client, database: string): Promise<Counters> {
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<Record<string, string>>(
    `select xact_commit, xact_rollback, deadlocks, tup_inserted, tup_updated, pg_current_wal_lsn()::text as lsn
     from pg_stat_database where datname = $1`,
    [database],
  );
  const row = rows[0];
  if (!row) throw new Error(`no statistics for ${database}`);
  return {
    commits: Number(row.xact_commit),
    rollbacks: Number(row.xact_rollback),
    deadlocks: Number(row.deadlocks),
    inserted: Number(row.tup_inserted),
    updated: Number(row.tup_updated),
    lsn: String(row.lsn),
  };
}

export interface CounterDelta {
  readonly commits: number;
  readonly rollbacks: number;
  readonly deadlocks: number;
  readonly inserted: number;
  readonly updated: number;
  /** WAL written by the whole cluster meanwhile (other databases' work included). */
  readonly walBytes: number;
}

export async function deltaOf(admin: pg.Client, before: Counters, after: Counters): Promise<CounterDelta> {
  const { rows } = await admin.query<{ bytes: string }>(
    'select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as bytes',
    [after.lsn, before.lsn],
  );
  return {
    commits: after.commits - before.commits,
    rollbacks: after.rollbacks - before.rollbacks,
    deadlocks: after.deadlocks - before.deadlocks,
    inserted: after.inserted - before.inserted,
    updated: after.updated - before.updated,
    walBytes: Number(rows[0]?.bytes ?? 0),
  };
}

/**
 * The rows a database's tables took (inserted, updated, deleted) and the index entries those row
 * versions made: an insert or an update PostgreSQL could not make in place (not HOT) enters every
 * index of its table. Partial indexes are counted as if the row entered them, so the entries are an
 * upper bound. A settlement and a pgbench transaction compared by the work they give the database.
 */
export interface TableWrites {
  readonly rows: number;
  readonly indexEntries: number;
  /** Per table: its rows and index entries. */
  readonly byTable: ReadonlyMap<string, { readonly rows: number; readonly indexEntries: number }>;
}

/**
 * What the tables of the database `client` is connected to have taken so far. A backend flushes its
 * counters when it ends, or when idle, at most once a second and otherwise ten seconds later
 * (PostgreSQL 15's PGSTAT_IDLE_INTERVAL): read after the backends have closed, or waited that long.
 */
export async function readTableWrites(client: pg.Client): Promise<TableWrites> {
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ relname: string; rows: string; index_entries: string }>(
    `select relname, (n_tup_ins + n_tup_upd + n_tup_del)::text as rows,
            ((n_tup_ins + n_tup_upd - n_tup_hot_upd)
              * (select count(*) from pg_index i where i.indrelid = t.relid))::text as index_entries
     from pg_stat_user_tables t`,
  );
  const byTable = new Map(
    rows.map((row) => [row.relname, { rows: Number(row.rows), indexEntries: Number(row.index_entries) }]),
  );
  return totalled(byTable);
}

function totalled(byTable: TableWrites['byTable']): TableWrites {
  let rows = 0;
  let indexEntries = 0;
  for (const table of byTable.values()) {
    rows += table.rows;
    indexEntries += table.indexEntries;
  }
  return { rows, indexEntries, byTable };
}

export function writesBetween(before: TableWrites, after: TableWrites): TableWrites {
  const byTable = new Map<string, { rows: number; indexEntries: number }>();
  for (const [name, table] of after.byTable) {
    const was = before.byTable.get(name) ?? { rows: 0, indexEntries: 0 };
    const rows = table.rows - was.rows;
    const indexEntries = table.indexEntries - was.indexEntries;
    if (rows !== 0 || indexEntries !== 0) byTable.set(name, { rows, indexEntries });
  }
  return totalled(byTable);
}

/** PGSTAT_IDLE_INTERVAL and a margin: an idle backend's counters have been flushed after this. */
export const STATS_FLUSHED_MS = 11_000;

export interface WaitProfile {
  readonly samples: number;
  /** Mean number of the database's backends in each state per sample. */
  readonly mean: {
    readonly onCpu: number;
    readonly lockWait: number;
    readonly walOrIo: number;
    readonly otherWait: number;
    /** Inside a transaction, waiting for the application's next statement. */
    readonly idleInTransaction: number;
  };
  /** Share of samples in which at least one backend waited for a lock. */
  readonly samplesWithLockWait: number;
  /** The statements that waited for a lock, by how often they were seen waiting, most first. */
  readonly lockWaiters: readonly { readonly statement: string; readonly seen: number }[];
}

/**
 * Samples the database's backends every `everyMs` until stopped. Every 25 ms, not 10 (until 1 Dec
 * 2026): at 10 ms the sampler took 64 ms of a core each second in this process and more in
 * PostgreSQL, about 0.16 ms per settlement on the cores the case is measured on, which pgbench
 * does not pay; a case of five seconds still gets some 200 samples.
 */
export function sampleWaits(adminUrl: string, database: string, everyMs = 25) {
  const client = new pg.Client({ connectionString: adminUrl });
  let running = true;
  let samples = 0;
  let withLockWait = 0;
  const sums = { onCpu: 0, lockWait: 0, walOrIo: 0, otherWait: 0, idleInTransaction: 0 };
  const waiters = new Map<string, number>();
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{
        state: string | null;
        wait_event_type: string | null;
        wait_event: string | null;
        query: string;
      }>(
        `select state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as query
         from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        [database],
      );
      samples++;
      let locks = 0;
      for (const row of rows) {
        if (row.state === 'idle in transaction') sums.idleInTransaction++;
        else if (row.state !== 'active') continue;
        else if (row.wait_event_type === null) sums.onCpu++;
        else if (row.wait_event_type === 'Lock') {
          locks++;
          sums.lockWait++;
          const key = `${row.wait_event}: ${row.query}`;
          waiters.set(key, (waiters.get(key) ?? 0) + 1);
        } else if (['LWLock', 'IO'].includes(row.wait_event_type)) sums.walOrIo++;
        else sums.otherWait++;
      }
      if (locks > 0) withLockWait++;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await client.end();
  })();
  return {
    async stop(): Promise<WaitProfile> {
      running = false;
      await done;
      const per = (n: number) => (samples > 0 ? n / samples : 0);
      return {
        samples,
        mean: {
          onCpu: per(sums.onCpu),
          lockWait: per(sums.lockWait),
          walOrIo: per(sums.walOrIo),
          otherWait: per(sums.otherWait),
          idleInTransaction: per(sums.idleInTransaction),
        },
        samplesWithLockWait: per(withLockWait),
        lockWaiters: [...waiters]
          .map(([statement, seen]) => ({ statement, seen }))
          .sort((a, b) => b.seen - a.seen)
          .slice(0, 5),
      };
    },
  };
}

/** The machine's load average over the last minute (the figures are only comparable beside it). */
export async function loadAverage(): Promise<number> {
  const { loadavg } = await import('node:os');
  return loadavg()[0] ?? Number.NaN;
}

/**
 * The WAL that one database wrote between two positions: the cluster is shared (other databases write
 * meanwhile), so pg_current_wal_lsn() deltas overstate it. pg_waldump reads the records, and those
 * that touch a relation of the database count, with the commit records of their transactions.
 * Needs read access to the data directory; null when there is none.
 */
export async function walOfDatabase(
  admin: pg.Client,
  database: string,
  from: string,
  to: string,
): Promise<number | null> {
  const { spawn } = await import('node:child_process');
  const { createInterface } = await import('node:readline');
  const facts = await admin.query<{ oid: string; dir: string }>(
    `select (select oid::text from pg_database where datname = $1) as oid, current_setting('data_directory') as dir`,
    [database],
  );
  const { oid, dir } = facts.rows[0] ?? {};
  if (!oid || !dir) return null;
  const tool = process.env.PG_WALDUMP ?? '/usr/lib/postgresql/15/bin/pg_waldump';
  const child = spawn(tool, ['-p', `${dir}/pg_wal`, '-s', from, '-e', to], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ours = new RegExp(`rel \\d+/${oid}/`);
  const xids = new Set<string>();
  const commits = new Map<string, number>();
  let bytes = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const size = Number(/len \(rec\/tot\):\s*\d+\/\s*(\d+)/.exec(line)?.[1] ?? 0);
    const xid = /tx:\s*(\d+)/.exec(line)?.[1] ?? '0';
    if (ours.test(line)) {
      bytes += size;
      if (xid !== '0') xids.add(xid);
    } else if (line.includes('rmgr: Transaction') && line.includes('COMMIT')) {
      commits.set(xid, (commits.get(xid) ?? 0) + size);
    }
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 && bytes === 0) return null;
  for (const xid of xids) bytes += commits.get(xid) ?? 0;
  return bytes;
}

/**
 * CPU time by who spent it, from /proc (Linux): the server process, every PostgreSQL process of the
 * cluster (backends, WAL writer, checkpointer: a shared cluster's other databases included), the
 * provider process that posts the callbacks (the load generator), this benchmark's own process (the
 * wait sampler, the MoMo simulator, the in-process app at rest), and the whole machine's busy and idle
 * time. On two shared cores this says whether a case was short of CPU and whose.
 */
export interface CpuSnapshot {
  readonly serverMs: number;
  readonly providerMs: number;
  readonly postgres: ReadonlyMap<string, { readonly ticks: number; readonly background: boolean }>;
  readonly benchMs: number;
  readonly machineBusyMs: number;
  readonly machineIdleMs: number;
}

/** CPU milliseconds spent between two snapshots, by whom. */
export interface CpuSpent {
  readonly serverMs: number;
  /** The provider process that posts the callbacks (the load generator). */
  readonly providerMs: number;
  readonly postgresMs: number;
  /** Of postgresMs: the cluster's own processes (checkpointer, WAL writer, background writer…). */
  readonly postgresBackgroundMs: number;
  readonly benchMs: number;
  readonly machineBusyMs: number;
  readonly machineIdleMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux x86-64

function processTicks(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** A PostgreSQL process that serves no client: it works for the whole cluster. */
const BACKGROUND =
  /^postgres: (\S+: )?(checkpointer|background writer|walwriter|autovacuum|logical replication|archiver|stats|startup)/;

/** Each PostgreSQL process's CPU ticks so far, by pid, and whether it is a background one. */
function postgresTicks(): Map<string, { ticks: number; background: boolean }> {
  const byPid = new Map<string, { ticks: number; background: boolean }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').trim().startsWith('postgres')) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      // The postmaster itself (its command is the binary's path) forks and reaps: background too.
      const background = BACKGROUND.test(command) || !command.startsWith('postgres:');
      byPid.set(entry, { ticks: processTicks(entry), background });
    } catch {}
  }
  return byPid;
}

export function cpuSnapshot(serverPid: number | undefined, providerPid?: number): CpuSnapshot {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const jiffies = (cpu ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (jiffies[3] ?? 0) + (jiffies[4] ?? 0); // idle + iowait
  const total = jiffies.slice(0, 8).reduce((sum, j) => sum + j, 0);
  const usage = process.cpuUsage();
  return {
    serverMs: serverPid === undefined ? 0 : processTicks(serverPid) * TICK_MS,
    providerMs: providerPid === undefined ? 0 : processTicks(providerPid) * TICK_MS,
    postgres: postgresTicks(),
    benchMs: (usage.user + usage.system) / 1000,
    machineBusyMs: (total - idle) * TICK_MS,
    machineIdleMs: idle * TICK_MS,
  };
}

/**
 * What each process spent between two snapshots. A PostgreSQL process is counted from the first
 * snapshot, or from its start if it began after it; one that ended in between is left out (its
 * time shows as "other"), where subtracting its whole life's ticks would make PostgreSQL's share
 * negative.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuSpent {
  let postgresMs = 0;
  let postgresBackgroundMs = 0;
  for (const [pid, now] of after.postgres) {
    const earlier = before.postgres.get(pid)?.ticks ?? 0;
    // Fewer ticks than before: the pid was reused by a process started since.
    const spent = (now.ticks >= earlier ? now.ticks - earlier : now.ticks) * TICK_MS;
    postgresMs += spent;
    if (now.background) postgresBackgroundMs += spent;
  }
  return {
    serverMs: after.serverMs - before.serverMs,
    providerMs: after.providerMs - before.providerMs,
    postgresMs,
    postgresBackgroundMs,
    benchMs: after.benchMs - before.benchMs,
    machineBusyMs: after.machineBusyMs - before.machineBusyMs,
    machineIdleMs: after.machineIdleMs - before.machineIdleMs,
  };
}
