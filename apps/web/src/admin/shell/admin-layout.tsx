import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';
import { AdminSidebar } from './admin-sidebar.tsx';
import { useLogout } from './use-logout.ts';

export function AdminLayout() {
  const [isSidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const { logout, isLoggingOut } = useLogout();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => setSidebarOpen(false), [location.key]);
  useEffect(() => {
    if (!isSidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSidebarOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isSidebarOpen]);

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminSidebar
        id={sidebarId}
        isOpen={isSidebarOpen}
        onClose={() => {
          setSidebarOpen(false);
          menuButtonRef.current?.focus();
        }}
      />
      {isSidebarOpen ? (
        <button
          type="button"
          aria-label="Close menu"
          tabIndex={-1}
          className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden"
          onClick={() => setSidebarOpen(false)}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:px-8 dark:border-slate-800 dark:bg-slate-900">
          <button
            ref={menuButtonRef}
            type="button"
            className={`${buttonClassName('ghost', 'icon')} lg:hidden`}
            aria-expanded={isSidebarOpen}
            aria-controls={sidebarId}
            aria-label={isSidebarOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setSidebarOpen((open) => !open)}
          >
            {isSidebarOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
          <p className="flex-1 truncate text-lg font-semibold text-slate-900 dark:text-white">
            Admin Dashboard
          </p>
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={() => void logout()} disabled={isLoggingOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </header>
        <main id="main" className="flex-1 px-4 py-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
