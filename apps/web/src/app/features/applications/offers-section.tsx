import { type BorrowerApplicationDto, formatUgx, type Offer } from '@sente/contract';
import { useState } from 'react';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { failureOf } from '../../session/failure.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { formatTimeLeft } from '../../shell/time-left.ts';
import { useNow } from '../../shell/use-now.ts';
import { KeyFacts } from './key-facts.tsx';
import { useAcceptOffer, useDeclineOffers, useOffers, useRequestOffers } from './use-offers.ts';

type Listing = NonNullable<BorrowerApplicationDto['listing']>;

const OFFER_TITLES: Readonly<Record<Offer['kind'], string>> = {
  full: 'The full amount',
  'lower-rate': 'Less money, a lower rate',
  partial: 'What lenders could fund',
};

const OFFER_STATUS: Readonly<
  Record<Offer['status'], { label: string; tone: 'green' | 'red' | 'slate' | 'blue' }>
> = {
  OPEN: { label: 'Open', tone: 'blue' },
  ACCEPTED: { label: 'Accepted', tone: 'green' },
  DECLINED: { label: 'Declined', tone: 'slate' },
  EXPIRED: { label: 'Expired', tone: 'red' },
};

function Bidding({
  application,
  listing,
}: {
  readonly application: BorrowerApplicationDto;
  readonly listing: Listing;
}) {
  const now = useNow(true, 60_000);
  const request = useRequestOffers(application.id);
  const failure = request.error ? failureOf(request.error) : null;
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        Lenders are bidding on your loan: {formatUgx(listing.funded_amount)} of{' '}
        {formatUgx(application.amount_requested)} is covered so far. Bidding closes{' '}
        {formatTimeLeft(listing.closes_at, now)?.replace(' left', ' from now') ?? 'now'}, then you get your
        offers.
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        Once the bids cover the full amount you can ask for your offers now instead of waiting.
      </p>
      {failure ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      <Button variant="secondary" onClick={() => request.mutate()} disabled={request.isPending}>
        {request.isPending ? 'Asking...' : 'Ask for offers now'}
      </Button>
    </div>
  );
}

function OfferCard({
  offer,
  now,
  canChoose,
  onAccept,
}: {
  readonly offer: Offer;
  readonly now: number;
  readonly canChoose: boolean;
  readonly onAccept: () => void;
}) {
  const status = OFFER_STATUS[offer.status];
  const timeLeft = formatTimeLeft(offer.expires_at, now);
  const titleId = `offer-${offer.id}-title`;
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4" aria-labelledby={titleId}>
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="font-bold">
            {OFFER_TITLES[offer.kind]}: {formatUgx(offer.amount)} at {offer.rate}%
          </h3>
          <StatusBadge label={status.label} tone={status.tone} />
        </div>
        <KeyFacts offer={offer} now={now} />
        {offer.status === 'OPEN' ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {timeLeft ? `${timeLeft} to choose.` : 'The time to choose has run out.'}
          </p>
        ) : null}
        {canChoose && offer.status === 'OPEN' && timeLeft ? (
          <Button onClick={onAccept} className="mt-auto">
            Accept this offer
          </Button>
        ) : null}
      </Card>
    </li>
  );
}

function Offers({
  application,
  listing,
}: {
  readonly application: BorrowerApplicationDto;
  readonly listing: Listing;
}) {
  const offers = useOffers(application.id, true);
  const accept = useAcceptOffer(application.id);
  const decline = useDeclineOffers(application.id);
  const [choice, setChoice] = useState<{ kind: 'accept'; offer: Offer } | { kind: 'decline' } | null>(null);
  const now = useNow(listing.status === 'OFFERED', 30_000);
  const canChoose = listing.status === 'OFFERED';
  const close = () => {
    setChoice(null);
    accept.reset();
    decline.reset();
  };

  return (
    <QueryState query={offers} label="your offers">
      {(list) =>
        list.length === 0 ? (
          <p>No offer was made for this application.</p>
        ) : (
          <>
            {canChoose ? (
              <p>
                Compare the offers and accept the one that suits you. Accepting one ends the others; if none
                suits you, decline them all.
              </p>
            ) : null}
            <ul className="grid gap-3 sm:grid-cols-2">
              {list.map((offer) => (
                <OfferCard
                  key={offer.id}
                  offer={offer}
                  now={now}
                  canChoose={canChoose}
                  onAccept={() => setChoice({ kind: 'accept', offer })}
                />
              ))}
            </ul>
            {canChoose ? (
              <Button variant="ghost" onClick={() => setChoice({ kind: 'decline' })} className="self-start">
                Decline all offers
              </Button>
            ) : null}
            <ConfirmDialog
              isOpen={choice?.kind === 'accept'}
              title="Accept this offer?"
              message={
                choice?.kind === 'accept'
                  ? `You borrow ${formatUgx(choice.offer.amount)} and repay ${formatUgx(choice.offer.total_payable)} in ${choice.offer.term_weeks} weekly installments of about ${formatUgx(choice.offer.weekly_repayment)}. The other offers end.`
                  : ''
              }
              confirmLabel="Accept"
              busyLabel="Accepting..."
              isBusy={accept.isPending}
              error={accept.error ? { message: failureOf(accept.error, { isKeyed: true }).message } : null}
              onCancel={close}
              onConfirm={() => {
                if (choice?.kind === 'accept') accept.mutate(choice.offer.id, { onSuccess: close });
              }}
            />
            <ConfirmDialog
              isOpen={choice?.kind === 'decline'}
              title="Decline every offer?"
              message="No loan is made from these offers and the lenders’ money is released. Sente may put your application on the marketplace again."
              confirmLabel="Decline all"
              busyLabel="Declining..."
              isDanger
              isBusy={decline.isPending}
              error={decline.error ? { message: failureOf(decline.error).message } : null}
              onCancel={close}
              onConfirm={() => decline.mutate(undefined, { onSuccess: close })}
            />
          </>
        )
      }
    </QueryState>
  );
}

const AFTER_CHOICE: Readonly<Record<string, string>> = {
  FUNDED:
    'You accepted an offer. Sente is paying the money to your mobile-money number; you will get a notification.',
  DISBURSED: 'Your loan is paid out.',
  EXPIRED: 'These offers ended without a loan. Sente may put your application on the marketplace again.',
};

/** An approved application on the marketplace: the bidding, then the offers side by side. */
export function OffersSection({ application }: { readonly application: BorrowerApplicationDto }) {
  const listing = application.listing;
  if (!listing) return null;
  return (
    <section aria-labelledby="offers-title" className="flex flex-col gap-3">
      <h2 id="offers-title" className="text-lg font-bold">
        Offers from lenders
      </h2>
      {listing.status === 'OPEN' ? (
        <Bidding application={application} listing={listing} />
      ) : (
        <>
          {AFTER_CHOICE[listing.status] ? <p>{AFTER_CHOICE[listing.status]}</p> : null}
          <Offers application={application} listing={listing} />
        </>
      )}
    </section>
  );
}
