import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After moving to another screen, takes keyboard focus to its heading (or the main area), so a
 * screen reader says where the person is and Tab starts from the top of the new screen. Not on
 * the first screen, where the browser's own start is right.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: moving focus is the reaction to a new path.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById('main');
      const target = main?.querySelector<HTMLElement>('h1') ?? main;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
