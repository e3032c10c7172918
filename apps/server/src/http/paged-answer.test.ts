import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { decoratePublicOrigin, pagedAnswer, pageOffset } from './paged-answer.ts';

const COUNT = 23;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

// A bare app, so the links are checked against exactly what Fastify reports for protocol and host.
async function pageOf(
  url: string,
  {
    trustProxy = false,
    headers = {},
  }: { trustProxy?: boolean | string; headers?: Record<string, string> } = {},
) {
  const app = Fastify({ trustProxy, routerOptions: { ignoreDuplicateSlashes: true } });
  decoratePublicOrigin(app, 'http://localhost/');
  apps.push(app);
  app.get('/api/things/', async (request) => {
    const query = request.query as Record<string, string>;
    const page = { page: Number(query.page ?? 1), page_size: Number(query.page_size ?? 10) };
    return pagedAnswer(request, page, COUNT, []);
  });
  const res = await app.inject({ url, headers, remoteAddress: '10.0.0.5' });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; next: string | null; previous: string | null };
}

describe('pagedAnswer links', () => {
  it('writes absolute links that keep every other parameter, page 1 without `page`', async () => {
    expect(await pageOf('/api/things/?search=okello&page=2')).toEqual({
      count: COUNT,
      next: 'http://localhost/api/things/?search=okello&page=3',
      previous: 'http://localhost/api/things/?search=okello',
      results: [],
    });
  });

  it('has no previous on the first page and no next on the last', async () => {
    expect(await pageOf('/api/things/?page_size=5')).toMatchObject({
      next: 'http://localhost/api/things/?page_size=5&page=2',
      previous: null,
    });
    expect(await pageOf('/api/things/?page=5&page_size=5')).toMatchObject({
      next: null,
      previous: 'http://localhost/api/things/?page=4&page_size=5',
    });
  });

  it('points previous at the last page with results when asked past the end', async () => {
    expect(await pageOf('/api/things/?page=99')).toMatchObject({
      next: null,
      previous: 'http://localhost/api/things/?page=3',
    });
  });

  it('names the configured public address whatever Host or forwarded headers say', async () => {
    const forged = {
      host: 'evil.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example.com',
    };
    expect((await pageOf('/api/things/', { headers: forged })).next).toBe(
      'http://localhost/api/things/?page=2',
    );
    expect((await pageOf('/api/things/', { trustProxy: '10.0.0.0/8', headers: forged })).next).toBe(
      'http://localhost/api/things/?page=2',
    );
  });

  it('never reads a doubled leading slash as a host', async () => {
    expect((await pageOf('//api/things/?page=2')).previous).toBe('http://localhost//api/things/');
  });
});

describe('pageOffset', () => {
  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, page_size: 10 })).toBe(0);
    expect(pageOffset({ page: 3, page_size: 25 })).toBe(50);
  });
});
