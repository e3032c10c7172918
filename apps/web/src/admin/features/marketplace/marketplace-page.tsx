import {
  formatKampalaDateTime,
  formatNumber,
  formatRate,
  formatUgx,
  LISTING_STATUSES,
  type Listing,
  parseRate,
} from '@sente/contract';
import { useState } from 'react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { useUrlPaging } from '../../../lib/use-url-paging.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { DismissibleSuccess } from '../../../ui/notice.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { ListingsTable } from './listings-table.tsx';
import { LISTING_STATUS_LABELS, MARKETPLACE_MESSAGES } from './marketplace-messages.ts';
import { useListingList, useMarketplaceStats, useRelistListing } from './use-marketplace.ts';

export function MarketplacePage() {
  const url = useUrlState();
  const paging = useUrlPaging();
  const status = url.oneOf('status', [...LISTING_STATUSES, ''], '');
  const list = useListingList({ ...paging, status });
  const stats = useMarketplaceStats();
  const relist = useRelistListing();
  const [dismissedError, setDismissedError] = useState<Error | null>(null);
  const [toRelist, setToRelist] = useState<Listing | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const openRelist = (listing: Listing) => {
    relist.reset();
    setSuccess(null);
    setToRelist(listing);
  };

  const onConfirmRelist = () => {
    if (!toRelist) return;
    const listing = toRelist;
    relist.mutate(listing.id, {
      onSuccess: (answer) => {
        setToRelist(null);
        setSuccess(
          `Listing ${listing.id} is open for bids again until ${formatKampalaDateTime(answer.closes_at)}.`,
        );
      },
    });
  };

  const statCard = (label: string, value: string, hint?: string) => (
    <StatCard
      label={label}
      value={value}
      {...(hint ? { hint } : {})}
      isLoading={stats.isPending}
      isUnavailable={stats.isError}
    />
  );
  const clearingRate = stats.data?.average_clearing_rate;

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Marketplace" />
      <section aria-label="Marketplace statistics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {statCard('Open Listings', formatNumber(stats.data?.open_listings ?? 0))}
        {statCard('Amount Bid', formatUgx(stats.data?.amount_bid), 'Live bids on open listings')}
        {statCard('Funded This Month', formatUgx(stats.data?.funded_this_month))}
        {statCard('Active Lenders', formatNumber(stats.data?.active_lenders ?? 0))}
        {statCard(
          'Average Clearing Rate',
          clearingRate ? formatRate(parseRate(clearingRate) ?? 0) : '—',
          clearingRate ? 'Per month' : 'No funded offers yet',
        )}
      </section>
      {success ? <DismissibleSuccess message={success} onDismiss={() => setSuccess(null)} /> : null}
      {list.isError && list.error !== dismissedError ? (
        <ErrorBanner
          message={MARKETPLACE_MESSAGES.listingsFailed}
          reason={serverReason(list.error)}
          onRetry={() => void list.refetch()}
          onDismiss={() => setDismissedError(list.error)}
        />
      ) : null}
      <ListingsTable
        list={list}
        paging={paging}
        onRelist={openRelist}
        toolbar={
          <SelectField
            label="Status"
            value={status}
            onChange={(event) => url.update({ status: event.target.value })}
            options={[
              { value: '', label: 'All' },
              ...LISTING_STATUSES.map((key) => ({ value: key, label: LISTING_STATUS_LABELS[key] })),
            ]}
            className="flex-row items-center"
          />
        }
      />
      <ConfirmDialog
        isOpen={toRelist !== null}
        title="List again"
        message={MARKETPLACE_MESSAGES.confirmRelist}
        confirmLabel="List again"
        busyLabel="Listing..."
        isBusy={relist.isPending}
        onConfirm={onConfirmRelist}
        onCancel={() => setToRelist(null)}
        error={
          relist.isError
            ? { message: MARKETPLACE_MESSAGES.relistFailed, reason: serverReason(relist.error) }
            : null
        }
      >
        {toRelist ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Listing {toRelist.id} ({toRelist.loan_type_name}, {formatUgx(toRelist.amount)},{' '}
            {toRelist.district}) opens for a new round of bids.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
