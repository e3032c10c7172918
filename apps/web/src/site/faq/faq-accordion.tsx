import { useId, useState } from 'react';
import { focusRing } from '../../ui/button.tsx';
import { classNames } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import type { FaqItem } from '../content/faq.ts';

export interface FaqAccordionProps {
  readonly items: readonly FaqItem[];
  /** The heading level of each question, so the outline stays right on every page. */
  readonly headingLevel?: 2 | 3;
  readonly showCategory?: boolean;
}

/** Spec section 2, FAQ page: one item open at a time, and the open one can be closed again. */
export function FaqAccordion({ items, headingLevel = 3, showCategory = false }: FaqAccordionProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
      {items.map((item) => {
        const isOpen = openId === item.id;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenId(isOpen ? null : item.id)}
                className={classNames(
                  'flex min-h-14 w-full items-center justify-between gap-4 rounded-xl px-5 py-3 text-left font-semibold text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800',
                  focusRing,
                )}
              >
                <span className="flex flex-col">
                  {showCategory ? (
                    <span className="text-xs font-semibold tracking-wide text-emerald-800 uppercase dark:text-emerald-300">
                      {item.category}
                    </span>
                  ) : null}
                  {item.question}
                </span>
                <Icon
                  name="chevronDown"
                  className={classNames(
                    'size-5 shrink-0 motion-safe:transition-transform',
                    isOpen && 'rotate-180',
                  )}
                />
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-slate-700 dark:text-slate-300"
            >
              <p>{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
