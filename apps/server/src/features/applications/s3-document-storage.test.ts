import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import type { DocumentStorage } from './document-storage.ts';
import { createS3DocumentStorage, S3_DOCUMENT_PREFIX } from './s3-document-storage.ts';

let s3: TestS3Server;
let storage: DocumentStorage;
let raw: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3DocumentStorage(s3.config);
  // A plain client, to look into the bucket behind Sente's back.
  raw = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
  });
});
afterAll(async () => {
  raw.destroy();
  await storage.close?.();
  await s3.close();
});

const newKey = (extension = 'pdf') => `${randomUUID()}.${extension}`;

describe('S3 document storage (against a local S3-compatible server over HTTP)', () => {
  it('stores bytes and reads the same bytes back', async () => {
    const key = newKey();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256 * 1024)]);
    await storage.put(key, bytes);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
  });

  it('streams an object with its size, for serving without holding it all', async () => {
    const key = newKey('webp');
    const bytes = randomBytes(2 * 1024 * 1024);
    await storage.put(key, bytes);
    const stored = await storage.open(key);
    expect(stored?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.open(newKey())).toBeNull();
  });

  it('keeps each document as one object under documents/ in the bucket', async () => {
    const key = newKey('png');
    const bytes = randomBytes(1024);
    await storage.put(key, bytes);
    const object = await raw.send(
      new GetObjectCommand({ Bucket: s3.config.bucket, Key: `${S3_DOCUMENT_PREFIX}${key}` }),
    );
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(bytes)).toBe(true);
  });

  it('answers null for a key with no object', async () => {
    expect(await storage.get(newKey())).toBeNull();
  });

  it('answers null once the object was removed from the bucket', async () => {
    const key = newKey('jpg');
    await storage.put(key, randomBytes(64));
    await raw.send(new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: `${S3_DOCUMENT_PREFIX}${key}` }));
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys the server did not generate (no path tricks into the bucket)', async () => {
    await expect(storage.put('../secrets.pdf', randomBytes(8))).rejects.toThrow('Invalid document key');
    await expect(storage.get('other/prefix.pdf')).rejects.toThrow('Invalid document key');
  });

  it('reports a missing bucket as an error, not as a missing document', async () => {
    const elsewhere = createS3DocumentStorage({ ...s3.config, bucket: 'no-such-bucket-here' });
    try {
      await expect(elsewhere.get(newKey())).rejects.toThrow();
    } finally {
      await elsewhere.close?.();
    }
  });
});
