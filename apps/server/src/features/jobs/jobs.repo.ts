/** Reads of pg-boss's own tables (schema pgboss) for the back-office; pg-boss writes them. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';

export interface QueueCountsRow {
  name: string;
  cron: string | null;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
}

export interface FailedJobRow {
  id: string;
  name: string;
  output: unknown;
  retry_count: number;
  created_on: Date | string;
  completed_on: Date | string | null;
}

export function findQueueCounts(db: DbOrTx): Promise<QueueCountsRow[]> {
  return selectRows<QueueCountsRow>(
    db,
    sql`select q.name, s.cron,
          count(*) filter (where j.state in ('created', 'retry'))::int as waiting,
          count(*) filter (where j.state = 'active')::int as active,
          count(*) filter (where j.state = 'completed')::int as completed,
          count(*) filter (where j.state = 'failed')::int as failed
        from pgboss.queue q
        left join pgboss.schedule s on s.name = q.name
        left join pgboss.job j on j.name = q.name
        group by q.name, s.cron
        order by q.name`,
  );
}

export async function findFailedJobs(
  db: DbOrTx,
  filter: { queue?: string | undefined; limit: number; offset: number },
): Promise<{ rows: FailedJobRow[]; count: number }> {
  const where = filter.queue ? sql`state = 'failed' and name = ${filter.queue}` : sql`state = 'failed'`;
  const [rows, totals] = await Promise.all([
    selectRows<FailedJobRow>(
      db,
      sql`select id, name, output, retry_count, created_on, completed_on
          from pgboss.job where ${where}
          order by completed_on desc nulls last, id
          limit ${filter.limit} offset ${filter.offset}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where ${where}`),
  ]);
  return { rows, count: totals[0]?.n ?? 0 };
}

export async function findJobState(db: DbOrTx, queue: string, id: string): Promise<string | undefined> {
  const [row] = await selectRows<{ state: string }>(
    db,
    sql`select state from pgboss.job where name = ${queue} and id = ${id}::uuid`,
  );
  return row?.state;
}
