/**
 * The marketplace side of the scale seed (docs/marketplace.md): lenders with profiles, verification
 * and auto-invest rules; for every application approved after the marketplace opened, a listing
 * with bids, the auction's offers and what the borrower did with them; the money each bid reserved
 * and released. The auction, offer terms and risk grades are the marketplace's own pure functions,
 * so a seeded listing is one the running code could have made.
 *
 * A listing's story is drawn first (when bids arrive, which lenders, what the borrower will do) and
 * written once the caller knows whether the loan was paid out: an admin paying a listing out of the
 * platform's own money ends it early, as `prepareFunding` does.
 */
import { type InterestType, LENDER_TERMS_VERSION } from '@sente/contract';
import { type Offer, runAuction } from '../../features/marketplace/auction.ts';
import { offerTerms } from '../../features/marketplace/offer-terms.ts';
import { riskGradeOf } from '../../features/marketplace/risk-grade.ts';
import type { Sink } from './bulk-sink.ts';
import { isoInstant } from './calendar.ts';
import { type Prng, weights } from './prng.ts';
import type { Person } from './scale-people.ts';
import { type Ids, M } from './tables.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The defaults of config.ts (LISTING_HOURS, OFFER_HOURS, MIN_BID): the seed lists as a default install does. */
export const SEED_MARKET = { listingHours: 24, offerHours: 24, minBid: 50_000 } as const;

/** A lender's part of a payout: its reservation becomes money lent out. */
export interface LenderPart {
  readonly lenderId: number;
  readonly amount: number;
}
/** A lender's part of one repayment (pro-rata.ts): principal back, interest less the platform's fee. */
export interface LenderShare {
  readonly lenderId: number;
  readonly principal: number;
  readonly interest: number;
  readonly fee: number;
}

/** The money movements a listing causes (scale-money.ts posts them). */
export interface MarketMoney {
  /** A lender tops up its wallet before bidding (a completed mobile-money deposit). */
  fundingDeposit(person: Person, amount: number, at: number): void;
  bidReserve(input: { bidId: number; listingId: number; lenderId: number; amount: number; at: number }): void;
  bidRelease(input: {
    bidId: number;
    listingId: number;
    lenderId: number;
    amount: number;
    at: number;
    why: string;
  }): void;
}

/** A lender's part of a loan, as the accepted offer filled it. */
export interface FundingPart {
  readonly lenderId: number;
  readonly bidId: number;
  readonly amount: number;
}

/** How an approved application is paid out: by the lenders of an accepted offer, or by the platform. */
export interface ListingPlan {
  /** The accepted offer, when lenders fund the loan. */
  readonly funding: { readonly rateBp: number; readonly parts: readonly FundingPart[] } | null;
  /** From when an admin could pay the loan out; null while the listing is still on the marketplace. */
  readonly payoutFrom: number | null;
  /**
   * Writes the listing as it stands at the seed's "now". `payout`: when the payout was requested
   * (a platform payout ends a listing still OPEN or OFFERED) and the loan it made, if any.
   */
  write(payout: { readonly at: number; readonly loanId: number | null } | null): void;
}

export interface PlanInput {
  readonly applicationId: number;
  readonly amount: number;
  readonly months: number;
  readonly interestType: InterestType;
  /** The loan type's rate (the most a bid may ask) and minimum amount. */
  readonly maxRateBp: number;
  readonly minimumAmount: number;
  readonly loanTypeId: number;
  readonly creditScore: number;
  readonly approvedAt: number;
}

interface Rule {
  readonly enabled: boolean;
  readonly riskGrades: readonly string[];
  readonly loanTypeIds: readonly number[];
  readonly maxTermMonths: number;
  readonly minRateBp: number;
  readonly amountPerLoan: number;
  readonly keepCash: number;
  readonly since: number;
  lastFilledAt: number | null;
}

interface Lender {
  readonly person: Person;
  readonly verifiedAt: number;
  readonly rule: Rule | null;
  /** Deposits made to fund bids, with what is left of each: a bid only spends money deposited before it. */
  readonly chunks: { at: number; left: number }[];
}

