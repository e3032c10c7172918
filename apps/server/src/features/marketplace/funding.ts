import type { Tx } from '../../db/client.ts';
import type { JournalLine } from '../ledger/ledger.service.ts';
import {
  type AccountCode,
  FEE_INCOME,
  INTEREST_INCOME,
  LOANS_RECEIVABLE,
  lenderInvested,
  lenderReserved,
  userWallet,
} from '../ledger/ledger-accounts.ts';
import { tellBidsFilled } from './lender-messages.ts';
import {
  acceptedOffer,
  addToParticipations,
  fillsOf,
  insertParticipations,
  type ListingRow,
  lockListingOfApplication,
  lockParticipationsOfLoans,
  updateListing,
} from './marketplace.repo.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';
import { splitRepayment } from './pro-rata.ts';
import { endWithoutLoan } from './reservations.ts';

/** Who pays a loan out: the lenders of the accepted offer, or the platform itself (the spec's flow). */
export type Funding =
  | {
      readonly kind: 'lenders';
      readonly listingId: number;
      readonly amount: number;
      readonly rateBp: number;
      readonly fills: readonly {
        readonly bidId: number;
        readonly lenderId: number;
        readonly amount: number;
      }[];
    }
  | { readonly kind: 'platform' };

async function fundingOfListing(tx: Tx, listing: ListingRow | undefined): Promise<Funding> {
  if (listing?.status !== 'FUNDED') return { kind: 'platform' };
  const offer = await acceptedOffer(tx, listing);
  if (!offer) throw new Error(`Listing ${listing.id} is FUNDED without an accepted offer`);
  const fills = await fillsOf(tx, offer.id);
  return {
    kind: 'lenders',
    listingId: listing.id,
    amount: offer.amount,
    rateBp: offer.rateBp,
    fills: fills.map((f) => ({ bidId: f.bidId, lenderId: f.lenderId, amount: f.amount })),
  };
}

/**
 * Before a payout is requested: what funds it. A FUNDED listing pays from its lenders' reservations.
 * Otherwise the platform funds it alone, and a listing still OPEN or OFFERED leaves the marketplace
 * first (every bid released, open offers expired), so no lender's money stays held for a loan that
 * the platform made.
 */
export async function prepareFunding(
  tx: Tx,
  deps: Pick<MarketplaceDeps, 'clock' | 'ledger' | 'messages'>,
  applicationId: number,
): Promise<Funding> {
  const listing = await lockListingOfApplication(tx, applicationId);
  if (listing && (listing.status === 'OPEN' || listing.status === 'OFFERED')) {
    await endWithoutLoan(tx, deps, listing, 'EXPIRED', 'the platform funded the loan', 'platform-funded');
    return { kind: 'platform' };
  }
  return fundingOfListing(tx, listing);
}

/** The funding of an application whose payout is under way (read under the caller's locks). */
export async function fundingOf(tx: Tx, applicationId: number): Promise<Funding> {
  return fundingOfListing(tx, await lockListingOfApplication(tx, applicationId));
}

/**
 * The lines a lender-funded payout adds to its reservation posting: each lender's reserved money
 * becomes money lent out. The float pays the borrower either way.
 */
export function lenderPayoutLines(funding: Funding): JournalLine[] {
  if (funding.kind === 'platform') return [];
  const byLender = new Map<number, number>();
  for (const fill of funding.fills)
    byLender.set(fill.lenderId, (byLender.get(fill.lenderId) ?? 0) + fill.amount);
  return [...byLender].flatMap(([lenderId, amount]) => [
    { account: lenderReserved(lenderId), amount },
    { account: lenderInvested(lenderId), amount: -amount },
  ]);
}

/**
 * When the loan exists: its participations from the funding the payout read, the listing DISBURSED,
 * and each of its lenders told that its bid is now a loan.
 */
export async function recordParticipations(
  tx: Tx,
  deps: Pick<MarketplaceDeps, 'clock' | 'messages'>,
  loan: { id: number; loanRef: string; amount: number; rateBp: number },
  funding: Funding,
): Promise<void> {
  const now = deps.clock.now();
  if (funding.kind === 'platform') {
    await insertParticipations(tx, [
      {
        loanId: loan.id,
        lenderId: null,
        bidId: null,
        rateBp: loan.rateBp,
        principalShare: loan.amount,
        createdAt: now,
      },
    ]);
    return;
  }
  await insertParticipations(
    tx,
    funding.fills.map((fill) => ({
      loanId: loan.id,
      lenderId: fill.lenderId,
      bidId: fill.bidId,
      rateBp: funding.rateBp,
      principalShare: fill.amount,
      createdAt: now,
    })),
  );
  await updateListing(tx, funding.listingId, { status: 'DISBURSED', updatedAt: now });
  await tellBidsFilled(tx, deps.messages, { loanRef: loan.loanRef, rateBp: funding.rateBp }, funding.fills);
}

