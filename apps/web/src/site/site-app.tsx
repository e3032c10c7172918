import type { ComponentType } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import type { CalculatorLoanType } from './calculator/calculate-loan.ts';
import { LoanTypesContext } from './calculator/loan-types-context.ts';
import { SiteLayout } from './site-layout.tsx';
import { type SitePageKey, sitePages } from './site-pages.ts';

export interface SiteAppProps {
  readonly pageKey: SitePageKey;
  readonly Page: ComponentType;
  /** The loan types the calculator prices with: the page's published ones (docs/site.md). */
  readonly loanTypes: readonly CalculatorLoanType[];
}

/** One public page in the shared layout: the same tree is prerendered at build time and hydrated. */
export function SiteApp({ pageKey, Page, loanTypes }: SiteAppProps) {
  const page = sitePages[pageKey];
  useDocumentTitle(page.title);
  return (
    <LoanTypesContext value={loanTypes}>
      <SiteLayout currentPath={page.path ?? ''}>
        <Page />
      </SiteLayout>
    </LoanTypesContext>
  );
}
