import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { samplePdf, samplePng } from '../../seed/sample-files.ts';

const clock = fixedClock(new Date('2025-06-02T08:00:00Z'));
let t: TestApp;
let dataDir: string;
let admin: string;
let borrower: { id: number; token: string };
let loanTypeId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sente-documents-'));
  t = await createTestApp({ clock, config: { dataDir } });
  admin = (await t.userWithToken('admin')).token;
  loanTypeId = (
    await t.services.loanTypes.create({
      loan_type_name: 'Working Capital',
      min_amount: 350_000,
      max_amount: 3_000_000,
      interest_rate: 280,
      interest_type: 'FLAT',
      appraisal_time: '24 hours',
      status: 'ACTIVE',
    })
  ).id;
});
// A borrower has one open application at a time: each test gets its own borrower.
beforeEach(async () => {
  const b = await t.userWithToken('borrower');
  borrower = { id: b.user.id, token: b.token };
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function newApplication(userId = borrower.id) {
  const view = await t.services.applications.create(userId, {
    business_name: 'Achieng Tailoring',
    business_location: 'Lira',
    business_type: null,
    amount_requested: 800_000,
    loan_term: 3,
    loan_type: loanTypeId,
    loan_purpose: 'Two sewing machines',
    monthly_income: 1_500_000,
    nin: 'CF12345678901A',
  });
  return view.application.id;
}

async function upload(
  applicationId: number,
  file: { fileName: string; bytes: Buffer; contentType?: string },
  documentType = 'BANK_STATEMENTS',
  token = borrower.token,
) {
  const { payload, headers } = multipartBody({ document_type: documentType }, [
    {
      field: 'file',
      fileName: file.fileName,
      contentType: file.contentType ?? 'application/pdf',
      bytes: file.bytes,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${applicationId}/documents/`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

const pdf = samplePdf(['Stanbic Bank Uganda', 'Statement of account']);
const png = samplePng(40, 30, [200, 120, 40]);

describe('POST /api/loans/applications/:id/documents/', () => {
  it('stores a PDF under a random name in DATA_DIR/documents and raises the credit score', async () => {
    const id = await newApplication();
    const before = (await t.services.applications.get(id)).application.creditScore ?? 0;
    const res = await upload(id, { fileName: 'statement-march.pdf', bytes: pdf });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      document_type: 'BANK_STATEMENTS',
      file_name: 'statement-march.pdf',
      content_type: 'application/pdf',
      size_bytes: pdf.length,
      file: expect.stringMatching(/^\/api\/loans\/documents\/\d+\/file\/\?expires=\d+&signature=/),
    });
    const stored = await readdir(path.join(dataDir, 'documents'));
    expect(stored.some((name) => /^[a-f0-9-]{36}\.pdf$/.test(name))).toBe(true);
    expect(stored.some((name) => name.includes('statement'))).toBe(false);
    const after = (await t.services.applications.get(id)).application.creditScore ?? 0;
    expect(after).toBe(before + 12);
  });

  it('judges the type by content: a PNG named .pdf is kept and served as a PNG', async () => {
    const id = await newApplication();
    const res = await upload(id, { fileName: 'national-id.pdf', bytes: png }, 'NATIONAL_ID');
    expect(res.statusCode).toBe(201);
    expect(res.json().content_type).toBe('image/png');
    const file = await t.app.inject({ url: res.json().file });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('filename="national-id.pdf.png"');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file whose content is not PDF, JPEG, PNG or WebP, whatever its name', async () => {
    const id = await newApplication();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(id, { fileName: 'photo.png', bytes: html, contentType: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.file[0]).toMatch(/PDF, JPEG, PNG or WebP/);
  });

  it('answers 413 for a file over 10 MB', async () => {
    const id = await newApplication();
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    const res = await upload(id, { fileName: 'huge.pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is too large: the limit is 10 MB' });
  });

  it('answers 400 for an unknown document type, a missing file, or a JSON body', async () => {
    const id = await newApplication();
    expect((await upload(id, { fileName: 'a.pdf', bytes: pdf }, 'PASSPORT')).statusCode).toBe(400);
    const { payload, headers } = multipartBody({ document_type: 'NATIONAL_ID' }, []);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${id}/documents/`,
      headers: { ...bearer(borrower.token), ...headers },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toHaveProperty('file');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${id}/documents/`,
      headers: bearer(borrower.token),
      payload: { document_type: 'NATIONAL_ID' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 404 on someone else’s application and 409 once it is decided', async () => {
    const other = await t.userWithToken('borrower');
    const theirs = await newApplication(other.user.id);
    expect((await upload(theirs, { fileName: 'a.pdf', bytes: pdf })).statusCode).toBe(404);
    const mine = await newApplication();
    await t.services.applications.reject(mine, 1);
    expect((await upload(mine, { fileName: 'a.pdf', bytes: pdf })).statusCode).toBe(409);
  });

  it('stores exactly 20 of 30 parallel uploads, refuses the rest with 409 and keeps none of their files', async () => {
    const id = await newApplication();
    const filesBefore = (await readdir(path.join(dataDir, 'documents')).catch(() => [])).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => upload(id, { fileName: `page-${i}.pdf`, bytes: pdf })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(10);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'An application holds at most 20 documents',
        code: 'TOO_MANY_DOCUMENTS',
      });
    }
    const listed = await t.app.inject({
      url: `/api/loans/applications/${id}/documents/`,
      headers: bearer(admin),
    });
    expect(listed.json().documents).toHaveLength(20);
    const stored = await readdir(path.join(dataDir, 'documents'));
    expect(stored.filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(stored.length - filesBefore).toBe(20);
  });
});

describe('GET /api/loans/applications/:id/documents/ and the signed file URL', () => {
  it('lists documents with signed URLs that serve the file with safe headers', async () => {
    const id = await newApplication();
    await upload(id, { fileName: 'trade licence.pdf', bytes: pdf }, 'TRADE_LICENSE');
    const res = await t.app.inject({
      url: `/api/loans/applications/${id}/documents/`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const [document] = res.json().documents;
    expect(document).toMatchObject({ document_type: 'TRADE_LICENSE', file_name: 'trade licence.pdf' });
    const file = await t.app.inject({ url: document.file });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="trade licence.pdf"/);
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const download = await t.app.inject({ url: `${document.file}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 403 once the link is older than five minutes', async () => {
    const id = await newApplication();
    const url = (await upload(id, { fileName: 'a.pdf', bytes: pdf })).json().file;
    clock.advance(5 * 60 * 1000);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    clock.advance(1000);
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/expired/);
  });

  it('answers 404 for a tampered signature, expiry or document id (existence does not leak)', async () => {
    const id = await newApplication();
    const url: string = (await upload(id, { fileName: 'a.pdf', bytes: pdf })).json().file;
    const match = /documents\/(\d+)\/file\/\?expires=(\d+)&signature=(.+)$/.exec(url);
    const [, docId, expires, signature] = match ?? [];
    const flipped = `${signature?.slice(0, -1)}${signature?.endsWith('A') ? 'B' : 'A'}`;
    const tries = [
      `/api/loans/documents/${docId}/file/?expires=${expires}&signature=${flipped}`,
      `/api/loans/documents/${docId}/file/?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/loans/documents/${Number(docId) - 1}/file/?expires=${expires}&signature=${signature}`,
    ];
    for (const tampered of tries) expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/loans/documents/${docId}/file/` })).statusCode).toBe(400);
  });

  it("tells the borrower which types are on file instead, each once, in the screens' order", async () => {
    const id = await newApplication();
    const read = async () =>
      (await t.app.inject({ url: `/api/loans/applications/${id}/`, headers: bearer(borrower.token) })).json();
    expect(await read()).toMatchObject({ document_count: 0, document_types: [] });
    await upload(id, { fileName: 'march.pdf', bytes: pdf }, 'BANK_STATEMENTS');
    await upload(id, { fileName: 'april.pdf', bytes: pdf }, 'BANK_STATEMENTS');
    await upload(id, { fileName: 'id.png', bytes: png, contentType: 'image/png' }, 'NATIONAL_ID');
    expect(await read()).toMatchObject({
      document_count: 3,
      document_types: ['NATIONAL_ID', 'BANK_STATEMENTS'],
    });
    const mine = await t.app.inject({ url: '/api/loans/my-applications/', headers: bearer(borrower.token) });
    expect(mine.json().results.find((row: { id: number }) => row.id === id).document_types).toEqual([
      'NATIONAL_ID',
      'BANK_STATEMENTS',
    ]);
  });

  it('refuses the document list to borrowers', async () => {
    const id = await newApplication();
    const res = await t.app.inject({
      url: `/api/loans/applications/${id}/documents/`,
      headers: bearer(borrower.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
