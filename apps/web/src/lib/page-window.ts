/** At most this many numbered page buttons around the current page (spec section 9). */
export const PAGE_WINDOW = 5;

/** Page sizes of Applications and Loans (spec section 9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function isPageSize(value: number): boolean {
  return PAGE_SIZES.some((size) => size === value);
}

export type PageItem =
  | { readonly kind: 'page'; readonly page: number }
  | { readonly kind: 'ellipsis'; readonly key: 'start' | 'end' };

/** Keeps a requested page inside 1..total (spec section 5); total 0 still has page 1. */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, totalPages);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

export function totalPagesOf(count: number, pageSize: number): number {
  if (!Number.isFinite(count) || count <= 0 || pageSize <= 0) return 1;
  return Math.ceil(count / pageSize);
}

/**
 * The numbered buttons of a pager: up to five pages centred on the current one, plus the first and
 * last page as shortcuts when the window does not reach them, with an ellipsis over any gap.
 * `pageWindow(10, 20)` → 1 … 8 9 10 11 12 … 20.
 */
export function pageWindow(current: number, totalPages: number, size: number = PAGE_WINDOW): PageItem[] {
  const total = Math.max(1, totalPages);
  const page = clampPage(current, total);
  const span = Math.min(size, total);
  let start = Math.max(1, page - Math.floor(span / 2));
  const end = Math.min(total, start + span - 1);
  start = Math.max(1, end - span + 1);

  const items: PageItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1 });
    if (start > 2) items.push({ kind: 'ellipsis', key: 'start' });
  }
  for (let n = start; n <= end; n += 1) items.push({ kind: 'page', page: n });
  if (end < total) {
    if (end < total - 1) items.push({ kind: 'ellipsis', key: 'end' });
    items.push({ kind: 'page', page: total });
  }
  return items;
}
