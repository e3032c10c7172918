import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../test/test-db.ts';
import type { ChangeSubscription } from './change-feed.ts';
import { type Database, openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

/** A subscriber that records what it hears. */
function recorder() {
  const notices: string[] = [];
  const states: boolean[] = [];
  const subscription: ChangeSubscription = {
    onNotice: (payload) => notices.push(payload),
    onState: (listening) => states.push(listening),
  };
  return { notices, states, subscription };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('the change feed on PostgreSQL', () => {
  let db: PostgresTestDatabase;
  let other: pg.Client;
  beforeAll(async () => {
    db = await createPostgresDatabase();
    other = new pg.Client({ connectionString: db.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await db?.drop();
  });

  it('tells every subscriber of a channel, only once the notifying transaction commits', async () => {
    const first = recorder();
    const second = recorder();
    await db.database.changes.subscribe('sente_user_changed', first.subscription);
    await db.database.changes.subscribe('sente_user_changed', second.subscription);
    await until(() => first.states.at(-1) === true && second.states.at(-1) === true);

    await other.query('begin');
    await other.query(`select pg_notify('sente_user_changed', '41')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.notices).toEqual([]);
    await other.query('commit');
    await until(() => first.notices.length === 1 && second.notices.length === 1);
    expect(first.notices).toEqual(['41']);
  });

  it('says it stopped listening when its connection dies, and listens again by itself', async () => {
    const heard = recorder();
    await db.database.changes.subscribe('sente_user_changed', heard.subscription);
    await until(() => heard.states.at(-1) === true);
    const before = heard.states.length;
    const killed = await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'sente-feed' and datname = current_database()`,
    );
    expect(killed.rowCount).toBe(1);
    await until(() => heard.states.slice(before).includes(false));
    await until(() => heard.states.at(-1) === true);
    await other.query(`select pg_notify('sente_user_changed', '42')`);
    await until(() => heard.notices.includes('42'));
  });
});

describe('the change feed on PGlite', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sente-feed-'));
    database = await openDatabase({ database: { kind: 'pglite', dataDir: path.join(dir, 'pglite') } });
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("hears the users trigger's notice for a change that matters to sign-in, and none for one that does not", async () => {
    const heard = recorder();
    await database.changes.subscribe('sente_user_changed', heard.subscription);
    expect(heard.states.at(-1)).toBe(true);
    const client = (database.db as unknown as { $client: { query: (text: string) => Promise<unknown> } })
      .$client;
    await client.query(
      `insert into users (name, email, username, password_hash) values ('Okello Peter', 'okello@example.ug', 'okello', 'x')`,
    );
    await client.query(`update users set updated_at = now() where username = 'okello'`);
    await client.query(`update users set status = 'Inactive' where username = 'okello'`);
    await until(() => heard.notices.length > 0, 2_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { rows } = (await client.query(`select id from users where username = 'okello'`)) as {
      rows: { id: number }[];
    };
    expect(heard.notices).toEqual([String(rows[0]?.id)]);
  });
});
