import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export interface SiteLayoutProps {
  /** The path of the page on screen, for the navigation's current-page mark. */
  readonly currentPath: string;
  readonly children: ReactNode;
}

export function SiteLayout({ currentPath, children }: SiteLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader currentPath={currentPath} />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
