import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { focusRing } from './button.tsx';
import { classNames } from './class-names.ts';

export interface TabItem<K extends string> {
  readonly key: K;
  readonly label: string;
}

export interface TabsProps<K extends string> {
  readonly label: string;
  readonly tabs: readonly TabItem<K>[];
  readonly selected: K;
  readonly onSelect: (key: K) => void;
  readonly children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected panel renders. */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  // On a phone the tab row scrolls sideways: keep the selected tab in sight (a deep link to the last
  // tab would otherwise show a panel whose tab is off screen). Only the row scrolls, never the page.
  const labels = tabs.map((tab) => tab.label).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a label growing (a count arriving) can push the tab out again.
  useEffect(() => {
    const tab = refs.current.get(selected);
    const row = tab?.parentElement;
    if (!tab || !row) return;
    const tabBox = tab.getBoundingClientRect();
    const rowBox = row.getBoundingClientRect();
    if (tabBox.right > rowBox.right) row.scrollLeft += tabBox.right - rowBox.right;
    else if (tabBox.left < rowBox.left) row.scrollLeft -= rowBox.left - tabBox.left;
  }, [selected, labels]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700"
      >
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={classNames(
                '-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold whitespace-nowrap',
                isSelected
                  ? 'border-emerald-700 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                focusRing,
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`}>
        {children}
      </div>
    </div>
  );
}
