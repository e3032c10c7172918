import pg from 'pg';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const HOW_TO_START = `
Server tests need a PostgreSQL server (TEST_DATABASE_URL=${TEST_DATABASE_URL}).
Start the local one with:
  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start
or point TEST_DATABASE_URL at another server whose user may create databases.`;

/** Runs `work` on the maintenance connection; a missing server fails loudly with how to start it. */
export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${HOW_TO_START}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  return withDatabase(TEST_DATABASE_URL, name);
}

/** The connection string `url` with another database (its host, user and parameters kept). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