/** A repayment's postings: the loan's own (principal and interest in), and the lenders' shares out. */
export interface RepaymentPostings {
  /** Credit lines of the REPAYMENT posting: loans receivable −P, interest income −I. */
  readonly lines: JournalLine[];
  /**
   * Lines of the REPAYMENT_SHARE posting, empty when the platform funded the loan alone: the
   * lenders' interest leaves interest income, each lender's principal comes back from what it lent
   * out, its principal and interest less the fee go to its wallet, and the fee to fee income. Kept
   * apart so the REPAYMENT posting's gross stays what the borrower paid (financial statistics).
   */
  readonly shareLines: JournalLine[];
}

function linesOf(totals: Map<AccountCode, number>): JournalLine[] {
  return [...totals].filter(([, amount]) => amount !== 0).map(([account, amount]) => ({ account, amount }));
}

export interface RepaymentToSplit {
  readonly loanId: number;
  readonly principal: number;
  readonly interest: number;
}

/**
 * How allocated repayments are booked: each split among its loan's participations by principal
 * share, exact to the shilling (largest remainder, pro-rata.ts), with the platform's fee on each
 * lender's interest; the participations record what they got. A loan made before the marketplace
 * has no participations: all of it is the platform's. The repayments of one unit of work (a group of
 * settlements, ADR 015) go together: their loans' participations locked in one statement and
 * updated in one, each repayment split in the order given, a second one of a loan on what the first
 * left outstanding. One answer per repayment.
 */
export async function repaymentLinesOfMany(
  tx: Tx,
  deps: Pick<MarketplaceDeps, 'config'>,
  repayments: readonly RepaymentToSplit[],
): Promise<RepaymentPostings[]> {
  if (repayments.length === 0) return [];
  const rows = await lockParticipationsOfLoans(tx, [...new Set(repayments.map((r) => r.loanId))]);
  // What each participation has been repaid so far, as the repayments before it in this unit left it.
  const repaid = new Map(rows.map((row) => [row.id, row.principalRepaid]));
  const paid = new Map<number, { id: number; principal: number; interest: number; fee: number }>();
  const answers = repayments.map((repayment): RepaymentPostings => {
    const lines = linesOf(
      new Map<AccountCode, number>([
        [LOANS_RECEIVABLE, -repayment.principal],
        [INTEREST_INCOME, -repayment.interest],
      ]),
    );
    const ofLoan = rows.filter((row) => row.loanId === repayment.loanId);
    if (ofLoan.length === 0) return { lines, shareLines: [] };
    const split = splitRepayment({
      principal: repayment.principal,
      interest: repayment.interest,
      feePercent: deps.config.feePercent,
      participations: ofLoan.map((p) => ({
        id: p.id,
        principalShare: p.principalShare,
        principalOutstanding: p.principalShare - (repaid.get(p.id) ?? 0),
      })),
    });
    const shares = new Map<AccountCode, number>();
    const add = (account: AccountCode, amount: number) =>
      shares.set(account, (shares.get(account) ?? 0) + amount);
    for (const part of split.participations) {
      const row = ofLoan.find((p) => p.id === part.id);
      if (!row) throw new Error(`participation ${part.id} vanished from its split`);
      // The platform's own share: its interest stays income, and it takes no fee from itself.
      const fee = row.lenderId === null ? 0 : part.fee;
      if (row.lenderId !== null) {
        add(INTEREST_INCOME, part.interest);
        add(lenderInvested(row.lenderId), part.principal);
        add(userWallet(row.lenderId), -(part.principal + part.interest - part.fee));
        add(FEE_INCOME, -part.fee);
      }
      repaid.set(part.id, (repaid.get(part.id) ?? 0) + part.principal);
      const sum = paid.get(part.id) ?? { id: part.id, principal: 0, interest: 0, fee: 0 };
      paid.set(part.id, {
        id: part.id,
        principal: sum.principal + part.principal,
        interest: sum.interest + part.interest,
        fee: sum.fee + fee,
      });
    }
    return { lines, shareLines: linesOf(shares) };
  });
  await addToParticipations(tx, [...paid.values()]);
  return answers;
}
