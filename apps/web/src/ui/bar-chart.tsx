import { useLayoutEffect, useRef, useState } from 'react';
import { classNames } from './class-names.ts';

export interface ChartSeries {
  readonly name: string;
  /** Tailwind fill classes for light and dark, e.g. 'fill-emerald-600 dark:fill-emerald-400'. */
  readonly fillClass: string;
  /** Swatch classes for the legend. */
  readonly swatchClass: string;
  readonly values: readonly number[];
}

const compact = new Intl.NumberFormat('en-UG', { notation: 'compact', maximumFractionDigits: 1 });

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Below this many pixels per label, labels would touch: only every n-th is written. */
const LABEL_ROOM_PX = 44;
/** Before the first measurement (and in jsdom, which lays nothing out): a desktop card. */
const DEFAULT_WIDTH = 720;

/** Which category labels to write so that neighbours never touch: every n-th, counted back from the latest. */
export function labelledIndexes(count: number, groupWidth: number): Set<number> {
  const every = Math.max(1, Math.ceil(LABEL_ROOM_PX / Math.max(1, groupWidth)));
  const shown = new Set<number>();
  for (let index = count - 1; index >= 0; index -= every) shown.add(index);
  return shown;
}

/** The element's width in CSS pixels, followed as it changes (a phone turned, a sidebar opened). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Grouped bars drawn in SVG at the size they are shown, so the labels stay 12 px on a phone
 * instead of shrinking with a scaled drawing (no chart library in the bundle). The drawing is hidden from screen
 * readers; the same figures follow in a table they can read.
 */
export function GroupedBarChart({
  caption,
  categories,
  series,
  formatValue,
}: {
  readonly caption: string;
  readonly categories: readonly string[];
  readonly series: readonly ChartSeries[];
  readonly formatValue: (value: number) => string;
}) {
  const [figureRef, width] = useWidth<HTMLElement>();
  const height = width < 480 ? 220 : 260;
  const pad = { top: 12, right: 8, bottom: 36, left: 52 };
  const innerWidth = width - pad.left - pad.right;
  const innerHeight = height - pad.top - pad.bottom;
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const groupWidth = innerWidth / Math.max(1, categories.length);
  const barWidth = Math.max(2, (groupWidth * 0.7) / Math.max(1, series.length));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * max);
  const labelled = labelledIndexes(categories.length, groupWidth);

  return (
    <figure ref={figureRef} className="flex min-w-0 flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="block max-w-full"
        aria-hidden="true"
      >
        {ticks.map((tick) => {
          const y = pad.top + innerHeight - (tick / max) * innerHeight;
          return (
            <g key={tick}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y}
                y2={y}
                className="stroke-slate-200 dark:stroke-slate-700"
              />
              <text
                x={pad.left - 6}
                y={y + 4}
                textAnchor="end"
                className="fill-slate-600 text-xs dark:fill-slate-300"
              >
                {compact.format(tick)}
              </text>
            </g>
          );
        })}
        {categories.map((category, index) => {
          const x0 = pad.left + index * groupWidth + (groupWidth - barWidth * series.length) / 2;
          return (
            <g key={category}>
              {series.map((s, seriesIndex) => {
                const value = s.values[index] ?? 0;
                const barHeight = (value / max) * innerHeight;
                return (
                  <rect
                    key={s.name}
                    x={x0 + seriesIndex * barWidth}
                    y={pad.top + innerHeight - barHeight}
                    width={barWidth - 1}
                    height={barHeight}
                    rx={2}
                    className={s.fillClass}
                  >
                    <title>{`${s.name}, ${category}: ${formatValue(value)}`}</title>
                  </rect>
                );
              })}
              {labelled.has(index) ? (
                <text
                  x={pad.left + index * groupWidth + groupWidth / 2}
                  y={height - pad.bottom + 18}
                  textAnchor="middle"
                  className="fill-slate-600 text-xs dark:fill-slate-300"
                >
                  {category}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300">
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className={classNames('inline-block size-3 rounded-sm', s.swatchClass)}
            />
            {s.name}
          </span>
        ))}
      </figcaption>
      {/* The wrapper hides the table: a table is never narrower than its cells, so sr-only on the
          table itself left it a page wide, and a phone scrolled sideways into it. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                {series.map((s) => (
                  <td key={s.name}>{formatValue(s.values[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export interface BarItem {
  readonly label: string;
  readonly value: number;
  readonly barClass: string;
}

/** Horizontal bars with their figures written beside them, readable without the colours. */
export function HorizontalBars({
  label,
  items,
}: {
  readonly label: string;
  readonly items: readonly BarItem[];
}) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.label} className="flex flex-col gap-1">
          <div className="flex justify-between text-sm">
            <span className="text-slate-700 dark:text-slate-300">{item.label}</span>
            <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{item.value}</span>
          </div>
          <div className="h-3 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
            <div
              className={classNames('h-full rounded-full', item.barClass)}
              style={{ width: `${(item.value / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
