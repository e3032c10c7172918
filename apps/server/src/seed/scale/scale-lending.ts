/**
 * One borrower's lending history for the scale seed: applications over time, decisions, loans with
 * their full weekly schedules, repayments allocated by the real rule (oldest installment first,
 * interest before principal) and the status history the repayments and the status job would write.
 * Schedule maths, allocation and the status rule are the lending feature's own pure functions.
 */
import { buildSchedule, rateToBasisPoints, toRateString } from '@sente/contract';
import { runCreditCheck } from '../../features/applications/credit-check.ts';
import {
  allocateAcrossInstallments,
  type InstallmentBalance,
  oldestUnpaid,
} from '../../features/loans/allocation.ts';
import { type LoanStatus, loanStatusFor, statusChangeReason } from '../../features/loans/loan-status.ts';
import { splitRepayment } from '../../features/marketplace/pro-rata.ts';
import type { Sink } from './bulk-sink.ts';
import { arrearsDays, dateOf, dayOf, isoInstant, startOfDay } from './calendar.ts';
import { type Prng, weights } from './prng.ts';
import type { FundingPart, LenderPart, LenderShare, ListingPlan, MarketWriter } from './scale-marketplace.ts';
import { ninFor, type Person } from './scale-people.ts';
import { type Ids, M, T } from './tables.ts';
import { BUSINESS_SUFFIXES, BUSINESSES, SCALE_LOAN_TYPES, TERM_MONTHS } from './vocabulary.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The status job runs every five minutes (loan-status.job.ts): a day's first run is at 00:05. */
const STATUS_JOB_FIRST_RUN = 5 * MINUTE;

export interface LoanTypeRef {
  readonly id: number;
  readonly spec: (typeof SCALE_LOAN_TYPES)[number];
  readonly basisPoints: number;
  /** Retired products stop taking applications at this time. */
  readonly retiredAt: number | null;
}

/** What the money part records for each movement; returns the platform transaction id. */
export interface MoneyHooks {
  disbursement(input: {
    person: Person;
    applicationId: number;
    loanId: number;
    loanRef: string;
    amount: number;
    at: number;
    /** The lenders whose reservations pay it (none: the platform's own money). */
    lenders?: readonly LenderPart[];
    /** The admin who pressed Disburse. */
    requestedById: number;
  }): number | null;
  repayment(input: {
    person: Person;
    loanId: number;
    loanRef: string;
    amount: number;
    principal: number;
    interest: number;
    at: number;
    /** The lenders' parts of it (none: the platform funded the loan). */
    shares?: readonly LenderShare[];
  }): { transactionId: number; mode: string } | null;
  /**
   * An approved application whose payout failed (no loan) or is still on its way; false when no
   * payout was asked for yet (the application waits for an admin).
   */
  payoutWithoutLoan(input: {
    person: Person;
    applicationId: number;
    amount: number;
    at: number;
    lenders?: readonly LenderPart[];
    /** The admin who pressed Disburse. */
    requestedById: number;
  }): boolean;
}

export interface LendingContext {
  readonly rng: Prng;
  readonly sink: Sink;
  readonly ids: Ids;
  readonly loanTypes: readonly LoanTypeRef[];
  readonly adminIds: readonly number[];
  readonly now: number;
  readonly money: MoneyHooks;
  /** Lists approved applications once the marketplace is open (null: a schema without it). */
  readonly market: MarketWriter | null;
  /** PLATFORM_FEE_PERCENT, the platform's cut of lenders' interest. */
  readonly feePercent: number;
}

const APPLICATIONS_PER_BORROWER = weights<number>([
  [0, 10],
  [1, 24],
  [2, 20],
  [3, 18],
  [4, 12],
  [5, 8],
  [6, 4],
  [7, 2],
  [8, 2],
]);

type Behaviour = 'prompt' | 'settler' | 'late' | 'defaulter' | 'struggling';
const BEHAVIOURS = weights<Behaviour>([
  ['prompt', 56],
  ['settler', 8],
  ['late', 22],
  ['defaulter', 9],
  ['struggling', 5],
]);

const REJECTION_NOTES = [
  'Monthly income is too low for the amount requested',
  'The business could not be verified at the stated location',
  'An earlier loan is still in arrears',
  'Application rejected by admin',
  'Application rejected by admin',
] as const;

function loanTypeWeights(types: readonly LoanTypeRef[]) {
  return weights(types.map((t) => [t, t.spec.share] as const));
}

