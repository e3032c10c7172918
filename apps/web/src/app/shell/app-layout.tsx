import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { buttonClassName, focusRing } from '../../ui/button.tsx';
import { classNames } from '../../ui/class-names.ts';
import { Logo } from '../../ui/logo.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';
import { signOut } from '../session/sign-in.ts';
import { navigationFor } from './app-navigation.ts';
import { useAppUser } from './app-user.tsx';
import { useUnreadCount } from './use-unread-count.ts';

/** Signed-in screens: a slim header, the screen, and the role's navigation at the thumb's reach. */
export function AppLayout() {
  const user = useAppUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSigningOut, setSigningOut] = useState(false);
  const unread = useUnreadCount();

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    queryClient.clear();
    await navigate(paths.appLogin, { replace: true });
  };

  return (
    <>
      <header className="sticky top-0 z-20 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-1 dark:border-slate-800 dark:bg-slate-900">
        <Logo />
        <p className="min-w-0 flex-1 truncate text-right text-sm text-slate-700 dark:text-slate-300">
          <span className="sr-only">Signed in as </span>
          {user.name}
        </p>
        <ThemeToggle />
        <button
          type="button"
          className={buttonClassName('ghost', 'icon')}
          onClick={() => void onSignOut()}
          disabled={isSigningOut}
          aria-label="Sign out"
          title="Sign out"
        >
          <LogOut aria-hidden="true" className="size-5" />
        </button>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 pt-4 pb-28">
        <Outlet />
      </main>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-slate-800 dark:bg-slate-900"
      >
        <ul className="mx-auto flex max-w-2xl">
          {navigationFor(user.role).map((item) => (
            <li key={item.to} className="flex-1">
              <NavLink
                to={item.to}
                end={item.isEnd ?? false}
                className={({ isActive }) =>
                  classNames(
                    'relative flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                    focusRing,
                    isActive
                      ? 'text-emerald-800 dark:text-emerald-300'
                      : 'text-slate-700 dark:text-slate-300',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <item.icon aria-hidden="true" className="size-6" strokeWidth={isActive ? 2.5 : 2} />
                    <span className={isActive ? 'font-bold' : undefined}>{item.label}</span>
                    {item.to === paths.appNotifications && unread > 0 ? (
                      <span className="absolute top-1 left-1/2 ml-2 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                        {unread}
                        <span className="sr-only"> unread</span>
                      </span>
                    ) : null}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
