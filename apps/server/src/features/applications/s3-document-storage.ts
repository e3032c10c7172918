import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertDocumentKey, type DocumentStorage, type StoredDocument } from './document-storage.ts';

/** Objects are kept under this prefix, so the bucket may hold other things beside them. */
export const S3_DOCUMENT_PREFIX = 'documents/';

/**
 * Documents in S3-compatible object storage (MinIO, Ceph, R2, AWS S3, ...), which every replica
 * reaches. The bucket stays private: browsers never talk to it. They get our own signed URLs, and
 * whichever replica answers one reads the object here and sends it on.
 */
export function createS3DocumentStorage(config: S3Config): DocumentStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Many S3-compatible servers reject the newer default checksum trailers; send them only when the
    // operation requires them (S3's own behaviour before 2025).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const objectKey = (key: string) => `${S3_DOCUMENT_PREFIX}${assertDocumentKey(key)}`;
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          // The type is checked from the content again on every read; this only labels the object.
          ContentType: 'application/octet-stream',
        }),
      );
    },
    open: openObject,
    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    async get(key) {
      const stored = await openObject(key);
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async close() {
      client.destroy();
    },
  };

  async function openObject(key: string): Promise<StoredDocument | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
      // In Node the body is the HTTP response itself: a stream, read as the client reads.
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
        throw new Error(`Object storage answered ${key} without a streaming body and its length`);
      }
      return { size: answer.ContentLength, body: answer.Body };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    // A missing bucket is a setup mistake to report, not a missing document.
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
