import {
  formatKampalaDateTime,
  formatNumber,
  formatRate,
  formatUgx,
  type Listing,
  parseRate,
  ugxOrZero,
} from '@sente/contract';
import type { ReactNode } from 'react';
import type { Paging } from '../../../lib/use-url-paging.ts';
import { Button } from '../../../ui/button.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { type PagedList, PagedTable } from '../../../ui/paged-table.tsx';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { type BadgeTone, StatusBadge } from '../../../ui/status-badge.tsx';
import {
  LISTING_STATUS_LABELS,
  type ListingStatusName,
  MARKETPLACE_MESSAGES,
} from './marketplace-messages.ts';

const STATUS_TONES: Record<ListingStatusName, BadgeTone> = {
  OPEN: 'blue',
  OFFERED: 'orange',
  FUNDED: 'green',
  DISBURSED: 'slate',
  EXPIRED: 'red',
};

/** Share of the listing amount that live bids (or the accepted offer) cover, 0–100. */
export function fundedPercent(listing: Pick<Listing, 'amount' | 'funded_amount'>): number {
  const amount = ugxOrZero(listing.amount);
  return amount > 0 ? (ugxOrZero(listing.funded_amount) / amount) * 100 : 0;
}

function listingName(l: Listing): string {
  return `Listing ${l.id}`;
}

export interface ListingsTableProps {
  readonly list: PagedList<Listing>;
  readonly paging: Paging;
  readonly onRelist: (listing: Listing) => void;
  readonly toolbar?: ReactNode;
}

export function ListingsTable({ list, paging, onRelist, toolbar }: ListingsTableProps) {
  const columns: Column<Listing>[] = [
    {
      id: 'listing',
      header: 'Listing',
      cell: (l) => (
        <div className="flex flex-col">
          <span className="font-medium whitespace-nowrap">{listingName(l)}</span>
          <span className="text-xs text-slate-600 dark:text-slate-300">Application {l.application}</span>
        </div>
      ),
      csv: (l) => l.id,
    },
    {
      id: 'business',
      header: 'Loan',
      cell: (l) => (
        <div className="flex min-w-40 flex-col">
          <span>{l.loan_type_name}</span>
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {l.district} · {l.purpose}
          </span>
        </div>
      ),
      csv: (l) => l.loan_type_name,
    },
    {
      id: 'amount',
      header: 'Amount (UGX)',
      isNumeric: true,
      cell: (l) => formatUgx(l.amount),
      csv: (l) => ugxOrZero(l.amount),
    },
    {
      id: 'term',
      header: 'Term (Months)',
      isNumeric: true,
      cell: (l) => l.term_months,
      csv: (l) => l.term_months,
    },
    {
      id: 'funded',
      header: 'Funding',
      cell: (l) => {
        const percent = fundedPercent(l);
        return (
          <div className="flex min-w-44 flex-col gap-1">
            <span className="tabular-nums whitespace-nowrap">
              {formatUgx(l.funded_amount)} of {formatUgx(l.amount)}
            </span>
            <ProgressBar percent={percent} label={`${listingName(l)} funded`} />
            <span className="text-xs text-slate-600 dark:text-slate-300">{percent.toFixed(0)}% funded</span>
          </div>
        );
      },
      csv: (l) => ugxOrZero(l.funded_amount),
    },
    {
      id: 'rate',
      header: 'Rate Cap',
      isNumeric: true,
      cell: (l) => formatRate(parseRate(l.max_rate) ?? 0),
      csv: (l) => l.max_rate,
    },
    {
      id: 'grade',
      header: 'Risk Grade',
      cell: (l) => <span className="font-semibold">{l.risk_grade}</span>,
      csv: (l) => l.risk_grade,
    },
    {
      id: 'bids',
      header: 'Bids',
      isNumeric: true,
      cell: (l) => formatNumber(l.bids_count),
      csv: (l) => l.bids_count,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (l) => <StatusBadge label={LISTING_STATUS_LABELS[l.status]} tone={STATUS_TONES[l.status]} />,
      csv: (l) => l.status,
    },
    {
      id: 'closes',
      header: 'Closes At',
      cell: (l) => <span className="whitespace-nowrap">{formatKampalaDateTime(l.closes_at)}</span>,
      csv: (l) => l.closes_at,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (l) =>
        l.status === 'EXPIRED' ? (
          <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => onRelist(l)}>
            List again<span className="sr-only"> {listingName(l)}</span>
          </Button>
        ) : null,
    },
  ];
  return (
    <PagedTable
      caption="Listings"
      pagerLabel="Listings pages"
      columns={columns}
      list={list}
      paging={paging}
      rowKey={(l) => l.id}
      emptyText={MARKETPLACE_MESSAGES.empty}
      exportName="listings"
      toolbar={toolbar}
    />
  );
}
