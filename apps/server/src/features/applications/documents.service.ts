import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DocumentType } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  TooLargeError,
} from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type ApplicationRow,
  countDocuments,
  type DocumentRow,
  findApplicationById,
  findApplicationByIdForUpdate,
  findDocument,
  insertDocument,
  listDocuments,
} from './applications.repo.ts';
import type { ApplicationsService } from './applications.service.ts';
import type { DocumentStorage } from './document-storage.ts';
import { type DetectedFileType, detectFileType, FILE_TYPE_HEAD_BYTES } from './file-type.ts';
import { peekHead } from './peek-head.ts';
import type { DocumentUrlSigner } from './signed-url.ts';

/** At most 10 MB a file (413 beyond), and a sane number of files per application. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENTS_PER_APPLICATION = 20;

export interface DocumentUpload {
  readonly applicationId: number;
  readonly userId: number;
  readonly documentType: DocumentType;
  readonly fileName: string;
  readonly bytes: Buffer;
}

export interface DocumentFile {
  /** The bytes, streamed from storage as the client reads them. */
  readonly body: Readable;
  readonly size: number;
  readonly contentType: DetectedFileType['contentType'];
  readonly fileName: string;
}

/** A file name safe to keep and to echo in a header: no path, no control characters, 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Controls and invisible format characters go: a right-to-left override (U+202E) makes
  // "invoice\u202Efdp.exe" read as "invoiceexe.pdf" on an admin's screen. Lone surrogates too.
  const cleaned = [...base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}"]/gu, '').trim()]
    .slice(0, 200)
    .join('')
    .trim();
  return cleaned || fallback;
}

/** The owner may add a document while the application is pending and below the cap. */
function assertMayAddDocument(
  application: ApplicationRow | undefined,
  userId: number,
  documentsHeld: number,
): asserts application is ApplicationRow {
  // Someone else's application is not theirs to know about.
  if (!application || application.userId !== userId)
    throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
  if (application.status !== 'PENDING') {
    throw new ConflictError(
      'APPLICATION_NOT_PENDING',
      'Documents can only be added while the application is pending',
    );
  }
  if (documentsHeld >= MAX_DOCUMENTS_PER_APPLICATION) {
    throw new ConflictError(
      'TOO_MANY_DOCUMENTS',
      `An application holds at most ${MAX_DOCUMENTS_PER_APPLICATION} documents`,
    );
  }
}

export function createDocumentsService({
  db,
  clock,
  storage,
  signer,
  applications,
}: {
  db: Db;
  clock: Clock;
  storage: DocumentStorage;
  signer: DocumentUrlSigner;
  applications: ApplicationsService;
}) {
  return {
    async upload(input: DocumentUpload): Promise<{ row: DocumentRow; url: string }> {
      // A first look without a lock refuses the hopeless cases before any bytes are stored.
      const existing = await findApplicationById(db, input.applicationId);
      const held = existing?.userId === input.userId ? await countDocuments(db, existing.id) : 0;
      assertMayAddDocument(existing, input.userId, held);
      if (input.bytes.length === 0)
        throw new InvalidInputError('EMPTY_FILE', 'Invalid document', { file: ['The file is empty'] });
      if (input.bytes.length > MAX_DOCUMENT_BYTES) throw new FileTooLargeError();
      const type = detectFileType(input.bytes);
      if (!type) {
        throw new InvalidInputError('UNSUPPORTED_FILE_TYPE', 'Invalid document', {
          file: ['Upload a PDF, JPEG, PNG or WebP file (judged by its content, not its name)'],
        });
      }
      const storageKey = `${randomUUID()}${type.extension}`;
      await storage.put(storageKey, input.bytes);
      const now = clock.now();
      try {
        const row = await db.transaction(async (tx) => {
          // The application row is locked: uploads to one application are counted one at a time,
          // so parallel ones can never pass the cap together.
          const application = await findApplicationByIdForUpdate(tx, input.applicationId);
          assertMayAddDocument(application, input.userId, await countDocuments(tx, input.applicationId));
          const inserted = await insertDocument(tx, {
            applicationId: input.applicationId,
            documentType: input.documentType,
            storageKey,
            fileName: cleanFileName(input.fileName, `${input.documentType.toLowerCase()}${type.extension}`),
            contentType: type.contentType,
            sizeBytes: input.bytes.length,
            sha256: createHash('sha256').update(input.bytes).digest('hex'),
            uploadedAt: now,
          });
          await applications.refreshCreditCheck(tx, input.applicationId);
          return inserted;
        });
        return { row, url: signer.url(row.id, clock.now()) };
      } catch (error) {
        // Refused or failed: the stored bytes belong to no document, so they go. Should that fail
        // too, the refusal is still the answer; the file left has a random name and no row.
        await storage.remove(storageKey).catch(() => undefined);
        throw error;
      }
    },

    /**
     * Every document of an application, each with a signed URL valid for a few minutes, handed to
     * one admin. Handing them out is logged: Uganda's Data Protection and Privacy Act treats
     * financial data as special, so who looked at a borrower's papers, and when, is kept (the URLs
     * are the only way to the files, so this is the one place to log).
     */
    async listWithUrlsFor(
      adminId: number,
      applicationId: number,
    ): Promise<{ row: DocumentRow; url: string }[]> {
      const now = clock.now();
      const rows = await db.transaction(async (tx) => {
        if (!(await findApplicationById(tx, applicationId)))
          throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
        const found = await listDocuments(tx, applicationId);
        await recordAudit(tx, {
          actorId: adminId,
          action: 'application.documents_viewed',
          entityType: 'application',
          entityId: applicationId,
          after: { document_ids: found.map((row) => row.id) },
          at: now,
        });
        return found;
      });
      return rows.map((row) => ({ row, url: signer.url(row.id, now) }));
    },

    /** The file behind a signed URL, once the signature and expiry check out. */
    async open(documentId: number, expires: number, signature: string): Promise<DocumentFile> {
      const verdict = signer.verify(documentId, expires, signature, clock.now());
      if (verdict === 'expired')
        throw new ForbiddenError(
          'DOCUMENT_LINK_EXPIRED',
          'This document link has expired. Open the document again.',
        );
      // A link that was not signed for this id says nothing about whether the document exists.
      if (verdict === 'invalid') throw new NotFoundError('DOCUMENT_NOT_FOUND', 'Document not found');
      const row = await findDocument(db, documentId);
      const stored = row ? await storage.open(row.storageKey) : null;
      if (!row || !stored) throw new NotFoundError('DOCUMENT_NOT_FOUND', 'Document not found');
      // Serve the type the content has, checked again: never trust what was stored blindly.
      const { head, body } = await peekHead(stored.body, FILE_TYPE_HEAD_BYTES);
      const type = detectFileType(head);
      if (!type) {
        body.destroy();
        throw new NotFoundError('DOCUMENT_NOT_FOUND', 'Document not found');
      }
      return {
        body,
        size: stored.size,
        contentType: type.contentType,
        fileName: withExtension(row.fileName, type.extension),
      };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

export class FileTooLargeError extends TooLargeError {
  constructor() {
    super('FILE_TOO_LARGE', 'The file is too large: the limit is 10 MB');
  }
}

/** The download name ends with the extension of the real type, whatever the uploaded name said. */
function withExtension(fileName: string, extension: DetectedFileType['extension']): string {
  const lower = fileName.toLowerCase();
  const matches = extension === '.jpg' ? /\.(jpe?g)$/.test(lower) : lower.endsWith(extension);
  return matches ? fileName : `${fileName}${extension}`;
}
