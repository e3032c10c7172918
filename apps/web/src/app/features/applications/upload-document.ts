import { type ApiError, type DocumentType, routes } from '@sente/contract';
import { ApiRequestError, buildPath, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { appAccessTokenAfter401 } from '../../session/app-api.ts';
import { readAppAccessToken } from '../../session/app-session.ts';

export type UploadedDocument = ReturnType<(typeof routes.uploadApplicationDocument.responses)[201]['parse']>;

interface UploadRequest {
  readonly applicationId: number;
  readonly documentType: DocumentType;
  readonly file: Blob;
  readonly fileName: string;
  /** 0–1 as the bytes leave the phone. */
  readonly onProgress: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

function send(
  request: UploadRequest,
  accessToken: string | null,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildPath(routes.uploadApplicationDocument.path, { id: request.applicationId }));
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiRequestError(0, null, NETWORK_ERROR_MESSAGE));
    xhr.ontimeout = () => reject(new ApiRequestError(0, null, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // The type first: the server reads the fields in order and needs it before the file's bytes.
    const form = new FormData();
    form.append('document_type', request.documentType);
    form.append('file', request.file, request.fileName);
    xhr.send(form);
  });
}

function apiErrorOf(body: unknown): ApiError | null {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
    ? (body as ApiError)
    : null;
}

/**
 * POST /api/loans/applications/{id}/documents/ as multipart, with upload progress (fetch has none).
 * A 401 refreshes the app's session once and sends again, as the API client does for every other call.
 */
export async function uploadDocument(request: UploadRequest): Promise<UploadedDocument> {
  const access = readAppAccessToken();
  let answer = await send(request, access);
  if (answer.status === 401) {
    const fresh = await appAccessTokenAfter401(access);
    if (fresh === null) throw new ApiRequestError(401, apiErrorOf(answer.body));
    request.onProgress(0);
    answer = await send(request, fresh);
  }
  if (answer.status !== 201) throw new ApiRequestError(answer.status, apiErrorOf(answer.body));
  const parsed = routes.uploadApplicationDocument.responses[201].safeParse(answer.body);
  if (!parsed.success) {
    throw new ApiRequestError(201, null, 'The server sent an answer this app does not understand.');
  }
  return parsed.data;
}
