import { Link, type To } from 'react-router';
import { focusRing } from './button.tsx';
import { classNames } from './class-names.ts';

export interface SideMenuItem {
  readonly label: string;
  readonly to: To;
  readonly isActive: boolean;
}

/** A page's own section menu: a column beside the content on wide screens, a row on tablets. */
export function SideMenu({
  label,
  items,
}: {
  readonly label: string;
  readonly items: readonly SideMenuItem[];
}) {
  return (
    <nav aria-label={label} className="lg:w-56 lg:shrink-0">
      <ul className="flex gap-1 overflow-x-auto lg:flex-col">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              aria-current={item.isActive ? 'page' : undefined}
              className={classNames(
                'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap',
                item.isActive
                  ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                focusRing,
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
