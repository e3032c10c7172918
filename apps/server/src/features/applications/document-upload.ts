import { DocumentType } from '@sente/contract';
import type { FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../domain-error.ts';
import { FileTooLargeError, MAX_DOCUMENT_BYTES } from './documents.service.ts';

export interface ReceivedDocument {
  readonly documentType: DocumentType;
  readonly fileName: string;
  readonly bytes: Buffer;
}

/**
 * Reads the multipart form of a document upload: `document_type` and one `file`, in any order. The
 * plugin stops reading past 10 MB; the file's name and claimed type are kept only as a label.
 */
export async function readDocumentUpload(request: FastifyRequest): Promise<ReceivedDocument> {
  if (!request.isMultipart()) {
    throw new InvalidInputError(
      'NOT_MULTIPART',
      'Send the document as multipart/form-data with document_type and file',
    );
  }
  let documentType: unknown;
  let file: { fileName: string; bytes: Buffer } | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5 } })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new FileTooLargeError();
      if (part.fieldname === 'file') file = { fileName: part.filename, bytes };
    } else if (part.fieldname === 'document_type') {
      documentType = typeof part.value === 'string' ? part.value.trim().toUpperCase() : part.value;
    }
  }
  const details: Record<string, string[]> = {};
  const type = DocumentType.safeParse(documentType);
  if (!type.success) details.document_type = [`Choose one of ${DocumentType.options.join(', ')}`];
  if (!file) details.file = ['Attach the file'];
  if (!type.success || !file) throw new InvalidInputError('INVALID_DOCUMENT', 'Invalid document', details);
  return { documentType: type.data, fileName: file.fileName, bytes: file.bytes };
}
