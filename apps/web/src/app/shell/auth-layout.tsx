import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo.tsx';
import { ThemeToggle } from '../../ui/theme-toggle.tsx';

/** Sign-in, sign-up and phone confirmation: one card on a plain page, made for a phone first. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <header className="flex items-center justify-between px-4 py-2">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-2 pb-10">
        <div className="w-full max-w-md">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
          {intro ? <div className="mt-1 text-slate-700 dark:text-slate-300">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </>
  );
}
