import type { DocumentType } from '@sente/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { queryKeyOf } from '../../../lib/query-key.ts';
import { type Failure, failureOf } from '../../session/failure.ts';
import { MAX_DOCUMENT_BYTES } from './document-types.ts';
import { shrinkPhoto } from './shrink-photo.ts';
import { uploadDocument } from './upload-document.ts';

export type UploadState =
  | { readonly state: 'idle' }
  | { readonly state: 'preparing' }
  | { readonly state: 'uploading'; readonly progress: number }
  | { readonly state: 'done'; readonly fileName: string; readonly uploadedAt: string }
  | { readonly state: 'failed'; readonly failure: Failure; readonly file: File | null };

type Uploads = Partial<Record<DocumentType, UploadState>>;

function tooLarge(file: File): Failure {
  const megabytes = (file.size / 1024 / 1024).toFixed(1);
  return {
    message: `This file is ${megabytes} MB and the limit is 10 MB. Take a photo instead, or choose a smaller file.`,
    fieldErrors: {},
    status: 413,
    code: null,
  };
}

/**
 * Uploads per document type made on this screen, with progress, a retry that resends the same file,
 * and cancel. What is already on file comes from the server (the application's `document_types`).
 */
export function useUploads(applicationId: number) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Uploads>({});
  const controllers = useRef(new Map<DocumentType, AbortController>());

  const setOne = useCallback(
    (type: DocumentType, state: UploadState) => setUploads((current) => ({ ...current, [type]: state })),
    [],
  );

  const upload = useCallback(
    async (type: DocumentType, file: File) => {
      setOne(type, { state: 'preparing' });
      const { blob, name } = await shrinkPhoto(file);
      if (blob.size > MAX_DOCUMENT_BYTES) {
        setOne(type, { state: 'failed', failure: tooLarge(file), file: null });
        return;
      }
      const controller = new AbortController();
      controllers.current.set(type, controller);
      setOne(type, { state: 'uploading', progress: 0 });
      try {
        const document = await uploadDocument({
          applicationId,
          documentType: type,
          file: blob,
          fileName: name,
          signal: controller.signal,
          onProgress: (progress) => setOne(type, { state: 'uploading', progress }),
        });
        setOne(type, { state: 'done', fileName: document.file_name, uploadedAt: document.uploaded_at });
        void queryClient.invalidateQueries({ queryKey: queryKeyOf('getApplication', { id: applicationId }) });
        void queryClient.invalidateQueries({ queryKey: queryKeyOf('myApplications') });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setOne(type, { state: 'idle' });
          return;
        }
        const failure = failureOf(error);
        // A refusal of the file itself (its type, its size) needs another file, not the same one again.
        const canRetry = failure.status === 0 || failure.status >= 500 || failure.status === 401;
        setOne(type, { state: 'failed', failure, file: canRetry ? file : null });
      } finally {
        controllers.current.delete(type);
      }
    },
    [applicationId, queryClient, setOne],
  );

  const cancel = useCallback((type: DocumentType) => controllers.current.get(type)?.abort(), []);

  return { uploads, upload, cancel };
}
