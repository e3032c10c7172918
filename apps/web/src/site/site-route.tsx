import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SiteApp } from './site-app.tsx';
import { type SitePageKey, sitePageKeyFor, sitePages } from './site-pages.ts';

const lazyPages = new Map<SitePageKey, LazyExoticComponent<ComponentType>>();

function lazyPage(key: SitePageKey): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(async () => ({ default: await sitePages[key].load() }));
    lazyPages.set(key, page);
  }
  return page;
}

/**
 * A public page inside the single-page app (the dev server, or a link from the back-office). In
 * production each public page is its own prerendered document (site-entry.tsx).
 */
export function SiteRoute() {
  const { pathname } = useLocation();
  const key = sitePageKeyFor(pathname);
  const Page = lazyPage(key);
  return (
    <Suspense fallback={<p role="status">Loading...</p>}>
      <SiteApp pageKey={key} Page={Page} />
    </Suspense>
  );
}
