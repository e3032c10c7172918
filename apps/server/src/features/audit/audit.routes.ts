import { routes } from '@sente/contract';
import { exportFileName, instantRangeOf, sendCsvExport } from '../../http/csv-export.ts';
import { pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import { REPLY_SENT, type RegisterRoute, type ReplySent } from '../../http/register-route.ts';
import { AUDIT_CSV_COLUMNS, toAuditEntryDto } from './audit.presenter.ts';
import type { AuditFilter, AuditService, ListedAuditRow } from './audit.service.ts';

function filterOf(query: {
  admin?: number | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}) {
  const range = instantRangeOf(query);
  return {
    actorId: query.admin,
    action: query.action || undefined,
    from: range.from,
    until: range.until,
  } satisfies AuditFilter;
}

export function registerAuditRoutes(register: RegisterRoute, audit: AuditService): void {
  register(routes.listAuditLog, async ({ query, request }) => {
    const { rows, count } = await audit.page(filterOf(query), {
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toAuditEntryDto));
  });

  register(routes.exportAuditLog, async ({ query, reply }): Promise<ReplySent> => {
    const filter = filterOf(query);
    await sendCsvExport<ListedAuditRow>(reply, {
      fileName: exportFileName('audit-log', query),
      columns: AUDIT_CSV_COLUMNS,
      readPage: (after, limit) =>
        audit.exportPage(filter, { after: after ? { at: after.cursorAt, id: after.id } : null, limit }),
    });
    return REPLY_SENT;
  });

  register(routes.listAuditAdmins, async () => ({ results: await audit.admins() }));
}
