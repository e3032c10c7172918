/**
 * Secondary indexes, unique and foreign-key constraints are dropped before the bulk load and built
 * again after it, primary keys included: one sort per index instead of millions of incremental
 * inserts, and one join per foreign key instead of a lookup per row. CHECK constraints stay.
 */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export interface SavedDefinitions {
  readonly indexes: readonly { table: string; definition: string }[];
  readonly uniques: readonly { table: string; name: string; definition: string }[];
  readonly foreignKeys: readonly { table: string; name: string; definition: string }[];
}

export async function dropForLoad(query: Query, tables: readonly string[]): Promise<SavedDefinitions> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const constraints = (await query(`
    select c.conrelid::regclass::text as "table", c.conname as name, c.contype as kind,
           pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where (c.contype in ('u', 'p') and c.conrelid::regclass::text in (${list}))
       or (c.contype = 'f' and (c.conrelid::regclass::text in (${list}) or c.confrelid::regclass::text in (${list})))
    order by c.conname`)) as { table: string; name: string; kind: string; definition: string }[];
  const indexes = (await query(`
    select i.indexname as name, i.tablename as "table", i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${list})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    order by i.indexname`)) as { name: string; table: string; definition: string }[];
  const foreignKeys = constraints.filter((c) => c.kind === 'f');
  // Primary keys too: one sorted build beats millions of incremental inserts into the index.
  const uniques = constraints.filter((c) => c.kind === 'u' || c.kind === 'p');
  for (const fk of foreignKeys) await query(`alter table ${fk.table} drop constraint "${fk.name}"`);
  for (const unique of uniques) await query(`alter table ${unique.table} drop constraint "${unique.name}"`);
  for (const index of indexes) await query(`drop index "${index.name}"`);
  return { indexes: indexes.map(({ table, definition }) => ({ table, definition })), uniques, foreignKeys };
}

/**
 * The statements that put everything back, in an order that works: indexes and uniques, then
 * foreign keys. Indexes go largest table first (`rows` per table): the builds share two
 * connections, and a ledger index started last ran alone while the other connection had nothing
 * left to do.
 */
export function rebuildStatements(
  saved: SavedDefinitions,
  rows: ReadonlyMap<string, number>,
): { build: string[]; link: string[] } {
  const builds = [
    ...saved.indexes,
    ...saved.uniques.map((u) => ({
      table: u.table,
      definition: `alter table ${u.table} add constraint "${u.name}" ${u.definition}`,
    })),
  ];
  const size = (table: string) => rows.get(table) ?? 0;
  return {
    build: builds.sort((a, b) => size(b.table) - size(a.table)).map((b) => b.definition),
    link: saved.foreignKeys.map((f) => `alter table ${f.table} add constraint "${f.name}" ${f.definition}`),
  };
}
