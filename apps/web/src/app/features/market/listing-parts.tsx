import {
  type Bid,
  formatKampalaDateTime,
  formatRate,
  formatUgx,
  type Listing,
  type RiskGrade,
  rateToBasisPoints,
} from '@sente/contract';
import { ProgressBar } from '../../../ui/progress-bar.tsx';
import { formatTimeLeft } from '../../shell/time-left.ts';
import { fundingProgress } from './funding.ts';
import { termLabel } from './market-filters.ts';

/** decisions.md, risk grade: from the credit score. */
export const RISK_GRADE_SCORES: Readonly<Record<RiskGrade, string>> = {
  A: 'credit score 85 or more',
  B: 'credit score 70 to 84',
  C: 'credit score 55 to 69',
  D: 'credit score 40 to 54',
  E: 'credit score below 40',
};

export const rateText = (rate: string) => formatRate(rateToBasisPoints(rate));

export const INTEREST_TYPES: Readonly<Record<Listing['interest_type'], string>> = {
  FLAT: 'Flat',
  COMPOUND: 'Reducing balance',
};

/** "UGX 2,000,000 over 3 months". */
export const listingTitle = (listing: Pick<Listing, 'amount' | 'term_months'>) =>
  `${formatUgx(listing.amount)} over ${termLabel(listing.term_months)}`;

export function borrowerRecordText(record: Listing['borrower_record']): string {
  if (record.loans_total === 0) return 'No earlier loan on Sente';
  const loans = record.loans_total === 1 ? '1 loan' : `${record.loans_total} loans`;
  const late =
    record.worst_days_in_arrears === 0
      ? 'never late'
      : `at worst ${record.worst_days_in_arrears} ${record.worst_days_in_arrears === 1 ? 'day' : 'days'} late`;
  return `${record.loans_repaid} of ${loans} repaid, ${late}`;
}

export function GradeBadge({ grade }: { readonly grade: RiskGrade }) {
  return (
    <span className="inline-flex items-center rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-900 dark:bg-slate-700 dark:text-slate-100">
      Grade {grade}
    </span>
  );
}

/** The share of the amount lenders' live bids cover: a bar and the words. */
export function FundingProgressView({ listing }: { readonly listing: Listing }) {
  const progress = fundingProgress(listing);
  return (
    <div className="flex flex-col gap-1.5">
      <ProgressBar percent={progress.percent} label={`Covered by bids: ${progress.percent}%`} />
      <p className="text-sm">{progress.text}</p>
    </div>
  );
}

/** "Closes in 5 h 12 min" while open, else "Bidding has closed". */
export function closesText(listing: Pick<Listing, 'status' | 'closes_at'>, now: number): string {
  const left = listing.status === 'OPEN' ? formatTimeLeft(listing.closes_at, now) : null;
  return left ? `Bidding closes: ${left}` : 'Bidding has closed';
}

export function bidText(bid: Pick<Bid, 'amount' | 'rate'>): string {
  return `${formatUgx(bid.amount)} at ${rateText(bid.rate)}`;
}

export function MyBidLine({ bid }: { readonly bid: Bid }) {
  return (
    <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
      <span className="font-semibold">Your bid: </span>
      {bidText(bid)}
      {bid.automatic ? ', placed by auto-invest' : ''}, {formatKampalaDateTime(bid.created_at)}
    </p>
  );
}