interface SeedBid {
  readonly id: number;
  readonly lender: Lender;
  readonly amount: number;
  readonly rateBp: number;
  readonly at: number;
  readonly automatic: boolean;
}

/** What the borrower does with the offers (or, for 'direct', the admin paying before the lenders do). */
type Fate = 'accept' | 'decline' | 'lapse' | 'direct';
const FATES = weights<Fate>([
  ['accept', 78],
  ['direct', 10],
  ['decline', 6],
  ['lapse', 6],
]);

/** How many lenders a listing attracts; a loan has at most 8 participations. */
const FUNDERS = weights<number>([
  [1, 8],
  [2, 18],
  [3, 24],
  [4, 20],
  [5, 12],
  [6, 8],
  [7, 6],
  [8, 4],
]);

const VERIFICATION_NOTES = [
  'National ID and mobile money number checked',
  'KYC documents checked against the NIRA record',
  'Identity confirmed by phone call',
] as const;

export interface MarketWriter {
  /** A lender's profile (terms, verification) and perhaps an auto-invest rule. */
  lender(person: Person, kyc: { isComplete: boolean } | null): void;
  /** The listing of an application approved at `approvedAt`, or null before the marketplace opened. */
  plan(input: PlanInput): ListingPlan | null;
  /** The auto-invest rules, with when each last bid. */
  finish(): void;
}

