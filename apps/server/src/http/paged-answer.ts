import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PageRequest {
  readonly page: number;
  readonly page_size: number;
}

export interface PageLinks {
  readonly next: string | null;
  readonly previous: string | null;
}

export interface PagedAnswer<T> extends PageLinks {
  readonly count: number;
  readonly results: T[];
}

/** Rows to skip for a page (pages count from 1). */
export function pageOffset(query: PageRequest): number {
  return (query.page - 1) * query.page_size;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the product is served (PUBLIC_URL's origin): every absolute link the API writes starts here. */
    publicOrigin: string;
  }
}

/** Makes `origin` (e.g. PUBLIC_URL's) the one every paging link names. */
export function decoratePublicOrigin(app: FastifyInstance, publicUrl: string): void {
  app.decorate('publicOrigin', new URL(publicUrl).origin);
}

/**
 * The spec pages lists like Django REST framework, so the links are DRF's: absolute URLs on the
 * configured public address (PUBLIC_URL), never the request's Host header, which anyone can set
 * (a forged Host made `next` point at another site); the request's own path and query with only
 * `page` changed so search, filters and page_size survive, and page 1 written without `page`. Past
 * the end, `previous` points at the last page with results so a client that overshot can step back
 * onto data.
 */
function pageLinks(request: FastifyRequest, query: PageRequest, count: number): PageLinks {
  // Joined rather than resolved against the origin: a path starting `//` (routed, since duplicate
  // slashes are ignored) would otherwise be read as a host.
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  const linkTo = (page: number): string => {
    const url = new URL(`${request.server.publicOrigin}${request.url}`);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    return url.toString();
  };
  return {
    next: query.page < lastPage ? linkTo(query.page + 1) : null,
    previous: query.page > 1 ? linkTo(Math.min(query.page - 1, lastPage)) : null,
  };
}

/** A DRF page: `{count, next, previous, results}`, in that order. A page past the end has empty results. */
export function pagedAnswer<T>(
  request: FastifyRequest,
  query: PageRequest,
  count: number,
  results: T[],
): PagedAnswer<T> {
  return { count, ...pageLinks(request, query, count), results };
}

/** A page of a searchable list: the DRF page and `count_capped` (db/filter-count.ts). */
export function filteredPagedAnswer<T>(
  request: FastifyRequest,
  query: PageRequest,
  total: { count: number; capped: boolean },
  results: T[],
): PagedAnswer<T> & { count_capped: boolean } {
  return { ...pagedAnswer(request, query, total.count, results), count_capped: total.capped };
}