let typeTable: ReturnType<typeof loanTypeWeights> | null = null;

export interface LendingCounts {
  applications: number;
  loans: number;
  repayments: number;
}

/** Writes every application (and loan) of one borrower. */
export function writeBorrowerHistory(
  ctx: LendingContext,
  person: Person,
  known: { nin: string; isComplete: boolean } | null,
  counts: LendingCounts,
) {
  const { rng, now } = ctx;
  typeTable ??= loanTypeWeights(ctx.loanTypes);
  const howMany = rng.weighted(APPLICATIONS_PER_BORROWER);
  if (howMany === 0) return;
  const end = person.closedAt ?? now;
  const from = person.registeredAt + HOUR;
  if (end <= from) return;
  const times: number[] = [];
  for (let i = 0; i < howMany; i++) times.push(from + rng.next() * (end - from));
  times.sort((a, b) => a - b);
  const business = rng.weighted(BUSINESSES);
  const businessName = `${person.surname} ${rng.pick(business.names)}${rng.pick(BUSINESS_SUFFIXES)}`;
  const location = `${rng.pick(person.district.areas)}, ${person.district.name}`;
  const behaviour = rng.weighted(BEHAVIOURS);
  let income = rng.int(8, 120) * 50_000;
  // Without a KYC record the borrower still gives a NIN on each application.
  const nin = known?.nin ?? ninFor(rng, person.female, rng.int(1965, 2004));
  const kyc = known ? { isComplete: known.isComplete, isSameNin: true } : null;
  for (const createdAt of times) {
    income = Math.max(300_000, Math.round((income * rng.between(0.9, 1.25)) / 10_000) * 10_000);
    writeApplication(
      ctx,
      person,
      { nin, kyc },
      { createdAt, business, businessName, location, behaviour, income },
      counts,
    );
  }
}

