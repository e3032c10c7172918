import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { serverReason } from '../lib/api-error-message.ts';
import { Button, focusRing } from './button.tsx';
import { classNames } from './class-names.ts';

export interface ExportRange {
  readonly from: string;
  readonly to: string;
}

export interface ExportAllProps {
  /** What is exported, for the group's name: "transactions". */
  readonly what: string;
  /** Downloads every row matching the screen's filters within the range; answers the file's name. */
  readonly onExport: (range: { from?: string; to?: string }) => Promise<string>;
  /** The screen's own date filter, when it has one: then the export uses it and shows no dates. */
  readonly range?: ExportRange;
}

const RANGE_MESSAGE = 'The end date must not be before the start date';

const inputClass = classNames(
  'min-h-9 rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-900',
  'dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]',
  focusRing,
);

/**
 * "Export all": every row the list's filters match (not only the page on screen), streamed by the
 * server as CSV, optionally within a date range (Kampala days, both included).
 */
export function ExportAll({ what, onExport, range: screenRange }: ExportAllProps) {
  const id = useId();
  const [ownRange, setRange] = useState<ExportRange>({ from: '', to: '' });
  const range = screenRange ?? ownRange;
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; fileName: string }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const isBadRange = range.from !== '' && range.to !== '' && range.to < range.from;

  const run = async () => {
    if (isBadRange) return;
    setState({ kind: 'busy' });
    try {
      const fileName = await onExport({
        ...(range.from ? { from: range.from } : {}),
        ...(range.to ? { to: range.to } : {}),
      });
      setState({ kind: 'done', fileName });
    } catch (error) {
      setState({ kind: 'failed', message: serverReason(error) ?? 'Export failed. Please try again.' });
    }
  };

  return (
    <fieldset className="flex flex-wrap items-end gap-2" aria-describedby={`${id}-note`}>
      <legend className="sr-only">Export all {what}</legend>
      {screenRange ? null : (
        <>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
            From
            <input
              type="date"
              className={inputClass}
              value={range.from}
              onChange={(event) => setRange({ ...range, from: event.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
            To
            <input
              type="date"
              className={inputClass}
              value={range.to}
              aria-invalid={isBadRange ? true : undefined}
              aria-describedby={isBadRange ? `${id}-range` : undefined}
              onChange={(event) => setRange({ ...range, to: event.target.value })}
            />
          </label>
        </>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void run()}
        disabled={state.kind === 'busy' || isBadRange}
      >
        <Download aria-hidden="true" className="size-4" />
        {state.kind === 'busy' ? 'Exporting...' : 'Export all'}
      </Button>
      <p id={`${id}-note`} className="sr-only">
        {screenRange
          ? `Every ${what} matching the filters, as CSV.`
          : `Every ${what} matching the filters, as CSV; leave the dates empty for all dates.`}
      </p>
      {isBadRange && !screenRange ? (
        <p id={`${id}-range`} className="basis-full text-sm text-red-700 dark:text-red-400">
          {RANGE_MESSAGE}
        </p>
      ) : null}
      <p role="status" className="basis-full text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {state.kind === 'done' ? `Saved ${state.fileName}` : ''}
      </p>
      {state.kind === 'failed' ? (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
          {state.message}
        </p>
      ) : null}
    </fieldset>
  );
}
