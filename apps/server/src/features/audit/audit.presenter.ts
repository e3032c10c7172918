import { type AuditEntry, auditActionLabel, type CsvColumn, kampalaIsoDateTime } from '@sente/contract';
import type { ListedAuditRow } from './audit.service.ts';

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function toAuditEntryDto(row: ListedAuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorId === null
        ? null
        : { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' },
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    before: asRecord(row.before),
    after: asRecord(row.after),
  };
}

/** Before and after as compact JSON, so a spreadsheet keeps each change in one cell. */
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<ListedAuditRow>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'At', value: (row) => kampalaIsoDateTime(row.createdAt) },
  { header: 'Admin', value: (row) => row.actorName ?? (row.actorId === null ? 'System' : '') },
  { header: 'Admin Email', value: (row) => row.actorEmail },
  { header: 'Action', value: (row) => row.action },
  { header: 'Action Label', value: (row) => auditActionLabel(row.action) },
  { header: 'Entity', value: (row) => row.entityType },
  { header: 'Entity ID', value: (row) => row.entityId },
  { header: 'Before', value: (row) => json(row.before) },
  { header: 'After', value: (row) => json(row.after) },
];
