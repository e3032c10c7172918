import { useEffect, useId, useRef, useState } from 'react';
import { paths } from '../lib/paths.ts';
import { ButtonAnchor, buttonClassName, focusRing } from '../ui/button.tsx';
import { classNames } from '../ui/class-names.ts';
import { Icon } from '../ui/icon.tsx';
import { Logo } from '../ui/logo.tsx';
import { ThemeToggle } from '../ui/theme-toggle.tsx';
import { lenderEntry, mainNavigation, type NavEntry } from './content/navigation.ts';

/** Spec section 9: past 100 px of scroll the header becomes a narrower floating bar. */
export const HEADER_SHRINK_THRESHOLD_PX = 100;

function NavItem({ entry, currentPath }: { readonly entry: NavEntry; readonly currentPath: string }) {
  const isCurrent = currentPath === entry.to;
  return (
    <a
      href={entry.to}
      aria-current={isCurrent ? 'page' : undefined}
      className={classNames(
        'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
        isCurrent
          ? 'text-emerald-800 underline decoration-2 underline-offset-8 dark:text-emerald-300'
          : 'text-slate-700 hover:text-emerald-800 dark:text-slate-200 dark:hover:text-emerald-300',
        focusRing,
      )}
    >
      {entry.label}
    </a>
  );
}

function useIsScrolledPast(threshold: number): boolean {
  const [isPast, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isPast;
}

export function SiteHeader({ currentPath }: { readonly currentPath: string }) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const isShrunk = useIsScrolledPast(HEADER_SHRINK_THRESHOLD_PX);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);

  // The mobile menu closes on a link click, an outside click and Escape (spec section 4).
  useEffect(() => {
    if (!isMenuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isMenuOpen]);

  return (
    <header
      ref={headerRef}
      data-shrunk={isShrunk ? 'true' : 'false'}
      className={classNames(
        'fixed z-40 border-slate-200 bg-white/95 backdrop-blur motion-safe:transition-all motion-safe:duration-200 dark:border-slate-700 dark:bg-slate-900/95',
        isShrunk
          ? 'inset-x-2 top-2 mx-auto max-w-5xl rounded-2xl border shadow-lg sm:inset-x-4'
          : 'inset-x-0 top-0 border-b',
      )}
    >
      <div
        className={classNames(
          'mx-auto flex w-full items-center justify-between gap-4 px-4 lg:px-8',
          isShrunk ? 'h-14' : 'h-16 max-w-7xl',
        )}
      >
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((entry) => (
              <li key={entry.to}>
                <NavItem entry={entry} currentPath={currentPath} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            <ButtonAnchor href={paths.apply} size="sm">
              Apply Now
            </ButtonAnchor>
            <ButtonAnchor href={paths.download} variant="secondary" size="sm">
              Download App
            </ButtonAnchor>
          </div>
          <ThemeToggle />
          <button
            type="button"
            className={`${buttonClassName('ghost', 'icon')} lg:hidden`}
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <Icon name="close" /> : <Icon name="menu" />}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!isMenuOpen}
        className="max-h-[calc(100dvh-5rem)] overflow-y-auto border-t border-slate-200 lg:hidden dark:border-slate-700"
      >
        {/* A click on any link closes the menu, also when the link only changes the #anchor. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: delegated from the links inside. */}
        <div
          className="flex flex-col gap-1 px-4 py-3"
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
          }}
        >
          <ul className="flex flex-col">
            {[...mainNavigation, lenderEntry].map((entry) => (
              <li key={entry.to}>
                <NavItem entry={entry} currentPath={currentPath} />
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 pt-2 sm:hidden">
            <ButtonAnchor href={paths.apply}>Apply Now</ButtonAnchor>
            <ButtonAnchor href={paths.download} variant="secondary">
              Download App
            </ButtonAnchor>
          </div>
        </div>
      </nav>
    </header>
  );
}
