import type { Paging } from '../lib/use-url-paging.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { TableFooter } from './table-footer.tsx';

/** One page of a server-side list as its query reports it (TanStack Query's result fits). */
export interface PagedList<T> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly data?:
    | { readonly results: readonly T[]; readonly count: number; readonly count_capped?: boolean }
    | undefined;
}

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'isLoading'> {
  readonly list: PagedList<T>;
  readonly paging: Paging;
  /** Names the pager's navigation landmark ("Loans pages"), as a screen may hold more than one. */
  readonly pagerLabel: string;
}

/**
 * A data table over one page of a server-side list, with "Showing X of Y entries", the page size
 * and the pager under it: the lists of Applications and Loans (spec section 9).
 */
export function PagedTable<T>({ list, paging, pagerLabel, ...table }: PagedTableProps<T>) {
  // A failed load empties the table (spec section 8) rather than leaving the last page's rows up.
  const rows = list.isError ? [] : (list.data?.results ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);
  return (
    <>
      <DataTable {...table} rows={rows} isLoading={list.isPending} />
      <TableFooter
        {...paging}
        label={pagerLabel}
        shown={rows.length}
        count={count}
        capped={!list.isError && list.data?.count_capped === true}
      />
    </>
  );
}
