import { formatRate, formatUgx, parseRate, parseUgx, toRateString } from '@sente/contract';

/** The lowest rate a bid may ask: 1.00% per month (decisions.md, bid). */
export const MIN_BID_RATE_BP = 100;

export interface BidDraft {
  readonly amount: string;
  readonly rate: string;
}

export interface BidLimits {
  /** The listing's amount: no bid above it. */
  readonly listingAmount: number;
  /** The smallest bid the platform takes (MIN_BID, sent with the listing). */
  readonly minBid: number;
  /** The listing's maximum rate, basis points. */
  readonly maxRateBp: number;
  /** The lender's available cash; null while it is not known (the server checks it anyway). */
  readonly available: number | null;
  /** The lender's live bid on this listing: a new bid replaces it, so its money counts as available. */
  readonly currentBid: number;
}

export type BidCheck =
  | {
      readonly kind: 'valid';
      readonly amount: number;
      readonly rateBp: number;
      readonly body: { amount: number; rate: string };
    }
  | { readonly kind: 'invalid'; readonly errors: Readonly<Record<string, string>> };

/** The most a lender can bid on the listing: its amount, or the lender's cash if less. */
export function mostYouCanBid(limits: BidLimits): number {
  if (limits.available === null) return limits.listingAmount;
  return Math.max(0, Math.min(limits.listingAmount, limits.available + limits.currentBid));
}

/**
 * The bid rules the phone can check before sending (decisions.md, bid; bidding.ts): an amount in whole
 * thousands, not above the listing's amount or the cash the lender has, and a rate from 1.00% to the
 * listing's maximum, and at least the platform's smallest bid (MIN_BID, a server setting the listing
 * carries), in the server's words.
 */
export function checkBid(draft: BidDraft, limits: BidLimits): BidCheck {
  const errors: Record<string, string> = {};
  const amount = parseUgx(draft.amount);
  if (draft.amount.trim() === '') errors.amount = 'Enter the amount you want to lend';
  else if (amount === null || amount <= 0)
    errors.amount = 'Enter the amount in whole shillings, like 100,000';
  else if (amount < limits.minBid) errors.amount = `A bid is at least ${formatUgx(limits.minBid)}`;
  else if (amount % 1000 !== 0) errors.amount = 'Bid in whole thousands of shillings, like 150,000';
  else if (amount > limits.listingAmount)
    errors.amount = `A bid is at most the listing's ${formatUgx(limits.listingAmount)}`;
  else if (limits.available !== null && amount > limits.available + limits.currentBid) {
    const most = Math.max(0, limits.available + limits.currentBid);
    errors.amount =
      limits.currentBid > 0
        ? `You can bid at most ${formatUgx(most)}: your available cash plus your current bid`
        : `You can bid at most ${formatUgx(most)}: your available cash`;
  }
  const rateBp = parseRate(draft.rate);
  if (draft.rate.trim() === '') errors.rate = 'Enter the rate you ask, like 2.50';
  else if (rateBp === null) errors.rate = 'Enter the rate with at most two decimals, like 2.50';
  else if (rateBp < MIN_BID_RATE_BP || rateBp > limits.maxRateBp)
    errors.rate = `The rate is from ${formatRate(MIN_BID_RATE_BP)} up to this listing's ${formatRate(limits.maxRateBp)}`;
  if (Object.keys(errors).length > 0 || amount === null || rateBp === null)
    return { kind: 'invalid', errors };
  return { kind: 'valid', amount, rateBp, body: { amount, rate: toRateString(rateBp) } };
}

/** The Idempotency-Key of a bid attempt, kept with the form until the server has answered it. */
export interface PendingBid {
  /** listing:amount:rate, the request the key belongs to. */
  readonly action: string;
  readonly key: string;
}

export const bidAction = (listingId: number, amount: number, rateBp: number) =>
  `${listingId}:${amount}:${rateBp}`;

/**
 * The key for sending this bid: the pending one when it is for the same listing, amount and rate (a
 * retry after a lost answer is answered by the server, never bid twice), else a new one. A different
 * amount or rate is a new bid.
 */
export function bidKeyFor(pending: PendingBid | null, action: string, newId: () => string): PendingBid {
  if (pending?.action === action) return pending;
  return { action, key: `bid:${action}:${newId()}` };
}
