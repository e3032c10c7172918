import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { samplePdf } from '../../seed/sample-files.ts';
import { S3_DOCUMENT_PREFIX } from './s3-document-storage.ts';

let s3: TestS3Server;
let t: TestApp;
let dataDir: string;
let admin: string;
let borrower: { id: number; token: string };
let applicationId: number;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), 'sente-documents-s3-'));
  t = await createTestApp({ config: { dataDir, s3: s3.config } });
  admin = (await t.userWithToken('admin')).token;
  const b = await t.userWithToken('borrower');
  borrower = { id: b.user.id, token: b.token };
  const loanType = await t.services.loanTypes.create({
    loan_type_name: 'Working Capital',
    min_amount: 350_000,
    max_amount: 3_000_000,
    interest_rate: 280,
    interest_type: 'FLAT',
    appraisal_time: '24 hours',
    status: 'ACTIVE',
  });
  applicationId = (
    await t.services.applications.create(borrower.id, {
      business_name: 'Kato Mobile Money Kiosk',
      business_location: 'Mbarara',
      business_type: null,
      amount_requested: 900_000,
      loan_term: 3,
      loan_type: loanType.id,
      loan_purpose: 'Float for the agent line',
      monthly_income: 1_800_000,
      nin: 'CM12345678901B',
    })
  ).application.id;
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function upload(bytes: Buffer) {
  const { payload, headers } = multipartBody({ document_type: 'BANK_STATEMENTS' }, [
    { field: 'file', fileName: 'statement.pdf', contentType: 'application/pdf', bytes },
  ]);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${applicationId}/documents/`,
    headers: { ...bearer(borrower.token), ...headers },
    payload,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: number; file: string }>();
}

describe('documents with S3_* set (object storage)', () => {
  it('stores the upload in the bucket, not in DATA_DIR, and serves it through the signed URL', async () => {
    const pdf = samplePdf(['Centenary Bank', 'Statement of account']);
    const { file: url } = await upload(pdf);
    expect(await readdir(dataDir)).toEqual([]);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('lists the documents with signed URLs that read from the bucket', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/loans/applications/${applicationId}/documents/`,
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const { documents } = list.json<{ documents: { file: string }[] }>();
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      expect((await t.app.inject({ method: 'GET', url: document.file })).statusCode).toBe(200);
    }
  });

  it('answers 404 when the object is gone from the bucket', async () => {
    const { id, file: url } = await upload(samplePdf(['dfcu Bank', 'Statement']));
    const [row] = await t.db.database.db.query.applicationDocuments.findMany({
      where: (d, { eq }) => eq(d.id, id),
    });
    const raw = new S3Client({
      endpoint: s3.config.endpoint,
      region: s3.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey },
    });
    try {
      await raw.send(
        new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: `${S3_DOCUMENT_PREFIX}${row?.storageKey}` }),
      );
    } finally {
      raw.destroy();
    }
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ error: 'Document not found', code: 'DOCUMENT_NOT_FOUND' });
  });
});
