/**
 * `npm run bench:jobs [-- --database sente_bench]`
 *
 * The scheduled message jobs at the size of the seeded data: the installment reminders, the
 * missed-payment notices, the lenders' repayments digest and their monthly statement, each run once
 * on a scratch copy of the bench database (`bench:api` or `seed --scale N` leaves it; the copy is
 * dropped afterwards, so the original gets no messages). For each job it prints the messages
 * written, the time, the transactions committed and the longest one open: on the embedded database
 * (one connection) a transaction open is a transaction every request waits behind. docs/scale.md,
 * "The message jobs in batches", explains the numbers.
 */
import { parseArgs } from 'node:util';
import { startOfKampalaDate } from '@sente/contract';
import pg from 'pg';
import { createServices } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { sendMissedPaymentNotices } from '../src/features/messages/borrower-reminders.ts';
import { sendInstallmentReminders } from '../src/features/messages/installment-reminders.ts';
import { sendMonthlyStatements } from '../src/features/messages/monthly-statement.ts';
import { sendRepaymentsDigests } from '../src/features/messages/repayments-digest.ts';
import { testConfig } from '../test/test-app.ts';
import { BASE_URL, fmt, log, runBench, urlOf, withAdmin } from './support.ts';

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string', default: 'sente_bench' },
  },
});
const source = String(flags.database);
const scratch = `${source}_jobs`;

interface JobRun {
  readonly job: string;
  readonly written: number;
  readonly ms: number;
  readonly commits: number;
  readonly longestMs: number;
}

/** The longest transaction open on `database` while `work` runs, sampled every 10 ms. */
async function watched<T>(
  database: string,
  work: () => Promise<T>,
): Promise<{ result: T; longestMs: number; commits: number; ms: number }> {
  // From another database: the sampler's own queries are not the job's transactions.
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  const commitsNow = async () =>
    Number(
      (await client.query('select xact_commit from pg_stat_database where datname = $1', [database])).rows[0]
        ?.xact_commit,
    );
  await client.query('select pg_stat_clear_snapshot()');
  const before = await commitsNow();
  let longestMs = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const { rows } = await client.query(
        `select coalesce(max(extract(epoch from clock_timestamp() - xact_start)) * 1000, 0)::float8 as ms
           from pg_stat_activity where datname = $1 and xact_start is not null and pid <> pg_backend_pid()`,
        [database],
      );
      longestMs = Math.max(longestMs, Number(rows[0]?.ms ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    done = true;
    await sampler;
    // A backend reports its commits to the statistics at most once a second, and an idle one
    // within 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL): wait that out before reading the count.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await client.query('select pg_stat_clear_snapshot()');
    const commits = (await commitsNow()) - before;
    return { result, longestMs, commits, ms };
  } finally {
    done = true;
    await sampler.catch(() => {});
    await client.end();
  }
}

async function main() {
  log(`Copying ${source} to ${scratch}`);
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${scratch}`);
    await client.query(`create database ${scratch} template ${source}`);
  });
  const url = urlOf(scratch);
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 10 } });
  const runs: JobRun[] = [];
  try {
    const config = testConfig({ database: { kind: 'postgres', url, poolSize: 10 } });
    const services = createServices({
      config: {
        ...config,
        // Messages are written, never delivered here: no delivery job runs.
        messages: { ...config.messages, smtp: { url: 'smtp://127.0.0.1:9', from: 'Sente <bench@sente.ug>' } },
      },
      database,
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query(
      `select to_char(max(created_at) at time zone 'Africa/Kampala', 'YYYY-MM-DD') as today from loans`,
    );
    await admin.end();
    const today = String(rows[0]?.today);
    const at = (date: string, hour: number) =>
      new Date(startOfKampalaDate(date).getTime() + hour * 3_600_000);
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const jobs: [string, () => Promise<number>][] = [
      ['installment reminders', () => sendInstallmentReminders(services, at(today, 9))],
      ['missed-payment notices', () => sendMissedPaymentNotices(services, at(today, 10))],
      ['repayments digest', () => sendRepaymentsDigests(services, at(today, 8))],
      ['monthly statements', () => sendMonthlyStatements(services, at(firstOfMonth, 7))],
    ];
    log(`Today in the data: ${today}`);
    for (const [job, work] of jobs) {
      const watchedRun = await watched(scratch, work);
      runs.push({ job, written: watchedRun.result, ...watchedRun });
      log(`  ${job}: ${watchedRun.result} messages in ${fmt(watchedRun.ms)} ms`);
    }
  } finally {
    await database.close();
    await withAdmin((client) => client.query(`drop database if exists ${scratch}`));
  }
  console.log(`\nData of ${source}\n`);
  console.log(
    '| job | messages written | ms | messages/s | transactions committed | longest transaction ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const run of runs) {
    console.log(
      `| ${run.job} | ${run.written} | ${fmt(run.ms)} | ${fmt((run.written * 1000) / run.ms)} | ${run.commits} | ${fmt(run.longestMs)} |`,
    );
  }
}

runBench(main);
