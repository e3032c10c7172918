import type { FastifyRequest } from 'fastify';

/**
 * DRF-style `next` and `previous` links: the request's own URL with `page` changed, so every other
 * query parameter (search, filters, page_size) is kept. Page 1 is written without `page`.
 * Past the end, `previous` points at the last page that has results.
 */
export function pageLinks(
  request: FastifyRequest,
  { page, pageSize, count }: { page: number; pageSize: number; count: number },
): { next: string | null; previous: string | null } {
  const base = new URL(request.url, `${request.protocol}://${request.host}`);
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const linkTo = (target: number): string => {
    const url = new URL(base);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}
