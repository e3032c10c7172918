import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './test-app.ts';

/**
 * Every page of a paged admin list, `size` rows at a time, in order, and the count each page
 * answered: a list whose pages are read another way than its whole (a merge of days or months)
 * must join up to the same rows. `url` is the list's path with its query; the pager's parameters
 * are added. A page past the last (404) ends it too.
 */
export async function everyPage<Row>(
  app: FastifyInstance,
  token: string,
  url: string,
  size: number,
): Promise<{ rows: Row[]; counts: number[] }> {
  const rows: Row[] = [];
  const counts: number[] = [];
  for (let page = 1; ; page++) {
    const res = await app.inject({ url: `${url}&page_size=${size}&page=${page}`, headers: bearer(token) });
    if (res.statusCode === 404) break;
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; results: Row[]; next: string | null };
    rows.push(...body.results);
    counts.push(body.count);
    if (!body.next) break;
  }
  return { rows, counts };
}
