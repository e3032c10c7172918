import { routes } from '@sente/contract';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, use } from 'react';
import { useLocation } from 'react-router';
import { api } from '../lib/api-client.ts';
import type { CalculatorLoanType } from './calculator/calculate-loan.ts';
import { calculatorLoanTypesFrom } from './calculator/published-loan-types.ts';
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

let liveLoanTypes: Promise<CalculatorLoanType[]> | undefined;

/**
 * Inside the single-page app there is a server to ask and no prerendered data block, so the
 * calculator prices with the live ACTIVE loan types, fetched once; if that fails it shows none.
 */
function loadLiveLoanTypes(): Promise<CalculatorLoanType[]> {
  liveLoanTypes ??= api(routes.publicLoanTypes).then(
    (answer) => calculatorLoanTypesFrom(answer.results),
    () => [],
  );
  return liveLoanTypes;
}

function LivePage({ pageKey }: { readonly pageKey: SitePageKey }) {
  const loanTypes = use(loadLiveLoanTypes());
  return <SiteApp pageKey={pageKey} Page={lazyPage(pageKey)} loanTypes={loanTypes} />;
}

/**
 * A public page inside the single-page app (the dev server, or a link from the back-office). In
 * production each public page is its own prerendered document (site-entry.tsx).
 */
export function SiteRoute() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<p role="status">Loading...</p>}>
      <LivePage pageKey={sitePageKeyFor(pathname)} />
    </Suspense>
  );
}
