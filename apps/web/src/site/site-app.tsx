import type { ComponentType } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { SiteLayout } from './site-layout.tsx';
import { type SitePageKey, sitePages } from './site-pages.ts';

export interface SiteAppProps {
  readonly pageKey: SitePageKey;
  readonly Page: ComponentType;
}

/** One public page in the shared layout: the same tree is prerendered at build time and hydrated. */
export function SiteApp({ pageKey, Page }: SiteAppProps) {
  const page = sitePages[pageKey];
  useDocumentTitle(page.title);
  return (
    <SiteLayout currentPath={page.path ?? ''}>
      <Page />
    </SiteLayout>
  );
}
