import {
  type Bid,
  formatUgx,
  type LenderStatus,
  type Listing,
  rateToBasisPoints,
  ugxOrZero,
} from '@sente/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { failureOf } from '../../session/failure.ts';
import { isUnanswered } from '../../session/same-key-retry.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { Loading, QueryState } from '../../shell/query-state.tsx';
import { RequireRole } from '../../shell/require-role.tsx';
import { useDraft } from '../../shell/use-draft.ts';
import { useNow } from '../../shell/use-now.ts';
import { bidAction, bidKeyFor, checkBid, mostYouCanBid, type PendingBid } from './bid-checks.ts';
import { CannotBidYet } from './cannot-bid-yet.tsx';
import {
  bidText,
  borrowerRecordText,
  closesText,
  FundingProgressView,
  GradeBadge,
  INTEREST_TYPES,
  listingTitle,
  MyBidLine,
  RISK_GRADE_SCORES,
  rateText,
} from './listing-parts.tsx';
import { termLabel } from './market-filters.ts';
import { useLenderStatus, useListing, usePlaceBid, usePortfolio, useWithdrawBid } from './use-market.ts';

function Details({ listing }: { readonly listing: Listing }) {
  const rows: readonly [string, string][] = [
    ['Amount', formatUgx(listing.amount)],
    ['Term', termLabel(listing.term_months)],
    ['Loan type', listing.loan_type_name],
    ['Interest', INTEREST_TYPES[listing.interest_type]],
    ['Highest rate', rateText(listing.max_rate)],
    ['Risk grade', `${listing.risk_grade} (${RISK_GRADE_SCORES[listing.risk_grade]})`],
    ['Business', listing.business_type ?? 'Not given'],
    ['District', listing.district],
    ['Purpose', listing.purpose],
    ['Monthly income', listing.monthly_income_band],
    ['Record on Sente', borrowerRecordText(listing.borrower_record)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface BidFormDraft {
  readonly amount: string;
  readonly rate: string;
  /** The Idempotency-Key of an attempt whose answer may have been lost; reused by its retry. */
  readonly pending: PendingBid | null;
}

function BidForm({
  listing,
  available,
  onDone,
}: {
  readonly listing: Listing;
  readonly available: number | null;
  readonly onDone: (message: string) => void;
}) {
  const place = usePlaceBid(listing.id);
  const myBid = listing.my_bid;
  const [draft, setDraft] = useDraft<BidFormDraft>(`bid.${listing.id}`, {
    amount: '',
    rate: '',
    pending: null,
  });
  const [checkErrors, setCheckErrors] = useState<Readonly<Record<string, string>>>({});
  const limits = {
    listingAmount: ugxOrZero(listing.amount),
    minBid: ugxOrZero(listing.min_bid),
    maxRateBp: rateToBasisPoints(listing.max_rate),
    available,
    currentBid: myBid ? ugxOrZero(myBid.amount) : 0,
  };
  const failure = place.error ? failureOf(place.error, { isKeyed: true }) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };
  const hasFieldErrors = Boolean(errors.amount || errors.rate);
  // The server's reason in its own words; "Invalid bid" says less than the messages under the fields.
  let summary: string | null = null;
  if (hasFieldErrors && (!failure || failure.code === 'INVALID_BID'))
    summary = 'Your bid needs a change: see the messages under the fields.';
  else if (failure)
    summary = hasFieldErrors ? `${failure.message}: see the message under the field.` : failure.message;

  const set = (name: 'amount' | 'rate') => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const check = checkBid(draft, limits);
    if (check.kind === 'invalid') {
      setCheckErrors(check.errors);
      place.reset();
      focusFirstError(form);
      return;
    }
    setCheckErrors({});
    const attempt = bidKeyFor(draft.pending, bidAction(listing.id, check.amount, check.rateBp), () =>
      crypto.randomUUID(),
    );
    setDraft((current) => ({ ...current, pending: attempt }));
    place.mutate(
      { body: check.body, key: attempt.key },
      {
        onError: (error) => {
          if (!isUnanswered(error)) setDraft((current) => ({ ...current, pending: null }));
          focusFirstError(form);
        },
        onSuccess: (bid) => {
          setDraft(() => ({ amount: '', rate: '', pending: null }));
          // A retry answered with the bid the lost attempt placed is that bid, not a change.
          onDone(
            myBid !== null && myBid.id !== bid.id
              ? `Your bid is changed to ${bidText(bid)}. Your earlier bid is replaced and its money is free again.`
              : `Your bid of ${bidText(bid)} is placed. The money is held for it until bidding closes.`,
          );
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-busy={place.isPending}>
      {myBid ? (
        <p>A new bid replaces your current one: its money is freed and the new amount is held instead.</p>
      ) : null}
      {available !== null ? (
        <p className="text-sm">
          Your available cash: {formatUgx(available)}
          {myBid ? `, plus ${formatUgx(myBid.amount)} in your current bid` : ''}.
        </p>
      ) : null}
      <TextField
        label="Amount (UGX)"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={draft.amount}
        onChange={set('amount')}
        hint={`From ${formatUgx(limits.minBid)} to ${formatUgx(mostYouCanBid(limits))}, in whole thousands`}
        error={errors.amount}
      />
      <TextField
        label="Rate you ask (% per month)"
        name="rate"
        inputMode="decimal"
        autoComplete="off"
        value={draft.rate}
        onChange={set('rate')}
        hint={`From 1% up to ${rateText(listing.max_rate)}. Lower rates are used first.`}
        error={errors.rate}
      />
      {summary ? <ErrorAlert>{summary}</ErrorAlert> : null}
      <Button type="submit" disabled={place.isPending} className="self-start">
        {place.isPending ? 'Sending your bid...' : myBid ? 'Change my bid' : 'Place bid'}
      </Button>
    </form>
  );
}

function WithdrawBid({
  listing,
  bid,
  onDone,
}: {
  readonly listing: Listing;
  readonly bid: Bid;
  readonly onDone: (message: string) => void;
}) {
  const withdraw = useWithdrawBid(listing.id);
  const [isAsking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    withdraw.reset();
  };
  return (
    <>
      <Button variant="ghost" className="self-start" onClick={() => setAsking(true)}>
        Withdraw my bid
      </Button>
      <ConfirmDialog
        isOpen={isAsking}
        title="Withdraw your bid?"
        message={`Your bid of ${bidText(bid)} is taken back and its money is free again. You can bid again while the listing is open.`}
        confirmLabel="Withdraw bid"
        busyLabel="Withdrawing..."
        isDanger
        isBusy={withdraw.isPending}
        error={withdraw.error ? { message: failureOf(withdraw.error).message } : null}
        onCancel={close}
        onConfirm={() =>
          withdraw.mutate(bid.id, {
            onSuccess: (done) => {
              close();
              onDone(`Your bid is withdrawn. ${formatUgx(done.amount)} is back in your available cash.`);
            },
          })
        }
      />
    </>
  );
}

function Bidding({
  listing,
  status,
  onDone,
}: {
  readonly listing: Listing;
  readonly status: { readonly data: LenderStatus | undefined; readonly error: Error | null };
  readonly onDone: (message: string) => void;
}) {
  const portfolio = usePortfolio();
  const now = useNow(true, 30_000);
  const isOpen = listing.status === 'OPEN' && Date.parse(listing.closes_at) > now;
  if (!isOpen) {
    return <p>Bidding on this listing has closed{listing.my_bid ? '; your bid stays as it is.' : '.'}</p>;
  }
  if (status.data === undefined && !status.error) return <Loading label="whether you can bid" />;
  // Status not readable (offline): the form stays usable and the server says why if it refuses.
  if (status.data && !status.data.verified) return <CannotBidYet status={status.data} />;
  const available = portfolio.data ? ugxOrZero(portfolio.data.cash_available) : null;
  return (
    <>
      <BidForm key={listing.my_bid?.id ?? 'new'} listing={listing} available={available} onDone={onDone} />
      {listing.my_bid ? <WithdrawBid listing={listing} bid={listing.my_bid} onDone={onDone} /> : null}
    </>
  );
}

function ListingView({ listing }: { readonly listing: Listing }) {
  const status = useLenderStatus();
  const now = useNow(listing.status === 'OPEN', 30_000);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After the dialog has closed and given focus back, so the message is what is read next.
    if (notice) requestAnimationFrame(() => noticeRef.current?.focus());
  }, [notice]);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{listingTitle(listing)}</h1>
        <div className="flex gap-2">
          <GradeBadge grade={listing.risk_grade} />
          <StatusBadge label={listing.status} tone={toneOfStatus(listing.status)} />
        </div>
      </div>
      <p>
        {listing.business_type ?? 'A business'} in {listing.district}, {listing.loan_type_name}.
      </p>
      <section aria-labelledby="funding-title" className="flex flex-col gap-2">
        <h2 id="funding-title" className="text-lg font-bold">
          Bids so far
        </h2>
        <FundingProgressView listing={listing} />
        <p>{closesText(listing, now)}</p>
      </section>
      <section aria-labelledby="bid-title" className="flex flex-col gap-3">
        <h2 id="bid-title" className="text-lg font-bold">
          {listing.my_bid ? 'Your bid' : 'Bid'}
        </h2>
        {notice ? (
          <p
            ref={noticeRef}
            tabIndex={-1}
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 focus:outline-none dark:bg-emerald-950 dark:text-emerald-100"
          >
            {notice}
          </p>
        ) : null}
        {listing.my_bid ? <MyBidLine bid={listing.my_bid} /> : null}
        <Bidding listing={listing} status={status} onDone={setNotice} />
      </section>
      <section aria-labelledby="details-title" className="flex flex-col gap-2">
        <h2 id="details-title" className="text-lg font-bold">
          The loan and the business
        </h2>
        <Details listing={listing} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Sente never shows lenders a borrower’s name, ID, phone, e-mail, address or documents.
        </p>
      </section>
    </>
  );
}

function marketSearchOf(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'marketSearch' in state) {
    const search = (state as { marketSearch: unknown }).marketSearch;
    if (typeof search === 'string' && (search === '' || search.startsWith('?'))) return search;
  }
  return '';
}

function ListingScreen() {
  const id = Number(useParams().listingId);
  const location = useLocation();
  useDocumentTitle('Listing');
  const listing = useListing(id);
  return (
    <div className="flex flex-col gap-5">
      <Link
        to={`${paths.appMarket}${marketSearchOf(location.state)}`}
        className={`${textLinkClass} self-start`}
      >
        Back to the marketplace
      </Link>
      <QueryState query={listing} label="the listing">
        {(data) => <ListingView listing={data} />}
      </QueryState>
    </div>
  );
}

/** /app/market/:listingId: a listing's details, its bids so far, and the lender's bid. */
export function ListingPage() {
  return (
    <RequireRole allowed="lender">
      <ListingScreen />
    </RequireRole>
  );
}
