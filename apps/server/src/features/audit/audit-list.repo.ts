import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { beforeKeyset, exactTime, type TimeKeyset } from '../../db/keyset.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { auditActionCounts, auditLog, users } from '../../db/schema/index.ts';

export interface AuditFilter {
  readonly actorId?: number | undefined;
  readonly action?: string | undefined;
  /** Inclusive. */
  readonly from?: Date | undefined;
  /** Exclusive. */
  readonly until?: Date | undefined;
}

export interface ListedAuditRow {
  readonly id: number;
  readonly createdAt: Date;
  readonly cursorAt: string;
  readonly actorId: number | null;
  readonly actorName: string | null;
  readonly actorEmail: string | null;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: string;
  readonly before: unknown;
  readonly after: unknown;
}

function whereOf(filter: AuditFilter, after?: TimeKeyset | null): SQL | undefined {
  return and(
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? sql`${auditLog.createdAt} >= ${filter.from.toISOString()}::timestamptz` : undefined,
    filter.until ? sql`${auditLog.createdAt} < ${filter.until.toISOString()}::timestamptz` : undefined,
    after ? beforeKeyset(auditLog.createdAt, auditLog.id, after.at, after.id) : undefined,
  );
}

const listed = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  cursorAt: exactTime(auditLog.createdAt),
  actorId: auditLog.actorId,
  actorName: users.name,
  actorEmail: users.email,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

/** Newest first; the (created_at, id) indexes serve every filter's order. */
export function findAuditRows(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset?: number; after?: TimeKeyset | null },
): Promise<ListedAuditRow[]> {
  return db
    .select(listed)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(whereOf(filter, page.after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/**
 * The whole log's rows, or one action's, from the running counts (migration 0053): a year of
 * sign-ins is millions of rows, and `count(*)` read them all on every page.
 */
const countedRows = preparedRead('audit.counted_rows', (db, shape: 'action' | 'all') =>
  db
    .select({ n: sql<number>`coalesce(sum(${auditActionCounts.count}), 0)::int` })
    .from(auditActionCounts)
    .where(shape === 'action' ? eq(auditActionCounts.action, sql.placeholder('action')) : undefined),
);

/** How many rows match: from the running counts unless a person or dates narrow the log. */
export async function countAuditRows(db: DbOrTx, filter: AuditFilter): Promise<number> {
  if (filter.actorId === undefined && !filter.from && !filter.until) {
    const [row] = filter.action
      ? await countedRows(db, 'action').execute({ action: filter.action })
      : await countedRows(db, 'all').execute({});
    return row?.n ?? 0;
  }
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(filter));
  return row?.n ?? 0;
}

export function findAdmins(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.name, users.id);
}
