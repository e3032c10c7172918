// First, before any module that builds a zod schema (see the file).
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ThemeProvider } from './lib/theme-provider.tsx';
import { readPublishedLoanTypes } from './site/calculator/published-loan-types.ts';
import { SiteApp } from './site/site-app.tsx';
import { type SitePageKey, sitePageKeyFor, sitePages } from './site/site-pages.ts';
import './index.css';

// The public site's browser entry: the page is already in the HTML (scripts/prerender.mjs); this
// loads that one page's code and hydrates it. No router: each public page is its own document.

function isSitePageKey(value: string | undefined): value is SitePageKey {
  return value !== undefined && Object.hasOwn(sitePages, value);
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');
const declared = rootElement.dataset.page;
const pageKey = isSitePageKey(declared) ? declared : sitePageKeyFor(location.pathname);
// The loan types the build wrote into the page, exactly what the prerendered markup was made with.
const loanTypes = readPublishedLoanTypes(document);

void sitePages[pageKey].load().then((Page) => {
  hydrateRoot(
    rootElement,
    <StrictMode>
      <ThemeProvider>
        <SiteApp pageKey={pageKey} Page={Page} loanTypes={loanTypes} />
      </ThemeProvider>
    </StrictMode>,
  );
});
