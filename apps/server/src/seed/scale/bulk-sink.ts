/**
 * Where the scale seed's rows go: `COPY … FROM STDIN` streams on PostgreSQL (one connection per
 * table, all open at once, so the database ingests while Node generates), or multi-row INSERTs on
 * PGlite, which has no COPY from a client stream. Rows carry their own ids (the seed numbers
 * everything itself), so no round trip is ever needed to learn an id.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Value = string | number | boolean | null;

export interface TableSpec {
  readonly name: string;
  readonly columns: readonly string[];
}

export interface Sink {
  add(table: TableSpec, values: readonly Value[]): void;
  /** Sends whatever has piled up past the batch size; awaits the database when it asks to slow down. */
  flush(): Promise<void>;
  /** Sends the rest, ends every stream and commits each table's load. */
  finish(): Promise<void>;
  /** Rows added per table so far. */
  readonly counts: ReadonlyMap<string, number>;
}

/** Each COPY stream is sent its rows in chunks of this size. */
const COPY_CHUNK_BYTES = 256 * 1024;
/** A UTF-16 code unit takes at most three bytes in UTF-8. */
const MAX_BYTES_PER_UNIT = 3;

function copyText(value: Value): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

interface CopyTarget {
  readonly stream: Writable;
  readonly client: pg.Client;
  /**
   * Rows are encoded into a buffer as they are added, not kept as strings until sent: megabytes of
   * waiting strings on the JavaScript heap were copied by every young-generation collection, and
   * collecting was a third of the generator's time.
   */
  chunk: Buffer;
  bytes: number;
  /** Filled chunks waiting for the next `flush`. */
  full: Buffer[];
  rows: number;
  failure: Error | null;
}

/** COPY streams on PostgreSQL; `connect` opens one connection per table. */
export async function copySink(
  tables: readonly TableSpec[],
  connect: () => Promise<pg.Client>,
): Promise<Sink> {
  const targets = new Map<string, CopyTarget>();
  for (const table of tables) {
    const client = await connect();
    // A table emptied in the COPY's own transaction can take its rows frozen: they are visible to
    // everyone from the commit on, so the index builds and the final VACUUM never go back to set
    // hint bits or visibility on 125 M rows. Only a table with no rows yet is emptied (the
    // platform's own ledger accounts come with the migrations); TRUNCATE is allowed because the
    // foreign keys are dropped for the load.
    await client.query('begin');
    const empty = (await client.query(`select 1 from ${table.name} limit 1`)).rowCount === 0;
    if (empty) await client.query(`truncate table ${table.name}`);
    const freeze = empty ? ' WITH (FREEZE)' : '';
    const stream = client.query(
      copyFrom(`COPY ${table.name} (${table.columns.join(', ')}) FROM STDIN${freeze}`),
    ) as unknown as Writable;
    const target: CopyTarget = {
      stream,
      client,
      chunk: Buffer.allocUnsafeSlow(COPY_CHUNK_BYTES),
      bytes: 0,
      full: [],
      rows: 0,
      failure: null,
    };
    stream.on('error', (error: Error) => {
      target.failure = error;
    });
    targets.set(table.name, target);
  }

  async function send(name: string, target: CopyTarget) {
    if (target.failure) throw new Error(`COPY ${name}: ${target.failure.message}`);
    const chunks = target.full;
    target.full = [];
    for (const chunk of chunks) {
      if (!target.stream.write(chunk)) {
        await Promise.race([once(target.stream, 'drain'), once(target.stream, 'error')]);
        if (target.failure) throw new Error(`COPY ${name}: ${(target.failure as Error).message}`);
      }
    }
  }

  return {
    get counts() {
      return new Map([...targets].map(([name, target]) => [name, target.rows]));
    },
    add(table, values) {
      const target = targets.get(table.name) as CopyTarget;
      let line = copyText(values[0] as Value);
      for (let i = 1; i < values.length; i++) line += `\t${copyText(values[i] as Value)}`;
      line += '\n';
      const room = line.length * MAX_BYTES_PER_UNIT;
      if (target.bytes + room > target.chunk.length) {
        if (target.bytes > 0) target.full.push(target.chunk.subarray(0, target.bytes));
        // Sent chunks stay with the socket until written, so each chunk is a new buffer.
        target.chunk = Buffer.allocUnsafeSlow(Math.max(COPY_CHUNK_BYTES, room));
        target.bytes = 0;
      }
      target.bytes += target.chunk.write(line, target.bytes);
      target.rows += 1;
    },
    async flush() {
      for (const [name, target] of targets) {
        if (target.full.length > 0) await send(name, target);
      }
    },
    async finish() {
      try {
        for (const [name, target] of targets) {
          if (target.bytes > 0) target.full.push(target.chunk.subarray(0, target.bytes));
          target.bytes = 0;
          await send(name, target);
        }
        await Promise.all(
          [...targets].map(async ([name, target]) => {
            const done = once(target.stream, 'finish');
            target.stream.end();
            try {
              await done;
            } catch (error) {
              throw new Error(`COPY ${name}: ${(error as Error).message}`);
            }
            if (target.failure) throw new Error(`COPY ${name}: ${target.failure.message}`);
            await target.client.query('commit');
          }),
        );
      } finally {
        await Promise.all([...targets.values()].map((t) => t.client.end().catch(() => {})));
      }
    },
  };
}

/** Multi-row INSERTs (PGlite): `run(sql, params)` executes one statement. */
export function insertSink(
  tables: readonly TableSpec[],
  run: (text: string, params: Value[]) => Promise<unknown>,
): Sink {
  // PostgreSQL allows 65,535 parameters in one statement.
  const buffers = new Map<string, { table: TableSpec; rows: (readonly Value[])[] }>(
    tables.map((t) => [t.name, { table: t, rows: [] }]),
  );
  const counts = new Map<string, number>();

  async function send(table: TableSpec, rows: (readonly Value[])[]) {
    if (rows.length === 0) return;
    const params: Value[] = [];
    const tuples: string[] = [];
    for (const row of rows) {
      const slots: string[] = [];
      for (const value of row) {
        params.push(value);
        slots.push(`$${params.length}`);
      }
      tuples.push(`(${slots.join(', ')})`);
    }
    await run(
      `INSERT INTO ${table.name} (${table.columns.join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(', ')}`,
      params,
    );
  }

  const batchSize = (table: TableSpec) => Math.floor(60_000 / table.columns.length);

  return {
    counts,
    add(table, values) {
      (buffers.get(table.name) as { rows: (readonly Value[])[] }).rows.push(values);
      counts.set(table.name, (counts.get(table.name) ?? 0) + 1);
    },
    async flush() {
      // When one table's batch is full every table is sent, in the order given, so a row never
      // arrives before the row it refers to.
      const full = [...buffers.values()].some((e) => e.rows.length >= batchSize(e.table));
      if (full) await this.finish();
    },
    async finish() {
      for (const entry of buffers.values()) {
        const rows = entry.rows;
        entry.rows = [];
        for (let i = 0; i < rows.length; i += batchSize(entry.table)) {
          await send(entry.table, rows.slice(i, i + batchSize(entry.table)));
        }
      }
    },
  };
}
