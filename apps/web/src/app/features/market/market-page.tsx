import { type Listing, type LoanTypeDto, parseRate, RISK_GRADES, toRateString } from '@sente/contract';
import { useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { RequireRole } from '../../shell/require-role.tsx';
import { useNow } from '../../shell/use-now.ts';
import { useLoanTypes } from '../applications/use-applications.ts';
import { CannotBidYet } from './cannot-bid-yet.tsx';
import {
  closesText,
  FundingProgressView,
  GradeBadge,
  listingTitle,
  MyBidLine,
  RISK_GRADE_SCORES,
  rateText,
} from './listing-parts.tsx';
import {
  filtersFromParams,
  hasFilters,
  MARKET_PAGE_SIZE,
  type MarketFilters,
  paramsOfFilters,
  rateChoices,
  termLabel,
} from './market-filters.ts';
import { useLenderStatus, useListings } from './use-market.ts';

const TERMS = Array.from({ length: 24 }, (_, index) => index + 1);

function Filters({
  filters,
  loanTypes,
  onChange,
}: {
  readonly filters: MarketFilters;
  readonly loanTypes: readonly LoanTypeDto[];
  readonly onChange: (changes: Partial<Omit<MarketFilters, 'page'>>) => void;
}) {
  const hasChosenType = filters.loanType !== null && !loanTypes.some((type) => type.id === filters.loanType);
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="sr-only">Filter the listings</legend>
      <SelectField
        label="Risk grade"
        value={filters.riskGrade ?? ''}
        onChange={(event) =>
          onChange({ riskGrade: RISK_GRADES.find((grade) => grade === event.target.value) ?? null })
        }
        options={[
          { value: '', label: 'Any grade' },
          ...RISK_GRADES.map((grade) => ({ value: grade, label: `${grade}: ${RISK_GRADE_SCORES[grade]}` })),
        ]}
      />
      <SelectField
        label="Loan type"
        value={filters.loanType === null ? '' : String(filters.loanType)}
        onChange={(event) => onChange({ loanType: event.target.value ? Number(event.target.value) : null })}
        options={[
          { value: '', label: 'Any loan type' },
          ...loanTypes.map((type) => ({ value: String(type.id), label: type.loan_type_name })),
          ...(hasChosenType
            ? [{ value: String(filters.loanType), label: `Loan type ${filters.loanType}` }]
            : []),
        ]}
      />
      <SelectField
        label="Longest term"
        value={filters.maxTermMonths === null ? '' : String(filters.maxTermMonths)}
        onChange={(event) =>
          onChange({ maxTermMonths: event.target.value ? Number(event.target.value) : null })
        }
        options={[
          { value: '', label: 'Any term' },
          ...TERMS.map((months) => ({ value: String(months), label: `Up to ${termLabel(months)}` })),
        ]}
      />
      <SelectField
        label="Rate you want"
        value={filters.minRateBp === null ? '' : toRateString(filters.minRateBp)}
        onChange={(event) => onChange({ minRateBp: parseRate(event.target.value) })}
        options={[{ value: '', label: 'Any rate' }, ...rateChoices(filters.minRateBp)]}
      />
    </fieldset>
  );
}

function ListingCard({
  listing,
  now,
  search,
}: {
  readonly listing: Listing;
  readonly now: number;
  readonly search: string;
}) {
  const titleId = `listing-${listing.id}-title`;
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4" aria-labelledby={titleId}>
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 font-bold">
            <Link
              to={paths.appMarketListing(listing.id)}
              state={{ marketSearch: search }}
              className={textLinkClass}
            >
              {listingTitle(listing)}
              <span className="block text-sm font-normal">
                {listing.business_type ?? 'A business'} in {listing.district}
              </span>
            </Link>
          </h3>
          <GradeBadge grade={listing.risk_grade} />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {listing.loan_type_name}, up to {rateText(listing.max_rate)}
        </p>
        <p className="line-clamp-2 text-sm break-words">{listing.purpose}</p>
        <FundingProgressView listing={listing} />
        <p className="text-sm">{closesText(listing, now)}</p>
        {listing.my_bid ? <MyBidLine bid={listing.my_bid} /> : null}
      </Card>
    </li>
  );
}

function Market() {
  useDocumentTitle('Marketplace');
  const [params] = useSearchParams();
  const location = useLocation();
  const url = useUrlState();
  const filters = filtersFromParams(params);
  const listings = useListings(filters);
  const loanTypes = useLoanTypes();
  const status = useLenderStatus();
  const now = useNow(true, 30_000);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onPageChange = (page: number) => {
    url.update({ page });
    headingRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Marketplace</h1>
      <p>
        Businesses Sente approved, looking for lenders. Bid on one to lend part of the amount at the rate you
        ask; when bidding closes, the cheapest bids make the borrower’s offers.
      </p>
      <nav aria-label="Marketplace" className="flex flex-wrap gap-x-5 gap-y-2">
        <Link to={paths.appMarketBids} className={textLinkClass}>
          My bids
        </Link>
        <Link to={paths.appAutoInvest} className={textLinkClass}>
          Auto-invest rules
        </Link>
      </nav>
      {status.data && !status.data.verified ? <CannotBidYet status={status.data} /> : null}
      <Filters
        filters={filters}
        loanTypes={loanTypes.data ?? []}
        onChange={(changes) => url.update(paramsOfFilters(changes))}
      />
      <section aria-labelledby="listings-title" className="flex flex-col gap-3">
        <h2
          id="listings-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold focus:outline-none"
        >
          Open listings
        </h2>
        <QueryState query={listings} label="the listings">
          {(page) => {
            const totalPages = Math.max(1, Math.ceil(page.count / MARKET_PAGE_SIZE));
            return (
              <>
                <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                  {listings.isFetching && listings.isPlaceholderData
                    ? 'Finding listings...'
                    : page.count === 0
                      ? hasFilters(filters)
                        ? 'No open listing matches these filters.'
                        : 'No listing is open right now. New ones come as Sente approves businesses.'
                      : `${page.count} open ${page.count === 1 ? 'listing' : 'listings'}${hasFilters(filters) ? (page.count === 1 ? ' matches these filters' : ' match these filters') : ''}, soonest to close first.`}
                </p>
                {page.count === 0 && hasFilters(filters) ? (
                  <Button
                    variant="secondary"
                    className="self-start"
                    onClick={() =>
                      url.update(
                        paramsOfFilters({
                          riskGrade: null,
                          loanType: null,
                          maxTermMonths: null,
                          minRateBp: null,
                        }),
                      )
                    }
                  >
                    Clear the filters
                  </Button>
                ) : null}
                {page.results.length === 0 && page.count > 0 ? (
                  <Button variant="secondary" className="self-start" onClick={() => onPageChange(1)}>
                    This page is empty: show the first page
                  </Button>
                ) : null}
                <ul className="flex flex-col gap-3">
                  {page.results.map((listing) => (
                    <ListingCard key={listing.id} listing={listing} now={now} search={location.search} />
                  ))}
                </ul>
                {totalPages > 1 ? (
                  <Pager
                    page={filters.page}
                    totalPages={totalPages}
                    onPageChange={onPageChange}
                    label="Listing pages"
                  />
                ) : null}
              </>
            );
          }}
        </QueryState>
      </section>
    </div>
  );
}

/** /app/market: the open listings a lender may bid on, filtered and paged in the URL. */
export function MarketPage() {
  return (
    <RequireRole allowed="lender">
      <Market />
    </RequireRole>
  );
}
