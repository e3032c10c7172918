import type { Db, DbOrTx } from '../../db/client.ts';
import type { TimeKeyset } from '../../db/keyset.ts';
import { type AuditRow, findAuditRowsForEntity, insertAuditRow } from './audit.repo.ts';
import { type AuditFilter, countAuditRows, findAdmins, findAuditRows } from './audit-list.repo.ts';

/**
 * The audit log: who changed what, when, with the values before and after.
 *
 * Call `recordAudit` with the SAME transaction that makes the change, so the change and its audit
 * row commit together or not at all:
 *
 *   await db.transaction(async (tx) => {
 *     await setUserStatus(tx, id, 'Inactive');
 *     await recordAudit(tx, {
 *       actorId: admin.id, action: 'user.status_changed', entityType: 'user', entityId: id,
 *       before: { status: 'Active' }, after: { status: 'Inactive' }, at: clock.now(),
 *     });
 *   });
 *
 * Conventions: `action` is `<entity>.<past-tense verb>` (`user.closed`, `loan_type.updated`);
 * `before`/`after` hold only the fields the change touched, in wire (snake_case) names, as plain
 * JSON; never put passwords, hashes or tokens in them. Rows are never updated or deleted.
 */
export interface AuditEntry {
  /** The signed-in user who made the change; null for the system itself (jobs, start-up). */
  readonly actorId: number | null;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: number | string;
  readonly before?: Record<string, unknown> | null;
  readonly after?: Record<string, unknown> | null;
  /** From the service's clock, so tests can fix it. */
  readonly at: Date;
}

export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertAuditRow(tx, {
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.at,
  });
}

/** Every audit row of one entity, oldest first. */
export function auditTrailOf(db: DbOrTx, entityType: string, entityId: number | string): Promise<AuditRow[]> {
  return findAuditRowsForEntity(db, entityType, String(entityId));
}

/** Only what changed, before and after: `[{ status: 'ACTIVE' }, { status: 'INACTIVE' }]`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return [was, is];
}

/** The audit log screen's reads: pages with a count, keyset pages for the export, the admins. */
export function createAuditService({ db }: { db: Db }) {
  return {
    async page(filter: AuditFilter, page: { limit: number; offset: number }) {
      const [rows, count] = await Promise.all([findAuditRows(db, filter, page), countAuditRows(db, filter)]);
      return { rows, count };
    },

    exportPage(filter: AuditFilter, page: { after: TimeKeyset | null; limit: number }) {
      return findAuditRows(db, filter, page);
    },

    admins() {
      return findAdmins(db);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
export type { AuditFilter, ListedAuditRow } from './audit-list.repo.ts';
