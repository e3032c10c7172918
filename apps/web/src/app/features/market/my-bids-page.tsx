import { BID_STATUSES, type Bid, formatKampalaDateTime } from '@sente/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { type BadgeTone, StatusBadge } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { RequireRole } from '../../shell/require-role.tsx';
import { bidText } from './listing-parts.tsx';
import { MY_BIDS_PAGE_SIZE, useMyBids } from './use-market.ts';

/** What each bid status means for the lender's money (docs/marketplace.md). */
export const BID_STATUS_WORDS: Readonly<
  Record<Bid['status'], { label: string; meaning: string; tone: BadgeTone }>
> = {
  LIVE: { label: 'Live', meaning: 'Bidding is open; the money is held for this bid.', tone: 'blue' },
  ACCEPTED: { label: 'Accepted', meaning: 'Part of the loan the borrower accepted.', tone: 'green' },
  REPLACED: { label: 'Replaced', meaning: 'You changed this bid; the newer one counts.', tone: 'slate' },
  WITHDRAWN: {
    label: 'Withdrawn',
    meaning: 'You took this bid back; the money is free again.',
    tone: 'slate',
  },
  RELEASED: {
    label: 'Released',
    meaning: 'Not used in the loan; the money is free again.',
    tone: 'orange',
  },
};

function BidItem({ bid }: { readonly bid: Bid }) {
  const words = BID_STATUS_WORDS[bid.status];
  return (
    <li>
      <Card className="flex flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-2">
          <p className="font-bold">{bidText(bid)}</p>
          <StatusBadge label={words.label} tone={words.tone} />
        </div>
        <p className="text-sm">{words.meaning}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {bid.automatic ? 'Placed by auto-invest' : 'Placed'} {formatKampalaDateTime(bid.created_at)}
        </p>
        <Link to={paths.appMarketListing(bid.listing)} className={`${textLinkClass} self-start text-sm`}>
          See listing {bid.listing}
        </Link>
      </Card>
    </li>
  );
}

function MyBids() {
  useDocumentTitle('My bids');
  const url = useUrlState();
  const status = url.oneOf('status', ['', ...BID_STATUSES], '');
  const page = url.int('page', 1);
  const bids = useMyBids(status === '' ? null : status, page);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">My bids</h1>
      <Link to={paths.appMarket} className={`${textLinkClass} self-start`}>
        Back to the marketplace
      </Link>
      <SelectField
        label="Show"
        value={status}
        onChange={(event) => url.update({ status: event.target.value })}
        options={[
          { value: '', label: 'Every bid' },
          ...BID_STATUSES.map((item) => ({ value: item, label: `${BID_STATUS_WORDS[item].label} bids` })),
        ]}
      />
      <section aria-labelledby="bids-title" className="flex flex-col gap-3">
        <h2 id="bids-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
          Your bids, newest first
        </h2>
        <QueryState query={bids} label="your bids">
          {(data) => {
            const totalPages = Math.max(1, Math.ceil(data.count / MY_BIDS_PAGE_SIZE));
            return (
              <>
                <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                  {bids.isFetching && bids.isPlaceholderData
                    ? 'Finding your bids...'
                    : data.count === 0
                      ? status === ''
                        ? 'You have not bid yet. Open a listing on the marketplace to bid.'
                        : `You have no ${BID_STATUS_WORDS[status].label.toLowerCase()} bids.`
                      : `${data.count} ${data.count === 1 ? 'bid' : 'bids'}.`}
                </p>
                {data.results.length === 0 && data.count > 0 ? (
                  <Button variant="secondary" className="self-start" onClick={() => url.update({ page: 1 })}>
                    This page is empty: show the first page
                  </Button>
                ) : null}
                <ul className="flex flex-col gap-3">
                  {data.results.map((bid) => (
                    <BidItem key={bid.id} bid={bid} />
                  ))}
                </ul>
                {totalPages > 1 ? (
                  <Pager
                    page={page}
                    totalPages={totalPages}
                    label="Bid pages"
                    onPageChange={(next) => {
                      url.update({ page: next });
                      headingRef.current?.focus();
                    }}
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

/** /app/market/bids: the lender's bids by status, each linking to its listing. */
export function MyBidsPage() {
  return (
    <RequireRole allowed="lender">
      <MyBids />
    </RequireRole>
  );
}
