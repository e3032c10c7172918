import { formatUgx, type Listing, ugxOrZero } from '@sente/contract';

export interface FundingProgress {
  readonly funded: number;
  readonly amount: number;
  /** Share of the amount the live bids cover, whole percent, at most 100 (for the bar). */
  readonly percent: number;
  /** What the bids still lack, 0 once covered. */
  readonly remaining: number;
  readonly isCovered: boolean;
  /** "UGX 1,200,000 of UGX 2,000,000 bid by 3 lenders". */
  readonly text: string;
}

const lenders = (count: number) => (count === 1 ? '1 lender' : `${count} lenders`);

/**
 * How far lenders' live bids cover a listing. Bids may add up to more than the amount (the auction
 * then keeps the cheapest), so the bar stops at 100% and the words say so.
 */
export function fundingProgress(
  listing: Pick<Listing, 'amount' | 'funded_amount' | 'bids_count'>,
): FundingProgress {
  const amount = ugxOrZero(listing.amount);
  const funded = ugxOrZero(listing.funded_amount);
  const percent = amount > 0 ? Math.min(100, Math.floor((funded * 100) / amount)) : 0;
  const isCovered = amount > 0 && funded >= amount;
  let text: string;
  if (listing.bids_count === 0 || funded === 0) text = `No bids yet on ${formatUgx(amount)}`;
  else if (isCovered)
    text = `Fully covered: ${formatUgx(funded)} bid for ${formatUgx(amount)} by ${lenders(listing.bids_count)}`;
  else text = `${formatUgx(funded)} of ${formatUgx(amount)} bid by ${lenders(listing.bids_count)}`;
  return { funded, amount, percent, remaining: Math.max(0, amount - funded), isCovered, text };
}
