import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from './lib/theme-provider.tsx';
import { SITE_URL } from './site/content/site.ts';
import { SiteApp } from './site/site-app.tsx';
import { sitePageDescriptions } from './site/site-page-descriptions.ts';
import { documentTitle, type SitePageKey, sitePageKeys, sitePages } from './site/site-pages.ts';

// Build-time only (vite build --ssr): scripts/prerender.mjs renders every public page with this.

export { documentTitle, SITE_URL, sitePageDescriptions, sitePageKeys, sitePages };

/** The page's markup, exactly what site-entry.tsx hydrates. */
export async function renderSitePage(key: SitePageKey): Promise<string> {
  const Page = await sitePages[key].load();
  return renderToString(
    <StrictMode>
      <ThemeProvider>
        <SiteApp pageKey={key} Page={Page} />
      </ThemeProvider>
    </StrictMode>,
  );
}
