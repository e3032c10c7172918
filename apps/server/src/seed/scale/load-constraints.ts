/**
 * Secondary indexes, unique and foreign-key constraints are dropped before the bulk load and built
 * again after it, primary keys included: one sort per index instead of millions of incremental
 * inserts, and one join per foreign key instead of a lookup per row. CHECK constraints stay.
 */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

export interface SavedDefinitions {
  readonly indexes: readonly { table: string; definition: string }[];
  /** Primary keys and unique constraints, with the definition of the index behind each. */
  readonly uniques: readonly { table: string; name: string; definition: string; index: string }[];
  readonly foreignKeys: readonly { table: string; name: string; definition: string }[];
}

export async function dropForLoad(query: Query, tables: readonly string[]): Promise<SavedDefinitions> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const constraints = (await query(`
    select c.conrelid::regclass::text as "table", c.conname as name, c.contype as kind,
           pg_get_constraintdef(c.oid) as definition, pg_get_indexdef(c.conindid) as index
    from pg_constraint c
    where (c.contype in ('u', 'p') and c.conrelid::regclass::text in (${list}))
       or (c.contype = 'f' and (c.conrelid::regclass::text in (${list}) or c.confrelid::regclass::text in (${list})))
    order by c.conname`)) as {
    table: string;
    name: string;
    kind: string;
    definition: string;
    index: string;
  }[];
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
 * A trigram index costs about as much to build as a B-tree over fifty times its rows (scale 1000:
 * the applications' search texts, 2.5 M rows, 107 s; the ledger lines by account, 125 M rows, 105 s).
 * Ordered by rows alone it started among the last and ran on while the other connection idled.
 */
const GIN_COST_PER_ROW = 50;

/**
 * The statements that put everything back, in an order that works: indexes and uniques, then
 * foreign keys. Indexes go largest first (`rows` per table): the builds share two
 * connections, and a ledger index started last ran alone while the other connection had nothing
 * left to do.
 *
 * A primary key or unique constraint is built as its plain unique index (`build`), then made the
 * constraint on that index (`attach`, a moment each). `ALTER TABLE … ADD PRIMARY KEY` locks its
 * table against everything, so at scale 1000 the ledger lines' key waited 105 s for the other
 * connection's index on the same table while nothing else ran; two `CREATE INDEX` on one table
 * share it.
 *
 * A foreign key is added `NOT VALID` (`link`, a moment each) and then validated (`validate`, the
 * scan of its rows): adding one locks both of its tables against the other connection's checks,
 * and a dozen keys point at the users, so two connections adding keys mostly took turns;
 * validating locks only the table whose rows are checked. The keys end validated all the same.
 */
export function rebuildStatements(
  saved: SavedDefinitions,
  rows: ReadonlyMap<string, number>,
): { build: string[]; attach: string[]; link: string[]; validate: string[] } {
  const builds = [
    ...saved.indexes,
    ...saved.uniques.map((u) => ({
      table: u.table,
      definition: attachable(u)
        ? u.index
        : `alter table ${u.table} add constraint "${u.name}" ${u.definition}`,
    })),
  ];
  const size = (table: string) => rows.get(table) ?? 0;
  const cost = (b: { table: string; definition: string }) =>
    size(b.table) * (/ USING gin /i.test(b.definition) ? GIN_COST_PER_ROW : 1);
  return {
    build: builds.sort((a, b) => cost(b) - cost(a)).map((b) => b.definition),
    attach: saved.uniques
      .filter(attachable)
      .map(
        (u) =>
          `alter table ${u.table} add constraint "${u.name}" ${u.definition.startsWith('PRIMARY KEY') ? 'primary key' : 'unique'} using index "${u.name}"`,
      ),
    link: saved.foreignKeys.map(
      (f) =>
        `alter table ${f.table} add constraint "${f.name}" ${f.definition}${wasValid(f) ? ' not valid' : ''}`,
    ),
    validate: saved.foreignKeys
      .filter(wasValid)
      .sort((a, b) => size(b.table) - size(a.table))
      .map((f) => `alter table ${f.table} validate constraint "${f.name}"`),
  };
}

/** A key the schema left unvalidated stays so. */
function wasValid(foreignKey: { definition: string }): boolean {
  return !/\bNOT VALID$/i.test(foreignKey.definition);
}

/** `ADD … USING INDEX` takes no deferrable constraint's options from the index: those keep the ALTER. */
function attachable(unique: { definition: string }): boolean {
  return /^(PRIMARY KEY|UNIQUE)\b/.test(unique.definition) && !/\bDEFERRABLE\b/i.test(unique.definition);
}
