/** One IntersectionObserver for every Reveal block on the page. */
let observer: IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries, self) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute('data-reveal-state', 'shown');
        self.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  return observer;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Hides the block if it is still below the fold and reveals it once it scrolls in. Returns the cleanup. */
export function observeReveal(element: HTMLElement): () => void {
  if (typeof IntersectionObserver !== 'function' || prefersReducedMotion()) return () => {};
  if (element.getBoundingClientRect().top < window.innerHeight) return () => {};
  element.setAttribute('data-reveal-state', 'hidden');
  const shared = sharedObserver();
  shared.observe(element);
  return () => shared.unobserve(element);
}
