/**
 * The benchmark's baseline: a bare Fastify app with a `pg` pool that, for each endpoint, runs the
 * very SQL the real endpoint ran (captured by the benchmark, named statements as named ones) and
 * answers the rows as JSON. No auth, validation, mapping or presenters: what is left is the database
 * and the HTTP framework.
 * Run by api.bench.ts: tsx bench/api/baseline-server.ts <plan.json> <port> <databaseUrl> <poolSize>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { applySessionSettings } from '../../src/db/client.ts';
import type { BaselinePlan } from '../../test/capture-sql.ts';

const [planFile, port, url, poolSize] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile as string, 'utf8')) as BaselinePlan;
// The server's session settings, which change how PostgreSQL runs a statement (db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize), onConnect: applySessionSettings });
const app = Fastify({ logger: false });

for (const [index, endpoint] of plan.endpoints.entries()) {
  app.get(`/baseline/${index}`, async () => {
    const results: unknown[] = [];
    // Queries the endpoint ran concurrently run concurrently here too; waves run one after another.
    for (const wave of endpoint.waves) {
      const answers = await Promise.all(
        wave.map((q) =>
          pool.query({
            text: q.text,
            values: q.values,
            // The server's named statements stay named here: both skip parsing and planning alike.
            ...(q.name ? { name: q.name } : {}),
            ...(q.rowMode ? { rowMode: q.rowMode } : {}),
          }),
        ),
      );
      for (const answer of answers) results.push(answer.rows);
    }
    return results;
  });
}

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
