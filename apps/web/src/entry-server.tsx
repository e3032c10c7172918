import { type LoanTypeDto, routes, STANDARD_LOAN_TYPES, toRateString, toUgxString } from '@sente/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from './lib/theme-provider.tsx';
import {
  calculatorLoanTypesFrom,
  LOAN_TYPES_ELEMENT_ID,
  loanTypesJson,
  type PublicLoanTypesAnswer,
} from './site/calculator/published-loan-types.ts';
import { SITE_URL } from './site/content/site.ts';
import { SiteApp } from './site/site-app.tsx';
import { sitePageDescriptions } from './site/site-page-descriptions.ts';
import { documentTitle, type SitePageKey, sitePageKeys, sitePages } from './site/site-pages.ts';

// Build-time only (vite build --ssr): scripts/prerender.mjs renders every public page with this.

export { documentTitle, SITE_URL, sitePageDescriptions, sitePageKeys, sitePages };

export interface PublishedLoanTypes {
  /** Where they came from, for the build's log. */
  readonly source: string;
  readonly answer: PublicLoanTypesAnswer;
}

/**
 * The contract's standard loan types exactly as GET /api/public/loan-types/ answers them on a fresh
 * demo database: ids in the order the seed creates them, the list ordered by name.
 */
function standardLoanTypes(): PublicLoanTypesAnswer {
  const results = STANDARD_LOAN_TYPES.map(
    (type, index): LoanTypeDto => ({
      id: index + 1,
      loan_type_name: type.name,
      min_amount: toUgxString(type.minAmount),
      max_amount: toUgxString(type.maxAmount),
      interest_rate: toRateString(type.rateBasisPoints),
      interest_type: type.interestType,
      appraisal_time: type.appraisalTime,
      status: 'ACTIVE',
    }),
  );
  return { results: results.sort((a, b) => (a.loan_type_name < b.loan_type_name ? -1 : 1)) };
}

/**
 * The loan types the calculator is published with (docs/site.md, "The calculator's loan types"):
 * GET /api/public/loan-types/ of the Sente at `apiOrigin` when one is given (any failure stops the
 * build rather than publish figures nobody checked), otherwise the contract's standard loan types.
 */
export async function loadPublishedLoanTypes(apiOrigin: string | undefined): Promise<PublishedLoanTypes> {
  if (!apiOrigin) return { source: 'the standard loan types (no SITE_API_URL)', answer: standardLoanTypes() };
  const url = new URL(routes.publicLoanTypes.path, apiOrigin);
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const answer = routes.publicLoanTypes.responses[200].parse(await response.json());
  return {
    source: `GET ${url}`,
    answer: { results: answer.results.filter((type) => type.status === 'ACTIVE') },
  };
}

/** The data block every page carries, so the browser hydrates with the loan types the markup used. */
export function loanTypesElement(answer: PublicLoanTypesAnswer): string {
  return `<script type="application/json" id="${LOAN_TYPES_ELEMENT_ID}">${loanTypesJson(answer)}</script>`;
}

/** The page's markup, exactly what site-entry.tsx hydrates. */
export async function renderSitePage(key: SitePageKey, answer: PublicLoanTypesAnswer): Promise<string> {
  const Page = await sitePages[key].load();
  return renderToString(
    <StrictMode>
      <ThemeProvider>
        <SiteApp pageKey={key} Page={Page} loanTypes={calculatorLoanTypesFrom(answer.results)} />
      </ThemeProvider>
    </StrictMode>,
  );
}
