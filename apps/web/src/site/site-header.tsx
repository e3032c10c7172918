import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';
import { ButtonLink, buttonClassName, focusRing } from '../ui/button.tsx';
import { classNames } from '../ui/class-names.ts';
import { Container } from '../ui/container.tsx';
import { Logo } from '../ui/logo.tsx';
import { ThemeToggle } from '../ui/theme-toggle.tsx';
import { lenderEntry, mainNavigation } from './content/navigation.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  classNames(
    'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
    isActive
      ? 'text-emerald-800 dark:text-emerald-300'
      : 'text-slate-700 hover:text-emerald-800 dark:text-slate-200 dark:hover:text-emerald-300',
    focusRing,
  );

export function SiteHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // The mobile menu closes on navigation, outside click and Escape (spec section 4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location.
  useEffect(() => setMenuOpen(false), [location.key]);
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
      className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
    >
      <Container className="flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} className={navLinkClass}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            <ButtonLink to={paths.apply} size="sm">
              Apply Now
            </ButtonLink>
            <ButtonLink to={paths.download} variant="secondary" size="sm">
              Download App
            </ButtonLink>
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
            {isMenuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </Container>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!isMenuOpen}
        className="border-t border-slate-200 bg-white lg:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <Container className="flex flex-col gap-1 py-3">
          <ul className="flex flex-col">
            {[...mainNavigation, lenderEntry].map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} className={navLinkClass}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 pt-2 sm:hidden">
            <ButtonLink to={paths.apply}>Apply Now</ButtonLink>
            <ButtonLink to={paths.download} variant="secondary">
              Download App
            </ButtonLink>
          </div>
        </Container>
      </nav>
    </header>
  );
}
