import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { buttonClassName, focusRing } from '../../ui/button.tsx';
import { classNames } from '../../ui/class-names.ts';
import { Logo } from '../../ui/logo.tsx';
import { adminNavigation } from './admin-navigation.ts';
import { useAdminUser } from './admin-user.tsx';

export interface AdminSidebarProps {
  readonly id: string;
  /** Open as a drawer on small screens; on large screens the sidebar always shows. */
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

export function AdminSidebar({ id, isOpen, onClose }: AdminSidebarProps) {
  const user = useAdminUser();
  const closeRef = useRef<HTMLButtonElement>(null);

  // Keyboard users land inside the drawer when it opens.
  useEffect(() => {
    if (isOpen) closeRef.current?.focus();
  }, [isOpen]);

  return (
    <aside
      id={id}
      aria-label="Sidebar"
      className={classNames(
        'w-64 shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
        'fixed inset-y-0 left-0 z-40 lg:sticky lg:top-0 lg:flex lg:h-dvh',
        isOpen ? 'flex' : 'hidden',
      )}
    >
      <div className="flex h-16 items-center justify-between px-4">
        <Logo />
        <button
          ref={closeRef}
          type="button"
          aria-label="Close menu"
          className={`${buttonClassName('ghost', 'icon')} lg:hidden`}
          onClick={onClose}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <nav aria-label="Back-office" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="flex flex-col gap-1">
          {adminNavigation.map(({ label, to, icon: Icon, isExact, Badge }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={isExact === true}
                className={({ isActive }) =>
                  classNames(
                    'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium',
                    isActive
                      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
                      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                    focusRing,
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
                {Badge ? <Badge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 px-4 py-4 dark:border-slate-800">
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-slate-100">{user.username}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">Administrator</p>
        <Link
          to={paths.security}
          className={classNames(
            'mt-1 inline-block text-xs font-medium text-emerald-800 underline dark:text-emerald-300',
            focusRing,
          )}
        >
          Two-factor sign-in
        </Link>
      </div>
    </aside>
  );
}
