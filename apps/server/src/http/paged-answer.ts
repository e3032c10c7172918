import type { FastifyRequest } from 'fastify';

export interface PageRequest {
  readonly page: number;
  readonly page_size: number;
}

export interface PagedAnswer<T> {
  readonly count: number;
  readonly next: string | null;
  readonly previous: string | null;
  readonly results: T[];
}

/** Rows to skip for a page (pages count from 1). */
export function pageOffset(query: PageRequest): number {
  return (query.page - 1) * query.page_size;
}

/**
 * A DRF-style page: next/previous are this request's path and query with another `page`
 * (root-relative, so a proxy's host never leaks in). A page past the end has empty results.
 */
export function pagedAnswer<T>(
  request: FastifyRequest,
  query: PageRequest,
  count: number,
  results: T[],
): PagedAnswer<T> {
  const url = new URL(request.url, 'http://localhost');
  const link = (page: number) => {
    url.searchParams.set('page', String(page));
    return `${url.pathname}${url.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}
