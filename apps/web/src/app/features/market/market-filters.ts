import { formatRate, parseRate, RISK_GRADES, type RiskGrade, toRateString } from '@sente/contract';

/** The marketplace's filters as the URL keeps them (`?risk_grade=B&loan_type=3&max_term_months=6&min_rate=2.50&page=2`). */
export interface MarketFilters {
  readonly riskGrade: RiskGrade | null;
  readonly loanType: number | null;
  /** Only listings of at most this many months. */
  readonly maxTermMonths: number | null;
  /** Only listings whose maximum rate reaches this rate, in basis points. */
  readonly minRateBp: number | null;
  readonly page: number;
}

export const MARKET_PAGE_SIZE = 10;
/** A bid asks at least 1.00% per month (decisions.md), and auto-invest's rates stop at 10.00%. */
const LOWEST_RATE_BP = 100;
const HIGHEST_RATE_BP = 1000;
/** The rates the "Lowest rate" filter offers; a rate from a link is added to them. */
export const RATE_CHOICES_BP = [150, 200, 250, 300, 350, 400, 500] as const;

function positiveInt(text: string | null, max: number): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/**
 * Reads the filters from the URL. Anything the API would refuse (a grade F, a term of 30 months, a rate
 * "abc", page 0) is left out rather than shown as an error: a hand-edited link still shows listings.
 */
export function filtersFromParams(params: URLSearchParams): MarketFilters {
  const grade = params.get('risk_grade');
  const rate = params.get('min_rate');
  const rateBp = rate === null ? null : parseRate(rate);
  return {
    riskGrade: RISK_GRADES.find((item) => item === grade) ?? null,
    loanType: positiveInt(params.get('loan_type'), 2_147_483_647),
    maxTermMonths: positiveInt(params.get('max_term_months'), 24),
    minRateBp: rateBp !== null && rateBp >= LOWEST_RATE_BP && rateBp <= HIGHEST_RATE_BP ? rateBp : null,
    page: positiveInt(params.get('page'), 1_000_000) ?? 1,
  };
}

/** The URL's parameters for the filters (what `useUrlState().update` takes; null removes one). */
export function paramsOfFilters(
  filters: Partial<Omit<MarketFilters, 'page'>>,
): Record<string, string | null | undefined> {
  const changes: Record<string, string | null | undefined> = {};
  if ('riskGrade' in filters) changes.risk_grade = filters.riskGrade;
  if ('loanType' in filters) changes.loan_type = filters.loanType === null ? null : String(filters.loanType);
  if ('maxTermMonths' in filters)
    changes.max_term_months = filters.maxTermMonths === null ? null : String(filters.maxTermMonths);
  if ('minRateBp' in filters)
    changes.min_rate = filters.minRateBp === null ? null : toRateString(filters.minRateBp ?? 0);
  return changes;
}

/** The whole URL search of the filters, page included (page 1 and empty filters are left out). */
export function searchOfFilters(filters: MarketFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(paramsOfFilters(filters))) {
    if (value) params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API's query for the open listings the filters select. */
export function listingsQuery(filters: MarketFilters, pageSize = MARKET_PAGE_SIZE) {
  return {
    status: 'OPEN' as const,
    page: filters.page,
    page_size: pageSize,
    ...(filters.riskGrade ? { risk_grade: filters.riskGrade } : {}),
    ...(filters.loanType !== null ? { loan_type: filters.loanType } : {}),
    ...(filters.maxTermMonths !== null ? { max_term_months: filters.maxTermMonths } : {}),
    ...(filters.minRateBp !== null ? { min_rate: toRateString(filters.minRateBp) } : {}),
  };
}

export function hasFilters(filters: MarketFilters): boolean {
  return (
    filters.riskGrade !== null ||
    filters.loanType !== null ||
    filters.maxTermMonths !== null ||
    filters.minRateBp !== null
  );
}

/** The rate filter's options: the usual rates, plus one a link asked for. */
export function rateChoices(current: number | null): { value: string; label: string }[] {
  const rates = new Set<number>(RATE_CHOICES_BP);
  if (current !== null) rates.add(current);
  return [...rates]
    .sort((a, b) => a - b)
    .map((bp) => ({ value: toRateString(bp), label: `${formatRate(bp)} or more` }));
}

export const termLabel = (months: number) => (months === 1 ? '1 month' : `${months} months`);
