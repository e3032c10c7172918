import { totalPagesOf } from '../lib/page-window.ts';
import { PageSizeSelect, ShowingEntries } from './page-size-select.tsx';
import { Pager } from './pager.tsx';

/** Showing X of Y entries, the page size (10/25/50/100) and the pager of Applications and Loans. */
export function TableFooter({
  page,
  pageSize,
  shown,
  count,
  capped = false,
  onPageChange,
  onPageSizeChange,
  label,
}: {
  readonly page: number;
  readonly pageSize: number;
  readonly shown: number;
  readonly count: number;
  /** The search matched more than `count` (the server's cap): only `count` are paged. */
  readonly capped?: boolean;
  readonly onPageChange: (page: number) => void;
  readonly onPageSizeChange: (size: number) => void;
  readonly label?: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <ShowingEntries shown={shown} total={count} capped={capped} />
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
      </div>
      <Pager
        page={page}
        totalPages={totalPagesOf(count, pageSize)}
        onPageChange={onPageChange}
        {...(label ? { label } : {})}
      />
    </div>
  );
}