function writeApplication(
  ctx: LendingContext,
  person: Person,
  identity: { nin: string; kyc: { isComplete: boolean; isSameNin: boolean } | null },
  a: {
    createdAt: number;
    business: { kind: string; purposes: readonly string[] };
    businessName: string;
    location: string;
    behaviour: Behaviour;
    income: number;
  },
  counts: LendingCounts,
) {
  const { rng, ids, now } = ctx;
  let type = rng.weighted(typeTable as NonNullable<typeof typeTable>);
  if (type.retiredAt !== null && a.createdAt > type.retiredAt) {
    type = ctx.loanTypes[0] as LoanTypeRef;
  }
  const { min, max } = type.spec;
  // Smaller loans are far more common: amounts skew towards the minimum, in steps of 50,000.
  const amount = Math.min(
    max,
    Math.max(min, Math.round((min + (max - min) * rng.next() ** 2.2) / 50_000) * 50_000),
  );
  const months = rng.weighted(TERM_MONTHS);
  const schedule = buildSchedule({
    principal: amount,
    monthlyRateBasisPoints: type.basisPoints,
    months,
    interestType: type.spec.type,
  });
  const income = Math.max(a.income, Math.round((amount * rng.between(0.3, 1.5)) / 10_000) * 10_000);
  const credit = runCreditCheck({
    amountRequested: amount,
    minAmount: min,
    maxAmount: max,
    monthlyIncome: income,
    weeklyRepayment: schedule.weeklyRepayment,
    hasValidNin: true,
    kyc: identity.kyc,
    hasPhoneNumber: person.phone !== null,
    documentTypes: [],
  });
  const applicationId = ids.take(T.applications);
  counts.applications++;

  const decidedAt = a.createdAt + rng.int(2 * HOUR, 3 * DAY);
  const pendingStill = decidedAt > now || (now - a.createdAt < 10 * DAY && rng.chance(0.5));
  let status: 'PENDING' | 'APPROVED' | 'REJECTED' = 'PENDING';
  if (!pendingStill) {
    status = rng.chance(credit.score / 100 - 0.12) ? 'APPROVED' : 'REJECTED';
  }
  let loanId: number | null = null;
  let notes: string | null = null;
  let updatedAt = a.createdAt;
  if (status === 'REJECTED') {
    notes = rng.pick(REJECTION_NOTES);
    updatedAt = decidedAt;
  } else if (status === 'APPROVED') {
    notes = 'Application approved by admin';
    updatedAt = decidedAt;
    const listing: ListingPlan | null =
      ctx.market?.plan({
        applicationId,
        amount,
        months,
        interestType: type.spec.type,
        maxRateBp: type.basisPoints,
        minimumAmount: min,
        loanTypeId: type.id,
        creditScore: credit.score,
        approvedAt: decidedAt,
      }) ?? null;
    const payoutFrom = listing ? listing.payoutFrom : decidedAt;
    // Any admin may pay out what another approved. Taken in turn, not drawn: a draw here would shift
    // the generator, and with it every row the seed writes after this one.
    const disburserId = ctx.adminIds[applicationId % ctx.adminIds.length] as number;
    const funding = listing?.funding ?? null;
    let payout: { at: number; loanId: number | null } | null = null;
    if (payoutFrom !== null) {
      const disbursedAt = payoutFrom + rng.int(10 * MINUTE, 2 * DAY);
      const lenders = funding ? lenderParts(funding.parts) : undefined;
      if (disbursedAt < now - 5 * MINUTE && rng.chance(0.965)) {
        loanId = writeLoan(
          ctx,
          person,
          {
            applicationId,
            type,
            amount,
            months,
            schedule: funding
              ? buildSchedule({
                  principal: amount,
                  monthlyRateBasisPoints: funding.rateBp,
                  months,
                  interestType: type.spec.type,
                })
              : schedule,
            rateBp: funding?.rateBp ?? type.basisPoints,
            funders: funding?.parts ?? null,
            disbursedAt,
            disburserId,
            behaviour: a.behaviour,
          },
          counts,
        );
        updatedAt = disbursedAt;
        payout = { at: disbursedAt, loanId };
      } else {
        const at = Math.min(now - MINUTE, disbursedAt);
        if (
          ctx.money.payoutWithoutLoan({
            person,
            applicationId,
            amount,
            at,
            requestedById: disburserId,
            ...(lenders ? { lenders } : {}),
          })
        ) {
          payout = { at, loanId: null };
        }
      }
    }
    listing?.write(payout);
  }
  ctx.sink.add(T.applications, [
    applicationId,
    person.id,
    type.id,
    a.businessName,
    a.location,
    a.business.kind,
    status,
    amount,
    months,
    rng.pick(a.business.purposes),
    income,
    identity.nin,
    notes,
    status === 'PENDING' ? null : rng.pick(ctx.adminIds),
    status === 'PENDING' ? null : isoInstant(decidedAt),
    loanId,
    credit.score,
    JSON.stringify(credit.reasons),
    isoInstant(a.createdAt),
    isoInstant(a.createdAt),
    isoInstant(updatedAt),
    person.searchText,
  ]);
  // As the trigger of migration 0042 writes it: the generated lower(business_name || chr(31) || nin), then the person's text.
  ctx.sink.add(T.applicationSearchTexts, [
    applicationId,
    [a.businessName.toLowerCase(), identity.nin.toLowerCase(), person.searchText].join('\x1f'),
  ]);
}

interface LoanInput {
  applicationId: number;
  type: LoanTypeRef;
  amount: number;
  months: number;
  schedule: ReturnType<typeof buildSchedule>;
  /** The loan's rate: the loan type's, or the accepted offer's. */
  rateBp: number;
  /** The accepted offer's fills, or null when the platform funds the loan alone. */
  funders: readonly FundingPart[] | null;
  disbursedAt: number;
  /** The admin who paid it out (loans.disbursed_by_id, the payout's requested_by_id). */
  disburserId: number;
  behaviour: Behaviour;
}

/** One line per lender (fills are one per lender: a lender has one live bid per listing). */
function lenderParts(parts: readonly FundingPart[]): LenderPart[] {
  return parts.map((p) => ({ lenderId: p.lenderId, amount: p.amount }));
}

/** A lender-funded loan's participations, with what repayments paid each so far. */
interface Share {
  readonly id: number;
  readonly part: FundingPart;
  principalRepaid: number;
  interestPaid: number;
  feesPaid: number;
}

interface Row extends InstallmentBalance {
  readonly dueDay: number;
}

