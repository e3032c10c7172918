import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clampPage, pageWindow } from '../lib/page-window.ts';
import { buttonClassName } from './button.tsx';
import { classNames } from './class-names.ts';

export interface PagerProps {
  readonly page: number;
  readonly totalPages: number;
  readonly onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one pager. */
  readonly label?: string;
  /** Only Previous and Next, for lists that know no page count (spec: transactions). */
  readonly isSimple?: boolean;
  readonly hasNext?: boolean;
}

/**
 * Previous/Next, at most five page numbers around the current page, the first and last page as
 * shortcuts and ellipses over the gaps (spec section 2). Pages outside 1..total are never asked for.
 */
export function Pager({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  isSimple,
  hasNext,
}: PagerProps) {
  const total = Math.max(1, totalPages);
  const current = isSimple ? Math.max(1, Math.trunc(page) || 1) : clampPage(page, total);
  const go = (target: number) => {
    const next = clampPage(target, total);
    if (next !== current) onPageChange(next);
  };
  const isLast = isSimple ? hasNext !== true : current >= total;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={buttonClassName('ghost', 'sm')}
        onClick={() => (isSimple ? onPageChange(current - 1) : go(current - 1))}
        disabled={current <= 1}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      {isSimple ? (
        <span className="px-2 text-sm text-slate-700 dark:text-slate-300">Page {current}</span>
      ) : (
        <ul className="flex flex-wrap items-center gap-1">
          {pageWindow(current, total).map((item) =>
            item.kind === 'ellipsis' ? (
              <li key={item.key} aria-hidden="true" className="px-1 text-slate-500 dark:text-slate-400">
                …
              </li>
            ) : (
              <li key={item.page}>
                <button
                  type="button"
                  aria-label={`Page ${item.page}`}
                  aria-current={item.page === current ? 'page' : undefined}
                  className={classNames(
                    buttonClassName(item.page === current ? 'primary' : 'ghost', 'sm'),
                    'min-w-9 tabular-nums',
                  )}
                  onClick={() => go(item.page)}
                >
                  {item.page}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <button
        type="button"
        className={buttonClassName('ghost', 'sm')}
        onClick={() => (isSimple ? onPageChange(current + 1) : go(current + 1))}
        disabled={isLast}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
