import { DEFAULT_PAGE_SIZE, isPageSize } from './page-window.ts';
import { useUrlState } from './use-url-state.ts';

/** The page of a paged table and the page size the admin picked, with the ways to change them. */
export interface Paging {
  readonly page: number;
  readonly pageSize: number;
  readonly onPageChange: (page: number) => void;
  readonly onPageSizeChange: (size: number) => void;
}

/**
 * `?page=2&page_size=25`: the URL holds them so a reload and the back button keep them. A size the
 * pager does not offer (a hand-edited URL) falls back to the default rather than asking the server
 * for it.
 */
export function useUrlPaging(): Paging {
  const url = useUrlState();
  const requestedSize = url.int('page_size', DEFAULT_PAGE_SIZE);
  return {
    page: url.int('page', 1),
    pageSize: isPageSize(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE,
    onPageChange: (page) => url.update({ page }),
    // The default stays out of the URL, so the plain address and the picked default are one page.
    onPageSizeChange: (size) => url.update({ page_size: size === DEFAULT_PAGE_SIZE ? null : size }),
  };
}