function writeLoan(ctx: LendingContext, person: Person, input: LoanInput, counts: LendingCounts): number {
  const { rng, ids, sink, now } = ctx;
  const { schedule, disbursedAt } = input;
  const loanId = ids.take(T.loans);
  counts.loans++;
  const openingDay = dayOf(disbursedAt);
  const loanRef = `SL-${dateOf(openingDay).slice(0, 4)}-${String(loanId).padStart(6, '0')}`;
  const disbursementId = ctx.money.disbursement({
    person,
    applicationId: input.applicationId,
    loanId,
    loanRef,
    amount: input.amount,
    at: disbursedAt,
    requestedById: input.disburserId,
    ...(input.funders ? { lenders: lenderParts(input.funders) } : {}),
  });
  // Platform-funded loans get their one participation after the load (PLATFORM_SHARES_SQL).
  const shares: Share[] = (input.funders ?? []).map((part) => ({
    id: ids.take(M.participations),
    part,
    principalRepaid: 0,
    interestPaid: 0,
    feesPaid: 0,
  }));
  const rows: Row[] = schedule.installments.map((i) => ({
    dueDay: openingDay + 7 * i.number,
    principalDue: i.principal,
    interestDue: i.interest,
    principalPaid: 0,
    interestPaid: 0,
  }));

  // Status history as repayments and the status job would have written it.
  let status: LoanStatus = 'ACTIVE';
  let oldest: number | null = rows[0]?.dueDay ?? null;
  const history = (to: LoanStatus, days: number, reason: string, at: number) => {
    sink.add(T.statusHistory, [
      ids.take(T.statusHistory),
      loanId,
      status === to ? null : status,
      to,
      days,
      reason,
      isoInstant(at),
    ]);
    status = to;
  };
  sink.add(T.statusHistory, [
    ids.take(T.statusHistory),
    loanId,
    null,
    'ACTIVE',
    0,
    'Loan disbursed',
    isoInstant(disbursedAt),
  ]);
  /** The job's changes between events: OVERDUE the day after a missed due date, DEFAULT at 90 days. */
  const advance = (until: number) => {
    while (oldest !== null && status !== 'FULLY_PAID' && status !== 'DEFAULT') {
      const day = status === 'ACTIVE' ? oldest + 1 : oldest + 90;
      const at = startOfDay(day) + STATUS_JOB_FIRST_RUN;
      if (at > until) return;
      const days = arrearsDays(oldest, day);
      const to = loanStatusFor(1, days);
      history(to, days, statusChangeReason(to, days), at);
    }
  };

  const balanceOf = () =>
    rows.reduce((s, r) => s + r.principalDue - r.principalPaid + r.interestDue - r.interestPaid, 0);
  let balance: number = schedule.totalPayable;
  let principalPaid = 0;
  let interestPaid = 0;
  let repaymentCount = 0;
  let last = disbursedAt;
  const stopAfter =
    input.behaviour === 'defaulter' ? rng.int(0, Math.floor(rows.length * 0.7)) : Number.POSITIVE_INFINITY;
  const settleAt =
    input.behaviour === 'settler' ? rng.int(1, Math.max(1, rows.length - 1)) : Number.POSITIVE_INFINITY;
  let paidInstallments = 0;
  while (balance > 0) {
    const next = rows.findIndex((r) => r.principalPaid < r.principalDue || r.interestPaid < r.interestDue);
    if (next < 0 || paidInstallments >= stopAfter) break;
    const group =
      input.behaviour === 'prompt' ? rng.weighted(GROUPS) : input.behaviour === 'late' ? rng.int(1, 3) : 1;
    const delay =
      input.behaviour === 'prompt' || input.behaviour === 'settler'
        ? rng.int(-4, 0)
        : input.behaviour === 'late'
          ? rng.chance(0.45)
            ? 0
            : rng.int(1, 12)
          : rng.int(0, 21);
    const payDay = (rows[next] as Row).dueDay + delay;
    const at = Math.max(last + MINUTE, startOfDay(payDay) + rng.int(7 * HOUR, 21 * HOUR));
    if (at > now) break;
    let amount = 0;
    for (let k = next; k < Math.min(rows.length, next + group); k++) {
      const r = rows[k] as Row;
      amount += r.principalDue - r.principalPaid + r.interestDue - r.interestPaid;
    }
    if (paidInstallments + 1 >= settleAt) amount = balance;
    if (input.behaviour === 'struggling' && rng.chance(0.6)) {
      amount = Math.max(1_000, Math.round((amount * rng.between(0.3, 0.9)) / 1_000) * 1_000);
    }
    amount = Math.min(amount, balance);
    advance(at);
    const daysLate = arrearsDays(oldest, dayOf(at));
    const split = allocateAcrossInstallments(rows, amount);
    balance -= amount;
    principalPaid += split.principal;
    interestPaid += split.interest;
    repaymentCount++;
    // Allocation fills installments in order, so the paid ones are exactly those before the first open one.
    const open = oldestUnpaid(rows);
    paidInstallments = open ? rows.indexOf(open) : rows.length;
    oldest = balance > 0 ? (open?.dueDay ?? null) : null;
    const arrears = arrearsDays(oldest, dayOf(at));
    const after = loanStatusFor(balance, arrears);
    if (after !== status)
      history(after, arrears, `Repayment received. ${statusChangeReason(after, arrears)}`, at);
    const money = ctx.money.repayment({
      person,
      loanId,
      loanRef,
      amount,
      principal: split.principal,
      interest: split.interest,
      at,
      ...(shares.length > 0 ? { shares: shareOut(shares, split, ctx.feePercent) } : {}),
    });
    sink.add(T.repayments, [
      ids.take(T.repayments),
      loanId,
      amount,
      split.principal,
      split.interest,
      isoInstant(at),
      money?.mode ?? 'MTN Mobile Money',
      money?.transactionId ?? null,
      balance,
      daysLate,
      isoInstant(at),
    ]);
    counts.repayments++;
    last = at;
  }
  advance(now);
  // In the minutes after midnight, before the day's first status run, a loan still has yesterday's status.
  const finalStatus = loanStatusFor(balance, arrearsDays(oldest, dayOf(now - STATUS_JOB_FIRST_RUN)));
  if (finalStatus !== status || balance !== balanceOf()) {
    throw new Error(`seed bug: loan ${loanId} ends ${status}, the rule says ${finalStatus}`);
  }
  for (const [index, r] of rows.entries()) {
    sink.add(T.installments, [
      ids.take(T.installments),
      loanId,
      index + 1,
      dateOf(r.dueDay),
      r.principalDue,
      r.interestDue,
      r.principalPaid,
      r.interestPaid,
    ]);
  }
  sink.add(T.loans, [
    loanId,
    loanRef,
    person.id,
    input.applicationId,
    input.type.id,
    input.amount,
    toRateString(input.rateBp),
    input.type.spec.type,
    input.months,
    schedule.weeks,
    schedule.weeklyRepayment,
    schedule.totalInterest,
    schedule.totalPayable,
    principalPaid + interestPaid,
    principalPaid,
    interestPaid,
    repaymentCount,
    status,
    isoInstant(disbursedAt),
    dateOf(rows[rows.length - 1]?.dueDay ?? openingDay),
    oldest === null ? null : dateOf(oldest),
    disbursementId,
    input.disburserId,
    isoInstant(disbursedAt),
    isoInstant(last),
    person.searchText,
  ]);
  sink.add(T.loanSearchTexts, [loanId, person.searchText]);
  for (const share of shares) {
    sink.add(M.participations, [
      share.id,
      loanId,
      share.part.lenderId,
      share.part.bidId,
      input.rateBp,
      share.part.amount,
      share.principalRepaid,
      share.interestPaid,
      share.feesPaid,
      isoInstant(disbursedAt),
      // The load runs without triggers: the share's copy of its loan's status (migration 0054).
      status,
    ]);
  }
  return loanId;
}

