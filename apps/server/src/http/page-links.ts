import type { FastifyRequest } from 'fastify';

/**
 * DRF-style paging envelope minus the results: `count`, and `next`/`previous` as absolute URLs built
 * from the request's own path and query (decisions.md, API conventions), or null at either end.
 */
export function pageLinks(
  request: FastifyRequest,
  page: number,
  pageSize: number,
  total: number,
): { count: number; next: string | null; previous: string | null } {
  const base = new URL(request.url, `${request.protocol}://${request.host}`);
  const linkTo = (target: number) => {
    const url = new URL(base);
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(pageSize));
    return url.toString();
  };
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    count: total,
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}
