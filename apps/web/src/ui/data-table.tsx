import { toCsv } from '@sente/contract';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { csvFileName, downloadCsv } from '../lib/csv-export.ts';
import { Button } from './button.tsx';
import { classNames } from './class-names.ts';

export const NO_DATA_TEXT = 'No data available';

export interface Column<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** The cell as plain data for the CSV export; columns without it (actions) are left out. */
  readonly csv?: (row: T) => string | number | null | undefined;
  readonly className?: string;
  /** Right-aligned figures. */
  readonly isNumeric?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden caption). */
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string | number;
  readonly isLoading?: boolean;
  readonly emptyText?: string;
  /** Base name of the CSV file; leave out to hide the export button. */
  readonly exportName?: string;
  /** Toolbar content left of the export button. */
  readonly toolbar?: ReactNode;
}

/** A scrollable, keyboard-reachable table with a loading row, an empty text and CSV export. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading,
  emptyText = NO_DATA_TEXT,
  exportName,
  toolbar,
}: DataTableProps<T>) {
  const exportable = columns.filter((column) => column.csv !== undefined);
  const onExport = () => {
    if (!exportName) return;
    const csv = toCsv(
      exportable.map((column) => ({ header: column.header, value: (row: T) => column.csv?.(row) })),
      rows,
    );
    downloadCsv(csvFileName(exportName), csv);
  };

  return (
    <div className="flex flex-col gap-2">
      {toolbar || exportName ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-2">{toolbar}</div>
          {exportName ? (
            <Button variant="secondary" size="sm" onClick={onExport} disabled={rows.length === 0}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </Button>
          ) : null}
        </div>
      ) : null}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        aria-label={caption}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-700 dark:bg-slate-900"
      >
        <table className="w-full border-collapse text-left text-sm" aria-busy={isLoading === true}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={classNames(
                    'px-3 py-3 font-semibold whitespace-nowrap',
                    column.isNumeric && 'text-right',
                    column.className,
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {isLoading && rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="px-3 py-6 text-center text-slate-600 dark:text-slate-300"
                >
                  <span role="status">Loading...</span>
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="px-3 py-6 text-center text-slate-600 dark:text-slate-300"
                >
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50 dark:hover:bg-slate-800/60">
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={classNames(
                        'px-3 py-2.5 align-middle text-slate-800 dark:text-slate-200',
                        column.isNumeric && 'text-right tabular-nums whitespace-nowrap',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