/** A repayment split among the participations as settle-repayment does (pro-rata.ts), and recorded on them. */
function shareOut(
  shares: Share[],
  paid: { principal: number; interest: number },
  feePercent: number,
): LenderShare[] {
  const split = splitRepayment({
    principal: paid.principal,
    interest: paid.interest,
    feePercent,
    participations: shares.map((s) => ({
      id: s.id,
      principalShare: s.part.amount,
      principalOutstanding: s.part.amount - s.principalRepaid,
    })),
  });
  return split.participations.map((part, index) => {
    const share = shares[index] as Share;
    share.principalRepaid += part.principal;
    share.interestPaid += part.interest;
    share.feesPaid += part.fee;
    return {
      lenderId: share.part.lenderId,
      principal: part.principal,
      interest: part.interest,
      fee: part.fee,
    };
  });
}

const GROUPS = weights<number>([
  [1, 45],
  [2, 30],
  [4, 25],
]);

export function loanTypeRefs(start: number, now: number): LoanTypeRef[] {
  return SCALE_LOAN_TYPES.map((spec, index) => ({
    id: index + 1,
    spec,
    basisPoints: rateToBasisPoints(spec.rate),
    retiredAt: spec.status === 'INACTIVE' ? start + (now - start) * 0.6 : null,
  }));
}
