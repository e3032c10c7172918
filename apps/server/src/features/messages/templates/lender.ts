/**
 * What lenders are told about their money on the marketplace (docs/notifications.md, Lender messages):
 * a bid that funded a loan or was given back, a listing that ended without a loan, a loan in default,
 * and the monthly statement by e-mail.
 */
import { formatRate } from '@sente/contract';
import { firstName, type MessageTemplate, money } from '../template-parts.ts';

export interface BidFilledData {
  readonly name: string;
  /** SL-2026-000041 */
  readonly loanRef: string;
  /** What the bid lent: all of it, or the part the accepted offer needed. */
  readonly amount: number;
  readonly rateBp: number;
}

/** Why a reservation came back while the listing went on to a loan (or to its offers). */
export type BidReleaseReason = 'outbid' | 'other-offer' | 'partly-filled';

export interface BidReleasedData {
  readonly name: string;
  readonly listingId: number;
  /** What came back to the lender's available cash. */
  readonly amount: number;
  readonly reason: BidReleaseReason;
}

/** How a listing ended without a loan from its lenders. */
export type ListingEndReason = 'no-offer' | 'declined' | 'offers-lapsed' | 'platform-funded';

export interface ListingExpiredData {
  readonly name: string;
  readonly listingId: number;
  /** The lender's reservation on it, now back in its available cash. */
  readonly amount: number;
  readonly reason: ListingEndReason;
}

export interface LoanDefaultedData {
  readonly name: string;
  readonly loanRef: string;
  /** The lender's principal still unpaid on that loan. */
  readonly outstanding: number;
}

/** A calendar month of a lender's money, Kampala time, every figure from the ledger. */
export interface MonthlyStatementData {
  readonly name: string;
  /** "October 2026" */
  readonly month: string;
  /** Available plus reserved cash at the month's first and last moment. */
  readonly openingBalance: number;
  readonly deposits: number;
  readonly withdrawals: number;
  /** Lent out at payouts, less what failed payouts gave back. */
  readonly lent: number;
  readonly principalReceived: number;
  /**
   * Interest after Sente's fee: what the wallet received beyond principal. The ledger posts each
   * repayment's fee for all its lenders in one line, so only the net is a lender's own to the shilling.
   */
  readonly interestReceived: number;
  /** Anything else that moved the balance (a correction by the back-office); zero as a rule. */
  readonly otherMovements: number;
  readonly closingBalance: number;
}

export interface LenderTemplateData {
  'lender.bid-filled': BidFilledData;
  'lender.bid-released': BidReleasedData;
  'lender.listing-expired': ListingExpiredData;
  'lender.loan-defaulted': LoanDefaultedData;
  'lender.monthly-statement': MonthlyStatementData;
}

const RELEASED_BECAUSE: Record<BidReleaseReason, (listingId: number) => string> = {
  outbid: (id) => `other bids on listing #${id} had lower rates, so your bid was not needed`,
  'other-offer': (id) => `the borrower of listing #${id} chose an offer without your bid`,
  'partly-filled': (id) => `your bid on listing #${id} was filled in part`,
};

const ENDED_BECAUSE: Record<ListingEndReason, string> = {
  'no-offer': 'bidding closed without an offer',
  declined: 'the borrower declined the offers',
  'offers-lapsed': 'the offers were not taken up in time',
  'platform-funded': 'Sente funded the loan itself',
};

/** The statement's rows, in the order the money moved; the same figures in both e-mail bodies. */
function statementRows(d: MonthlyStatementData): [string, number][] {
  return [
    ['Opening balance', d.openingBalance],
    ['Deposits', d.deposits],
    ['Withdrawals', -d.withdrawals],
    ['Lent to borrowers', -d.lent],
    ['Repayments received: principal', d.principalReceived],
    ["Repayments received: interest after Sente's fee", d.interestReceived],
    ...(d.otherMovements === 0 ? [] : [['Other movements', d.otherMovements] as [string, number]]),
    ['Closing balance', d.closingBalance],
  ];
}

const signed = (amount: number) => (amount < 0 ? `-${money(-amount)}` : money(amount));

export const lenderTemplates: {
  readonly [Name in keyof LenderTemplateData]: MessageTemplate<LenderTemplateData[Name]>;
} = {
  'lender.bid-filled': {
    category: 'service',
    audience: 'lender',
    sms: (d: BidFilledData) =>
      `Sente: ${firstName(d.name)}, your bid funded loan ${d.loanRef}: you lent ${money(d.amount)} at ${formatRate(d.rateBp)}. See it in your portfolio.`,
    inbox: (d: BidFilledData) => ({
      title: 'Your bid funded a loan',
      message: `Loan ${d.loanRef} was paid out to the borrower: you lent ${money(d.amount)} at ${formatRate(d.rateBp)}. Repayments come to your wallet as the borrower pays.`,
    }),
  },
  'lender.bid-released': {
    category: 'service',
    audience: 'lender',
    sms: (d: BidReleasedData) =>
      `Sente: ${firstName(d.name)}, ${RELEASED_BECAUSE[d.reason](d.listingId)}. ${money(d.amount)} is back in your available cash.`,
    inbox: (d: BidReleasedData) => ({
      title: 'Money back from a bid',
      message: `${capitalised(RELEASED_BECAUSE[d.reason](d.listingId))}. ${money(d.amount)} you had reserved is back in your available cash.`,
    }),
  },
  'lender.listing-expired': {
    category: 'service',
    audience: 'lender',
    sms: (d: ListingExpiredData) =>
      `Sente: ${firstName(d.name)}, listing #${d.listingId} ended: ${ENDED_BECAUSE[d.reason]}. ${money(d.amount)} you reserved is back in your available cash.`,
    inbox: (d: ListingExpiredData) => ({
      title: 'A listing ended without your loan',
      message: `Listing #${d.listingId} ended: ${ENDED_BECAUSE[d.reason]}. ${money(d.amount)} you had reserved for it is back in your available cash.`,
    }),
  },
  'lender.loan-defaulted': {
    category: 'service',
    audience: 'lender',
    sms: (d: LoanDefaultedData) =>
      `Sente: ${firstName(d.name)}, loan ${d.loanRef} in your portfolio is now in default with ${money(d.outstanding)} of your share unpaid. We keep collecting.`,
    inbox: (d: LoanDefaultedData) => ({
      title: 'A loan in your portfolio is in default',
      message: `Loan ${d.loanRef} is now in default: ${money(d.outstanding)} of the principal you lent is unpaid. Sente keeps collecting and passes on to you what the borrower pays. Lending carries risk: your capital is not guaranteed.`,
    }),
  },
  'lender.monthly-statement': {
    category: 'service',
    audience: 'lender',
    email: (d: MonthlyStatementData) => ({
      subject: `Your Sente statement for ${d.month}`,
      text: [
        `Dear ${d.name},`,
        '',
        `Your lender account with Sente in ${d.month} (Kampala time):`,
        '',
        ...statementRows(d).map(([label, amount]) => `${label}: ${signed(amount)}`),
        '',
        'The balance is your available and reserved cash; money lent out is in your portfolio.',
        'Every line of the month is in the app under Statement.',
        '',
        'The Sente team',
      ].join('\n'),
    }),
  },
};

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
