import { describe, expect, it } from 'vitest';
import { rebuildStatements, type SavedDefinitions } from './load-constraints.ts';

const saved: SavedDefinitions = {
  indexes: [
    {
      table: 'users',
      definition: 'CREATE INDEX users_created_at_idx ON public.users USING btree (created_at)',
    },
    {
      table: 'users',
      definition:
        'CREATE INDEX users_search_text_trgm_idx ON public.users USING gin (search_text gin_trgm_ops)',
    },
    {
      table: 'ledger_entries',
      definition:
        'CREATE INDEX ledger_entries_account_created_idx ON public.ledger_entries USING btree (account_id, created_at)',
    },
  ],
  uniques: [
    {
      table: 'loans',
      name: 'loans_pkey',
      definition: 'PRIMARY KEY (id)',
      index: 'CREATE UNIQUE INDEX loans_pkey ON public.loans USING btree (id)',
    },
    {
      table: 'users',
      name: 'users_username_key',
      definition: 'UNIQUE NULLS NOT DISTINCT (username)',
      index:
        'CREATE UNIQUE INDEX users_username_key ON public.users USING btree (username) NULLS NOT DISTINCT',
    },
    {
      table: 'users',
      name: 'users_email_key',
      definition: 'UNIQUE (email) DEFERRABLE',
      index: 'CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email)',
    },
  ],
  foreignKeys: [
    {
      table: 'loans',
      name: 'loans_user_id_users_id_fk',
      definition: 'FOREIGN KEY (user_id) REFERENCES users(id)',
    },
    {
      table: 'ledger_entries',
      name: 'ledger_entries_account_id_fk',
      definition: 'FOREIGN KEY (account_id) REFERENCES ledger_accounts(id)',
    },
    {
      table: 'notes',
      name: 'notes_user_fk',
      definition: 'FOREIGN KEY (user_id) REFERENCES users(id) NOT VALID',
    },
  ],
};
const rows = new Map([
  ['users', 1_000],
  ['loans', 5_000],
  ['ledger_entries', 100_000],
]);

describe('the statements that put the dropped definitions back', () => {
  it('builds indexes and keys largest first, a key as its unique index, then makes it the key', () => {
    const { build, attach } = rebuildStatements(saved, rows);
    expect(build).toEqual([
      'CREATE INDEX ledger_entries_account_created_idx ON public.ledger_entries USING btree (account_id, created_at)',
      // A trigram index on 1,000 rows weighs as a B-tree on 50,000.
      'CREATE INDEX users_search_text_trgm_idx ON public.users USING gin (search_text gin_trgm_ops)',
      'CREATE UNIQUE INDEX loans_pkey ON public.loans USING btree (id)',
      'CREATE INDEX users_created_at_idx ON public.users USING btree (created_at)',
      'CREATE UNIQUE INDEX users_username_key ON public.users USING btree (username) NULLS NOT DISTINCT',
      'alter table users add constraint "users_email_key" UNIQUE (email) DEFERRABLE',
    ]);
    expect(attach).toEqual([
      'alter table loans add constraint "loans_pkey" primary key using index "loans_pkey"',
      'alter table users add constraint "users_username_key" unique using index "users_username_key"',
    ]);
  });

  it('adds each foreign key unvalidated, then validates it, largest table first', () => {
    const { link, validate } = rebuildStatements(saved, rows);
    expect(link).toEqual([
      'alter table loans add constraint "loans_user_id_users_id_fk" FOREIGN KEY (user_id) REFERENCES users(id) not valid',
      'alter table ledger_entries add constraint "ledger_entries_account_id_fk" FOREIGN KEY (account_id) REFERENCES ledger_accounts(id) not valid',
      'alter table notes add constraint "notes_user_fk" FOREIGN KEY (user_id) REFERENCES users(id) NOT VALID',
    ]);
    expect(validate).toEqual([
      'alter table ledger_entries validate constraint "ledger_entries_account_id_fk"',
      'alter table loans validate constraint "loans_user_id_users_id_fk"',
    ]);
  });
});
