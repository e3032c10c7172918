import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client.ts';
import { preparedRead } from './prepared-read.ts';

/** Stands in for drizzle: records each build and the statement name it was prepared under. */
function recorder() {
  const built: { db: DbOrTx; shape: string; name: string }[] = [];
  const build = (db: DbOrTx, shape: string) => ({
    prepare: (name: string) => {
      built.push({ db, shape, name });
      return { name, execute: async () => [] };
    },
  });
  return { built, build };
}

/** A handle as preparedRead sees one: the dialect its database shares, and its own connection. */
const database = () => ({ dialect: {} });
const db = (label: string, of = database()) =>
  ({ label, dialect: of.dialect, session: { client: `${label}'s connection` } }) as unknown as DbOrTx;
const clientOf = (query: unknown) => (query as { client: string }).client;

describe('preparedRead', () => {
  it("builds a read once per database and shape, and runs it on each transaction's own connection", () => {
    const { built, build } = recorder();
    const read = preparedRead('area.read', build);
    const shared = database();
    const main = db('main', shared);
    const tx = db('tx', shared);
    expect(read(main, 'status')).toBe(read(main, 'status'));
    read(main, 'all');
    const inTx = read(tx, 'status');
    expect(built.map((b) => b.name)).toEqual(['area.read:status', 'area.read:all']);
    expect(inTx).toBe(read(tx, 'status'));
    expect(inTx).not.toBe(read(main, 'status'));
    expect(clientOf(inTx)).toBe("tx's connection");
    expect((inTx as unknown as { name: string }).name).toBe('area.read:status');
    // Another database (the other engine, in the tests) builds its own.
    read(db('other'), 'status');
    expect(built.map((b) => b.name)).toEqual(['area.read:status', 'area.read:all', 'area.read:status']);
  });

  it('names a shapeless read by its name alone', () => {
    const { built, build } = recorder();
    preparedRead('area.read', build)(db('main'));
    expect(built[0]?.name).toBe('area.read');
  });

  it('leaves the shapes planned per request unnamed, so PostgreSQL plans them with their values', () => {
    const { built, build } = recorder();
    const read = preparedRead('area.search', build, { planPerRequest: (shape) => shape === 'text' });
    read(db('main'), 'text');
    read(db('main'), 'all');
    expect(built.map((b) => b.name)).toEqual(['', 'area.search:all']);
  });

  it('refuses a statement name PostgreSQL would cut at 63 bytes', () => {
    const { build } = recorder();
    const read = preparedRead('area.read', build);
    expect(() => read(db('main'), 'x'.repeat(60))).toThrow(/too long/);
  });
});