export function marketWriter(
  rng: Prng,
  sink: Sink,
  ids: Ids,
  money: MarketMoney,
  context: { readonly now: number; readonly launchAt: number; readonly adminIds: readonly number[] },
): MarketWriter {
  const { now, launchAt } = context;
  /** Verified lenders in registration order (the seed registers people over time). */
  const lenders: Lender[] = [];

  function lender(person: Person, kyc: { isComplete: boolean } | null) {
    const institution = rng.chance(0.08);
    const termsAt = rng.chance(0.9) ? person.registeredAt + rng.int(10 * MINUTE, 2 * DAY) : null;
    const termsAccepted = termsAt !== null && termsAt < now;
    const verifiedAt =
      termsAccepted && kyc?.isComplete && person.closedAt === null && rng.chance(0.9)
        ? (termsAt as number) + rng.int(2 * HOUR, 4 * DAY)
        : null;
    const verified = verifiedAt !== null && verifiedAt < now;
    sink.add(M.lenderProfiles, [
      person.id,
      institution ? 'institution' : 'individual',
      institution ? `80020000${String(rng.int(100_000, 999_999))}` : null,
      institution ? person.name : null,
      termsAccepted ? LENDER_TERMS_VERSION : null,
      termsAccepted ? isoInstant(termsAt as number) : null,
      verified ? isoInstant(verifiedAt) : null,
      verified ? rng.pick(context.adminIds) : null,
      verified ? rng.pick(VERIFICATION_NOTES) : null,
      isoInstant(verified ? verifiedAt : termsAccepted ? (termsAt as number) : person.registeredAt),
    ]);
    if (!verified) return;
    const rule: Rule | null = rng.chance(0.35)
      ? {
          enabled: rng.chance(0.85),
          riskGrades: rng.pick([
            ['A', 'B'],
            ['A', 'B', 'C'],
            ['A', 'B', 'C', 'D'],
            ['A', 'B', 'C', 'D', 'E'],
          ]),
          loanTypeIds: rng.chance(0.7) ? [] : [rng.int(1, 4), rng.int(5, 7)],
          maxTermMonths: rng.pick([6, 12, 18]),
          minRateBp: rng.pick([180, 200, 220]),
          amountPerLoan: rng.int(2, 10) * 50_000,
          keepCash: rng.chance(0.5) ? 0 : rng.int(1, 10) * 100_000,
          since: verifiedAt + rng.int(HOUR, 10 * DAY),
          lastFilledAt: null,
        }
      : null;
    lenders.push({ person, verifiedAt, rule, chunks: [] });
  }

  /** Up to `wanted` different lenders verified before `at`. */
  function pickLenders(wanted: number, at: number): Lender[] {
    // Registration times grow with the list (within an hour's jitter): a binary search finds the
    // lenders registered early enough to have been verified by `at`.
    let low = 0;
    let high = lenders.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((lenders[mid] as Lender).person.registeredAt < at - HOUR) low = mid + 1;
      else high = mid;
    }
    const chosen = new Set<Lender>();
    for (let attempt = 0; attempt < wanted * 4 && chosen.size < wanted && low > 0; attempt++) {
      const candidate = lenders[rng.int(0, low - 1)] as Lender;
      if (candidate.verifiedAt < at - MINUTE) chosen.add(candidate);
    }
    return [...chosen];
  }

  /** Makes sure the lender had `amount` in its wallet at `at`, depositing first when it had not. */
  function cover(lender: Lender, amount: number, at: number) {
    const chunk = lender.chunks.find((c) => c.at < at - MINUTE && c.left >= amount);
    if (chunk) {
      chunk.left -= amount;
      return;
    }
    const depositAt = Math.max(lender.verifiedAt, at - rng.int(10 * MINUTE, 3 * DAY)) - MINUTE;
    const deposit = Math.max(Math.ceil(amount / 50_000) * 50_000, rng.int(2, 40) * 250_000);
    money.fundingDeposit(lender.person, deposit, depositAt);
    lender.chunks.push({ at: depositAt, left: deposit - amount });
    if (lender.chunks.length > 6) lender.chunks.shift();
  }

  /** Splits `total` into `count` bids in whole thousands, none below MIN_BID. */
  function split(total: number, count: number): number[] {
    const w = Array.from({ length: count }, () => rng.between(0.7, 1.3));
    const sum = w.reduce((a, b) => a + b, 0);
    const parts = w.slice(0, -1).map((x) => Math.floor((total * x) / sum / 1_000) * 1_000);
    parts.push(total - parts.reduce((a, b) => a + b, 0));
    return parts;
  }

  function drawBids(input: PlanInput, fate: Fate, opensAt: number, closesAt: number) {
    const grade = riskGradeOf(input.creditScore);
    const most = Math.min(8, Math.max(1, Math.floor(input.amount / 100_000)));
    const funders = pickLenders(Math.min(most, rng.weighted(FUNDERS)), opensAt);
    if (funders.length === 0) return [];
    // A borrower who declines or lets offers lapse was sometimes offered less than asked.
    const covered =
      fate === 'accept' || rng.chance(0.5)
        ? input.amount
        : Math.max(
            funders.length * 60_000,
            Math.floor((input.amount * rng.between(0.5, 0.9)) / 1_000) * 1_000,
          );
    const amounts = split(covered, funders.length);
    const lowest = Math.max(100, input.maxRateBp - 80);
    const rates = funders
      .map(() => lowest + 5 * rng.int(0, Math.floor((input.maxRateBp - lowest) / 5)))
      .sort((a, b) => a - b);
    // The dearest bid may be bigger than needed: the auction fills it in part.
    const marginal = funders.length - 1;
    amounts[marginal] = Math.min(
      input.amount,
      (amounts[marginal] as number) + (rng.chance(0.5) ? rng.int(0, 20) * 10_000 : 0),
    );
    const bids: SeedBid[] = funders.map((lender, i) => {
      const rule = lender.rule;
      const automatic =
        rule?.enabled === true &&
        rule.since < opensAt &&
        rule.riskGrades.includes(grade) &&
        input.months <= rule.maxTermMonths &&
        rng.chance(0.8);
      return {
        id: ids.take(M.bids),
        lender,
        amount: amounts[i] as number,
        rateBp: rates[i] as number,
        at: automatic
          ? opensAt + rng.int(1, 3) * MINUTE
          : opensAt + rng.int(5 * MINUTE, closesAt - opensAt - 5 * MINUTE),
        automatic,
      };
    });
    // Lenders outbid at a dearer rate: their bids are released when the listing closes.
    const room = Math.min(2, 8 - bids.length);
    for (const lender of room > 0 && rng.chance(0.35) ? pickLenders(rng.int(1, room), opensAt) : []) {
      if (funders.includes(lender)) continue;
      bids.push({
        id: ids.take(M.bids),
        lender,
        amount: Math.min(input.amount, rng.int(1, 10) * 50_000),
        rateBp: Math.min(input.maxRateBp, (rates[marginal] as number) + 5 * rng.int(1, 6)),
        at: opensAt + rng.int(5 * MINUTE, closesAt - opensAt - 5 * MINUTE),
        automatic: false,
      });
    }
    return bids;
  }

  function plan(input: PlanInput): ListingPlan | null {
    if (input.approvedAt < launchAt) return null;
    const listingId = ids.take(M.listings);
    const opensAt = input.approvedAt;
    const closesAt = opensAt + SEED_MARKET.listingHours * HOUR;
    const expiresAt = closesAt + SEED_MARKET.offerHours * HOUR;
    let fate = rng.weighted(FATES);
    const bids = drawBids(input, fate, opensAt, closesAt);
    const made: Offer[] = runAuction({
      amount: input.amount,
      minimumAmount: Math.min(input.minimumAmount, input.amount),
      bids: bids.map((b) => ({
        id: b.id,
        lenderId: b.lender.person.id,
        amount: b.amount,
        rateBp: b.rateBp,
        placedAt: new Date(b.at),
      })),
    });
    const full = made.find((o) => o.kind === 'full');
    if (fate === 'accept' && !full) fate = 'lapse';
    const decidedAt =
      made.length === 0
        ? closesAt
        : fate === 'accept' || fate === 'decline'
          ? closesAt + rng.int(5 * MINUTE, 20 * HOUR)
          : expiresAt;
    const accepted = fate === 'accept' ? (full as Offer) : null;
    const funding =
      accepted && decidedAt < now
        ? {
            rateBp: accepted.rateBp,
            parts: accepted.fills.map((f) => ({ lenderId: f.lenderId, bidId: f.bidId, amount: f.amount })),
          }
        : null;
    const payoutFrom = fate === 'direct' ? opensAt : decidedAt < now ? decidedAt : null;
    const byId = new Map(bids.map((b) => [b.id, b]));

    function write(payout: { readonly at: number; readonly loanId: number | null } | null) {
      // A payout from the platform's own money takes the listing off the marketplace.
      const endedBy = funding === null && payout !== null ? payout.at : Number.POSITIVE_INFINITY;
      const stop = Math.min(now, endedBy);
      const bidState = new Map<number, { status: string; at: number }>();
      const release = (bid: SeedBid, amount: number, at: number, why: string) => {
        if (amount > 0) {
          money.bidRelease({ bidId: bid.id, listingId, lenderId: bid.lender.person.id, amount, at, why });
        }
      };
      const placed = bids.filter((b) => b.at < stop).sort((a, b) => a.at - b.at);
      for (const bid of placed) {
        cover(bid.lender, bid.amount, bid.at);
        money.bidReserve({
          bidId: bid.id,
          listingId,
          lenderId: bid.lender.person.id,
          amount: bid.amount,
          at: bid.at,
        });
        bidState.set(bid.id, { status: 'LIVE', at: bid.at });
        if (bid.automatic && bid.lender.rule) {
          bid.lender.rule.lastFilledAt = Math.max(bid.lender.rule.lastFilledAt ?? 0, bid.at);
        }
      }
      const releaseLive = (at: number, why: string, except: ReadonlySet<number> = new Set()) => {
        for (const [id, state] of bidState) {
          if (state.status !== 'LIVE' || except.has(id)) continue;
          release(byId.get(id) as SeedBid, (byId.get(id) as SeedBid).amount, at, why);
          bidState.set(id, { status: 'RELEASED', at });
        }
      };
      let status: string;
      let closedAt: number | null = null;
      let updatedAt = opensAt;
      const offerRows: { offer: Offer; status: string; decidedAt: number | null }[] = [];
      if (stop < closesAt) {
        if (endedBy <= now) {
          releaseLive(stop, 'the platform funded the loan');
          status = 'EXPIRED';
          closedAt = stop;
          updatedAt = stop;
        } else {
          status = 'OPEN';
          updatedAt = placed.at(-1)?.at ?? opensAt;
        }
      } else {
        closedAt = closesAt;
        updatedAt = closesAt;
        const inAnOffer = new Set(made.flatMap((o) => o.fills.map((f) => f.bidId)));
        releaseLive(
          closesAt,
          made.length === 0 ? 'the listing closed without an offer' : 'not needed by any offer',
          inAnOffer,
        );
        if (made.length === 0) {
          status = 'EXPIRED';
        } else if (stop < decidedAt) {
          if (endedBy <= now) {
            releaseLive(stop, 'the platform funded the loan');
            for (const offer of made) offerRows.push({ offer, status: 'EXPIRED', decidedAt: stop });
            status = 'EXPIRED';
            updatedAt = stop;
          } else {
            for (const offer of made) offerRows.push({ offer, status: 'OPEN', decidedAt: null });
            status = 'OFFERED';
          }
        } else if (accepted) {
          const fills = new Map(accepted.fills.map((f) => [f.bidId, f.amount]));
          for (const offer of made) {
            offerRows.push({ offer, status: offer === accepted ? 'ACCEPTED' : 'DECLINED', decidedAt });
          }
          for (const [id, fill] of fills) {
            const bid = byId.get(id) as SeedBid;
            release(bid, bid.amount - fill, decidedAt, 'the rest of a partly filled bid');
            bidState.set(id, { status: 'ACCEPTED', at: decidedAt });
          }
          releaseLive(decidedAt, 'the borrower chose another offer');
          status = payout?.loanId ? 'DISBURSED' : 'FUNDED';
          updatedAt = payout?.loanId ? Math.max(decidedAt, payout.at) : decidedAt;
        } else {
          const declined = fate === 'decline';
          for (const offer of made)
            offerRows.push({ offer, status: declined ? 'DECLINED' : 'EXPIRED', decidedAt });
          releaseLive(decidedAt, declined ? 'the borrower declined the offers' : 'the offers lapsed');
          status = 'EXPIRED';
          updatedAt = decidedAt;
        }
      }
      sink.add(M.listings, [
        listingId,
        input.applicationId,
        status,
        input.amount,
        input.maxRateBp,
        riskGradeOf(input.creditScore),
        1,
        isoInstant(opensAt),
        isoInstant(closesAt),
        closedAt === null ? null : isoInstant(closedAt),
        isoInstant(opensAt),
        isoInstant(updatedAt),
      ]);
      for (const bid of placed) {
        const state = bidState.get(bid.id) as { status: string; at: number };
        sink.add(M.bids, [
          bid.id,
          listingId,
          bid.lender.person.id,
          1,
          bid.amount,
          bid.rateBp,
          state.status,
          bid.automatic,
          isoInstant(bid.at),
          isoInstant(state.at),
        ]);
      }
      for (const row of offerRows) {
        const terms = offerTerms({
          amount: row.offer.amount,
          rateBp: row.offer.rateBp,
          months: input.months,
          interestType: input.interestType,
        });
        const offerId = ids.take(M.offers);
        sink.add(M.offers, [
          offerId,
          listingId,
          1,
          row.offer.kind,
          row.offer.amount,
          row.offer.rateBp,
          terms.termWeeks,
          terms.weeklyRepayment,
          terms.totalInterest,
          terms.totalPayable,
          new Set(row.offer.fills.map((f) => f.lenderId)).size,
          row.status,
          isoInstant(expiresAt),
          row.decidedAt === null ? null : isoInstant(row.decidedAt),
          isoInstant(closesAt),
        ]);
        for (const fill of row.offer.fills) {
          sink.add(M.offerFills, [offerId, fill.bidId, fill.lenderId, fill.amount]);
        }
      }
    }

    return { funding, payoutFrom, write };
  }

  function finish() {
    for (const { person, rule } of lenders) {
      if (!rule) continue;
      sink.add(M.autoInvestRules, [
        person.id,
        rule.enabled,
        `{${rule.riskGrades.join(',')}}`,
        `{${rule.loanTypeIds.join(',')}}`,
        rule.maxTermMonths,
        rule.minRateBp,
        rule.amountPerLoan,
        25,
        rule.keepCash,
        rule.lastFilledAt === null ? null : isoInstant(rule.lastFilledAt),
        isoInstant(Math.min(now, rule.since)),
      ]);
    }
  }

  return { lender, plan, finish };
}
