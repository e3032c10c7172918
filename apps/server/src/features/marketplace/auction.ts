/**
 * The uniform-price auction that turns a listing's bids into offers (decisions.md, The marketplace,
 * "offers"). Pure: the caller reads the bids and stores the offers.
 *
 * Bids are ranked by rate, then by when they were placed, then by id (so two bids placed in the
 * same millisecond still rank the same way every time). Then, at most two offers:
 * 1. 'full': the listing amount, filled cheapest first; every filled bid earns the rate of the last
 *    bid needed (uniform price), and that marginal bid may be filled in part.
 * 2. 'lower-rate': every bid at a rate strictly below the full offer's rate, filled whole, at the
 *    highest rate among them, when they add up to at least the loan type's minimum amount. That is
 *    the largest amount fundable at any lower rate. (It is always below the listing amount: had the
 *    cheaper bids covered it, the full offer would have stopped at one of them.)
 *
 * When the bids do not cover the listing amount, decisions.md is silent. Sente then makes one
 * 'partial' offer: every bid, filled whole, at the highest bid rate, when the total is at least the
 * loan type's minimum amount; otherwise no offer. A borrower approved for 2,000,000 may well prefer
 * 1,600,000 now to relisting, and an amount the loan type allows is a loan Sente would have made.
 * No lower-rate offer accompanies a partial one: it would only be a still smaller loan.
 *
 * Policy on single bids (MIN_BID, whole thousands, rate range, one bid per lender) belongs to
 * placing a bid; the auction takes the bids it is given.
 */

export interface Bid {
  readonly id: number;
  readonly lenderId: number;
  readonly amount: number;
  /** Percent per month in basis points: 2.40% → 240. */
  readonly rateBp: number;
  readonly placedAt: Date;
}

export interface AuctionInput {
  /** The listing (application) amount. */
  readonly amount: number;
  /** The loan type's minimum amount: the smallest offer other than the full one. */
  readonly minimumAmount: number;
  readonly bids: readonly Bid[];
}

export type OfferKind = 'full' | 'lower-rate' | 'partial';

export interface Fill {
  readonly bidId: number;
  readonly lenderId: number;
  readonly amount: number;
}

export interface Offer {
  readonly kind: OfferKind;
  readonly amount: number;
  readonly rateBp: number;
  /** In auction order; they sum exactly to `amount`. */
  readonly fills: readonly Fill[];
}

/** Offers in this order: full, then lower-rate; or a single partial one; or none. */
export function runAuction(input: AuctionInput): Offer[] {
  validate(input);
  const ranked = rankBids(input.bids);
  const full = fullOffer(ranked, input.amount);
  if (!full) {
    const partial = wholeBidsOffer('partial', ranked, input.minimumAmount);
    return partial ? [partial] : [];
  }
  const cheaper = ranked.filter((bid) => bid.rateBp < full.rateBp);
  const lower = wholeBidsOffer('lower-rate', cheaper, input.minimumAmount);
  return lower ? [full, lower] : [full];
}

/** Cheapest first; equal rates by time placed, then by id. */
export function rankBids(bids: readonly Bid[]): Bid[] {
  return [...bids].sort(
    (a, b) => a.rateBp - b.rateBp || a.placedAt.getTime() - b.placedAt.getTime() || a.id - b.id,
  );
}

/** How many lenders an offer has (one live bid per lender, but counted, not assumed). */
export function lenderCount(offer: Offer): number {
  return new Set(offer.fills.map((fill) => fill.lenderId)).size;
}

function fullOffer(ranked: readonly Bid[], amount: number): Offer | undefined {
  const fills: Fill[] = [];
  let needed = amount;
  for (const bid of ranked) {
    const part = Math.min(bid.amount, needed);
    fills.push({ bidId: bid.id, lenderId: bid.lenderId, amount: part });
    needed -= part;
    // The bid that closes the gap sets the price for all (uniform price).
    if (needed === 0) return { kind: 'full', amount, rateBp: bid.rateBp, fills };
  }
  return undefined;
}

/** All `bids` filled whole, at the highest rate among them, if they reach `minimumAmount`. */
function wholeBidsOffer(kind: OfferKind, bids: readonly Bid[], minimumAmount: number): Offer | undefined {
  const total = bids.reduce((sum, bid) => sum + bid.amount, 0);
  if (bids.length === 0 || total < minimumAmount) return undefined;
  return {
    kind,
    amount: total,
    rateBp: Math.max(...bids.map((bid) => bid.rateBp)),
    fills: bids.map((bid) => ({ bidId: bid.id, lenderId: bid.lenderId, amount: bid.amount })),
  };
}

function validate({ amount, minimumAmount, bids }: AuctionInput): void {
  if (!isPositiveUgx(amount)) throw new RangeError(`listing amount must be a positive whole UGX: ${amount}`);
  if (!isPositiveUgx(minimumAmount)) throw new RangeError(`minimum amount must be a positive whole UGX`);
  const ids = new Set<number>();
  for (const bid of bids) {
    if (ids.has(bid.id)) throw new RangeError(`bid ${bid.id} appears twice`);
    ids.add(bid.id);
    if (!isPositiveUgx(bid.amount))
      throw new RangeError(`bid ${bid.id}: amount must be a positive whole UGX`);
    if (!Number.isInteger(bid.rateBp) || bid.rateBp <= 0) throw new RangeError(`bid ${bid.id}: bad rate`);
    if (Number.isNaN(bid.placedAt.getTime())) throw new RangeError(`bid ${bid.id}: bad time`);
  }
  // Checked once, so that no sum of bids below can lose a shilling to floating point.
  const total = bids.reduce((sum, bid) => sum + bid.amount, 0);
  if (!Number.isSafeInteger(total)) throw new RangeError('bids add up beyond a safe integer');
}

function isPositiveUgx(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}
