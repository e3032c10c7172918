import { Columns3 } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClassName } from './button.tsx';
import type { Column } from './data-table.tsx';

function storedChoice(storageKey: string, known: readonly string[]): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    // A column since renamed or removed is dropped rather than kept as a ghost tick.
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && known.includes(v))
      : [];
  } catch {
    // Unreadable (hand-edited) storage: start from the default columns.
    return [];
  }
}

function storeChoice(storageKey: string, ids: readonly string[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(ids));
  } catch {
    // Storage full or refused (private mode): the choice still holds on this page.
  }
}

/**
 * A table's default columns plus the optional ones the admin ticked, kept in this browser under
 * `storageKey` (a choice of view, not of data: nothing to sync between devices). Optional columns
 * keep their declared order, whatever order they were ticked in.
 */
export function useColumnChoice<T>(
  storageKey: string,
  main: readonly Column<T>[],
  optional: readonly Column<T>[],
) {
  const [extra, setExtra] = useState<string[]>(() =>
    storedChoice(
      storageKey,
      optional.map((c) => c.id),
    ),
  );
  const toggle = (id: string) => {
    const next = extra.includes(id) ? extra.filter((e) => e !== id) : [...extra, id];
    setExtra(next);
    storeChoice(storageKey, next);
  };
  const columns = [...main, ...optional.filter((c) => extra.includes(c.id))];
  return { columns, extra, toggle };
}

export interface ColumnChooserProps {
  /** The optional columns, in the order they are offered. */
  readonly optional: readonly Pick<Column<unknown>, 'id' | 'header'>[];
  readonly extra: readonly string[];
  readonly onToggle: (id: string) => void;
  /** Names the group of checkboxes for screen readers: "More loan columns". */
  readonly label: string;
}

/** The panel's width: w-60, 15rem. */
const PANEL_REM = 15;
/** The least room kept between the panel and the window's edge. */
const EDGE_PX = 8;

/**
 * Which edge of its button the panel hangs from: the right edge (the panel opens leftwards) unless
 * that would put it past the window's left edge, as on a 768 px tablet, where the sidebar is gone
 * and the button sits near the left of the toolbar; then the left edge, if the panel fits that way.
 */
function panelSide(button: HTMLElement): 'left' | 'right' {
  const rect = button.getBoundingClientRect();
  const width = PANEL_REM * Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  const fitsLeftwards = rect.right - width >= EDGE_PX;
  const fitsRightwards = rect.left + width <= document.documentElement.clientWidth - EDGE_PX;
  return !fitsLeftwards && fitsRightwards ? 'left' : 'right';
}

/**
 * "Columns": a disclosure (a native <details>, so Enter and Space open it and screen readers hear
 * expanded/collapsed) holding one checkbox per optional column. Escape closes it and puts focus back
 * on its button, as a menu would.
 */
export function ColumnChooser({ optional, extra, onToggle, label }: ColumnChooserProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [side, setSide] = useState<'left' | 'right'>('right');
  const shown = extra.filter((id) => optional.some((c) => c.id === id)).length;
  return (
    <details
      ref={detailsRef}
      className="relative"
      // Enter and Space click the summary too. Measured on that click, before the panel opens, so it
      // never shows off screen for a frame (the toggle event comes after the first paint).
      onClick={(event) => {
        const summary = event.currentTarget.querySelector('summary');
        if (summary && event.target instanceof Node && summary.contains(event.target))
          setSide(panelSide(summary));
      }}
      onKeyDown={(event) => {
        const details = detailsRef.current;
        if (event.key !== 'Escape' || !details?.open) return;
        event.preventDefault();
        details.open = false;
        details.querySelector('summary')?.focus();
      }}
    >
      <summary className={`${buttonClassName('secondary', 'sm')} cursor-pointer list-none`}>
        <Columns3 aria-hidden="true" className="size-4" />
        Columns
        {shown > 0 ? <span className="sr-only"> ({shown} added)</span> : null}
      </summary>
      <fieldset
        className={`absolute ${side === 'left' ? 'left-0' : 'right-0'} z-20 mt-1 flex w-60 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
      >
        <legend className="sr-only">{label}</legend>
        {optional.map((column) => (
          <label key={column.id} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={extra.includes(column.id)}
              onChange={() => onToggle(column.id)}
            />
            {column.header}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
