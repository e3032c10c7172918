import type { Bid, Listing, Offer } from '@sente/contract';
import { daysBetween, formatUgx, toRateString, toUgxString } from '@sente/contract';
import { districtOf } from './district.ts';
import type { BidRow, BorrowerRecord, ListingView, OfferRow, ParticipationRow } from './marketplace.repo.ts';
import type { ParticipationView } from './portfolio.repo.ts';
import type { PortfolioValue, StatementValue } from './portfolio.ts';

const INCOME_BANDS = [500_000, 1_000_000, 3_000_000, 10_000_000] as const;

/** Monthly income in bands, so a lender sees the scale of the business but not its books. */
export function incomeBandOf(monthlyIncome: number): string {
  const upper = INCOME_BANDS.findIndex((limit) => monthlyIncome < limit);
  if (upper === 0) return `Under ${formatUgx(INCOME_BANDS[0])}`;
  if (upper === -1) return `${formatUgx(INCOME_BANDS[INCOME_BANDS.length - 1] ?? 0)} or more`;
  return `${formatUgx(INCOME_BANDS[upper - 1] ?? 0)} to ${formatUgx(INCOME_BANDS[upper] ?? 0)}`;
}

export function toBidDto(bid: BidRow): Bid {
  return {
    id: bid.id,
    listing: bid.listingId,
    amount: toUgxString(bid.amount),
    rate: toRateString(bid.rateBp),
    status: bid.status,
    automatic: bid.automatic,
    created_at: bid.createdAt.toISOString(),
  };
}

export function toListingDto(view: {
  row: ListingView;
  record: BorrowerRecord;
  myBid: BidRow | null;
  minBid: number;
}): Listing {
  const { row, record, myBid, minBid } = view;
  return {
    id: row.listing.id,
    application: row.listing.applicationId,
    status: row.listing.status,
    amount: toUgxString(row.listing.amount),
    term_months: row.termMonths,
    loan_type: row.loanTypeId,
    loan_type_name: row.loanTypeName,
    interest_type: row.interestType,
    max_rate: toRateString(row.listing.maxRateBp),
    risk_grade: row.listing.riskGrade as Listing['risk_grade'],
    business_type: row.businessType,
    district: districtOf(row.businessLocation),
    purpose: row.purpose,
    monthly_income_band: incomeBandOf(row.monthlyIncome),
    borrower_record: {
      loans_repaid: record.loansRepaid,
      loans_total: record.loansTotal,
      worst_days_in_arrears: record.worstDaysInArrears,
    },
    funded_amount: toUgxString(row.fundedAmount),
    bids_count: row.bidsCount,
    min_bid: toUgxString(minBid),
    closes_at: row.listing.closesAt.toISOString(),
    my_bid: myBid ? toBidDto(myBid) : null,
  };
}

export function toOfferDto(offer: OfferRow): Offer {
  return {
    id: offer.id,
    kind: offer.kind,
    amount: toUgxString(offer.amount),
    rate: toRateString(offer.rateBp),
    term_weeks: offer.termWeeks,
    weekly_repayment: toUgxString(offer.weeklyRepayment),
    total_interest: toUgxString(offer.totalInterest),
    total_payable: toUgxString(offer.totalPayable),
    lenders: offer.lenders,
    expires_at: offer.expiresAt.toISOString(),
    status: offer.status,
  };
}

export function toParticipationDto(row: ParticipationRow & { lenderName: string | null }) {
  return {
    id: row.id,
    lender: row.lenderId,
    lender_name: row.lenderName ?? 'Sente (platform funds)',
    rate: toRateString(row.rateBp),
    principal_share: toUgxString(row.principalShare),
    principal_repaid: toUgxString(row.principalRepaid),
    interest_paid: toUgxString(row.interestPaid),
    fees_paid: toUgxString(row.feesPaid),
    principal_outstanding: toUgxString(row.principalShare - row.principalRepaid),
  };
}

export function toPortfolioDto(value: PortfolioValue) {
  return {
    cash_available: toUgxString(value.cashAvailable),
    cash_reserved: toUgxString(value.cashReserved),
    outstanding_principal: toUgxString(value.outstandingPrincipal),
    principal_repaid: toUgxString(value.principalRepaid),
    interest_earned: toUgxString(value.interestEarned),
    fees_paid: toUgxString(value.feesPaid),
    loans: {
      active: value.loans.active,
      overdue: value.loans.overdue,
      default: value.loans.default,
      fully_paid: value.loans.fullyPaid,
    },
    net_annual_return: value.netAnnualReturn === null ? null : (value.netAnnualReturn * 100).toFixed(2),
  };
}

export function toLenderParticipationDto(row: ParticipationView, today: string) {
  const late = row.nextDueDate && row.status !== 'FULLY_PAID' ? daysBetween(row.nextDueDate, today) : 0;
  return {
    id: row.id,
    loan: row.loanId,
    loan_ref: row.loanRef,
    status: row.status,
    rate: toRateString(row.rateBp),
    share: toUgxString(row.principalShare),
    principal_outstanding: toUgxString(row.principalShare - row.principalRepaid),
    interest_earned: toUgxString(row.interestPaid),
    next_due_date: row.status === 'FULLY_PAID' ? null : row.nextDueDate,
    days_in_arrears: Math.max(late, 0),
  };
}

export function toMarketplaceStatsDto(figures: {
  openListings: number;
  amountBid: number;
  fundedThisMonth: number;
  activeLenders: number;
  averageClearingRateBp: number | null;
}) {
  return {
    open_listings: figures.openListings,
    amount_bid: toUgxString(figures.amountBid),
    funded_this_month: toUgxString(figures.fundedThisMonth),
    active_lenders: figures.activeLenders,
    average_clearing_rate:
      figures.averageClearingRateBp === null ? null : toRateString(figures.averageClearingRateBp),
  };
}

export function toStatementDto(
  value: StatementValue,
  range: { from?: string | undefined; to?: string | undefined },
) {
  return {
    from: range.from ?? null,
    to: range.to ?? null,
    lines: value.lines.map((line) => ({
      at: line.at.toISOString(),
      kind: line.kind,
      description: line.description,
      amount: toUgxString(line.amount),
    })),
    total_lent: toUgxString(value.totalLent),
    total_received: toUgxString(value.totalReceived),
  };
}
