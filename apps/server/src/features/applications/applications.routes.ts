import { routes } from '@sente/contract';
import { exportFileName, sendCsvExport } from '../../http/csv-export.ts';
import { filteredPagedAnswer, pagedAnswer, pageOffset } from '../../http/paged-answer.ts';
import { REPLY_SENT, type RegisterRoute, type ReplySent } from '../../http/register-route.ts';
import {
  APPLICATION_CSV_COLUMNS,
  toApplicationDto,
  toApplicationDtoFor,
  toApplicationReviewDto,
  toBorrowerApplicationDto,
  toDocumentDto,
} from './applications.presenter.ts';
import type { ApplicationsService, ExportedApplication } from './applications.service.ts';
import { readDocumentUpload } from './document-upload.ts';
import type { DocumentsService } from './documents.service.ts';

export function registerApplicationRoutes(
  register: RegisterRoute,
  {
    applications,
    documents,
    limits,
  }: {
    applications: ApplicationsService;
    documents: DocumentsService;
    limits: { applicationsPerHour: number; uploadsPerHour: number };
  },
): void {
  const hour = 60 * 60 * 1000;
  register(
    routes.createApplication,
    async ({ body, user }) => toBorrowerApplicationDto(await applications.applyAs(user, body)),
    { rateLimit: { max: limits.applicationsPerHour, timeWindowMs: hour, per: 'user' } },
  );

  register(routes.listApplications, async ({ query, request }) => {
    const { rows, ...total } = await applications.list({
      status: query.status,
      userId: query.user,
      search: query.search,
      submittedFrom: query.submitted_from,
      submittedTo: query.submitted_to,
      amountMin: query.amount_min,
      amountMax: query.amount_max,
      scoreMin: query.score_min,
      scoreMax: query.score_max,
      isAwaitingDisbursement: query.awaiting_disbursement,
      ordering: query.ordering,
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return filteredPagedAnswer(request, query, total, rows.map(toApplicationDto));
  });

  register(routes.exportApplications, async ({ query, reply }): Promise<ReplySent> => {
    const filter = {
      status: query.status,
      search: query.search,
      submittedFrom: query.from,
      submittedTo: query.to,
      amountMin: query.amount_min,
      amountMax: query.amount_max,
      scoreMin: query.score_min,
      scoreMax: query.score_max,
      isAwaitingDisbursement: query.awaiting_disbursement,
    };
    await sendCsvExport<ExportedApplication>(reply, {
      fileName: exportFileName('applications', query),
      columns: APPLICATION_CSV_COLUMNS,
      readPage: (after, limit) =>
        applications.exportPage(filter, {
          after: after ? { at: after.cursorAt, id: after.application.id } : null,
          limit,
        }),
    });
    return REPLY_SENT;
  });

  register(routes.myApplications, async ({ query, user, request }) => {
    const { count, rows } = await applications.list({
      userId: user.id,
      ordering: '-created_at',
      limit: query.page_size,
      offset: pageOffset(query),
    });
    return pagedAnswer(request, query, count, rows.map(toBorrowerApplicationDto));
  });

  register(routes.applicationStatistics, () => applications.statistics());

  register(routes.applicationReview, async ({ params }) =>
    toApplicationReviewDto(await applications.review(params.id)),
  );

  register(routes.getApplication, async ({ params, user }) =>
    toApplicationDtoFor(user, await applications.getFor(user, params.id)),
  );

  register(
    routes.uploadApplicationDocument,
    async ({ params, user, request }) => {
      const upload = await readDocumentUpload(request);
      const { row, url } = await documents.upload({ ...upload, applicationId: params.id, userId: user.id });
      return toDocumentDto(row, url);
    },
    { rateLimit: { max: limits.uploadsPerHour, timeWindowMs: hour, per: 'user' } },
  );

  register(routes.listApplicationDocuments, async ({ params, user }) => ({
    documents: (await documents.listWithUrlsFor(user.id, params.id)).map(({ row, url }) =>
      toDocumentDto(row, url),
    ),
  }));

  register(routes.approveApplication, async ({ params, body, user }) =>
    toApplicationDto(await applications.approve(params.id, user.id, body?.admin_notes)),
  );

  register(routes.rejectApplication, async ({ params, body, user }) =>
    toApplicationDto(
      await applications.reject(params.id, user.id, body?.admin_notes, body?.share_with_applicant ?? false),
    ),
  );

  register(routes.applicationDocumentFile, async ({ params, query, reply }): Promise<ReplySent> => {
    const file = await documents.open(params.id, query.expires, query.signature);
    const disposition = query.download ? 'attachment' : 'inline';
    const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_');
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header(
        'content-disposition',
        `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      // The admin's document viewer embeds this in a frame of the same site; nothing else may.
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      )
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(file.body);
    return REPLY_SENT;
  });
}
