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

const db = (label: string) => ({ label }) as unknown as DbOrTx;

describe('preparedRead', () => {
  it('builds a read once per database handle and shape, and reuses it after', () => {
    const { built, build } = recorder();
    const read = preparedRead('area.read', build);
    const main = db('main');
    const tx = db('tx');
    expect(read(main, 'status')).toBe(read(main, 'status'));
    read(main, 'all');
    read(tx, 'status');
    expect(built.map((b) => b.name)).toEqual(['area.read:status', 'area.read:all', 'area.read:status']);
    expect(built[2]?.db).toBe(tx);
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
