/**
 * Splitting shillings among participations, exact to the shilling (decisions.md, The marketplace,
 * "repayments"): largest remainder (Hamilton), so the parts always add up to the whole.
 */
import { roundDiv } from '@sente/contract';

export interface Share<Id> {
  readonly id: Id;
  /** A whole, non-negative number: a principal share in UGX, an interest part. */
  readonly weight: number;
}

export interface Part<Id> {
  readonly id: Id;
  readonly amount: number;
}

/**
 * Each share gets floor(total × weight / Σweight); the shillings left over (fewer than the number of
 * shares) go one each to the largest remainders, ties to the earlier share in the order given. A
 * share of weight 0 never gets a shilling. Computed in bigint: total × weight may pass 2^53.
 */
export function splitProRata<Id>(total: number, shares: readonly Share<Id>[]): Part<Id>[] {
  if (!isWholeUgx(total)) throw new RangeError(`total must be a whole UGX ≥ 0: ${total}`);
  for (const share of shares) {
    if (!isWholeUgx(share.weight)) throw new RangeError(`weight must be a whole number ≥ 0: ${share.weight}`);
  }
  if (total === 0) return shares.map(({ id }) => ({ id, amount: 0 }));
  const weightSum = shares.reduce((sum, share) => sum + BigInt(share.weight), 0n);
  if (weightSum === 0n) throw new RangeError(`cannot split ${total} among no weight`);
  const whole = BigInt(total);
  const floors = shares.map((share) => ({
    amount: (whole * BigInt(share.weight)) / weightSum,
    remainder: (whole * BigInt(share.weight)) % weightSum,
  }));
  let leftover = floors.reduce((left, part) => left - part.amount, whole);
  // Stable sort: equal remainders keep the order given.
  const byRemainder = floors
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (leftover === 0n) break;
    const part = floors[index];
    if (part) part.amount += 1n;
    leftover -= 1n;
  }
  return shares.map(({ id }, index) => ({ id, amount: Number(floors[index]?.amount ?? 0n) }));
}

export interface CappedShare<Id> extends Share<Id> {
  /** The most this share may receive; none means no limit. */
  readonly cap?: number | undefined;
}

/**
 * splitProRata, but no share gets more than its cap. Shares that would pass their cap get exactly
 * their cap, and what remains is split afresh, pro rata, among the others, until nobody is over (at
 * most one round per share). Money left for shares that all weigh 0 cannot be split: RangeError.
 */
export function splitProRataCapped<Id>(total: number, shares: readonly CappedShare<Id>[]): Part<Id>[] {
  for (const { cap } of shares) {
    if (cap !== undefined && !isWholeUgx(cap)) throw new RangeError(`cap must be a whole UGX ≥ 0: ${cap}`);
  }
  const capTotal = shares.every((s) => s.cap !== undefined)
    ? shares.reduce((sum, s) => sum + (s.cap ?? 0), 0)
    : Number.POSITIVE_INFINITY;
  if (total > capTotal) throw new RangeError(`${total} is more than the shares may receive (${capTotal})`);
  const capped = new Set<number>();
  for (;;) {
    const atCap = [...capped].reduce((sum, index) => sum + (shares[index]?.cap ?? 0), 0);
    const open = shares.map((share, index) => ({ ...share, weight: capped.has(index) ? 0 : share.weight }));
    const parts = splitProRata(total - atCap, open);
    const over = parts.flatMap((part, index) => {
      const cap = shares[index]?.cap;
      return !capped.has(index) && cap !== undefined && part.amount > cap ? [index] : [];
    });
    if (over.length === 0) {
      return parts.map((part, index) =>
        capped.has(index) ? { id: part.id, amount: shares[index]?.cap ?? 0 } : part,
      );
    }
    for (const index of over) capped.add(index);
  }
}

export interface Participation<Id> {
  readonly id: Id;
  /** The principal this participation lent: its weight in every split. */
  readonly principalShare: number;
  /** The principal still owed to it: it never receives more. */
  readonly principalOutstanding: number;
  /** If given, the interest still owed to it: it never receives more. */
  readonly interestOwed?: number | undefined;
}

export interface RepaymentSplitInput<Id> {
  /** The repayment's principal and interest, as allocated to the schedule. */
  readonly principal: number;
  readonly interest: number;
  /** The platform's service fee, percent of interest (PLATFORM_FEE_PERCENT); two decimals at most. */
  readonly feePercent?: number;
  /** In a fixed order (e.g. by participation id): ties in the split go to the earlier one. */
  readonly participations: readonly Participation<Id>[];
}

export interface ParticipationPart<Id> {
  readonly id: Id;
  readonly principal: number;
  readonly interest: number;
  readonly fee: number;
  /** principal + interest − fee: what goes to the lender's wallet. */
  readonly toLender: number;
}

export interface RepaymentSplit<Id> {
  readonly participations: ParticipationPart<Id>[];
  /** To fee income; Σ fee. */
  readonly feeTotal: number;
}

export const DEFAULT_FEE_PERCENT = 10;

/**
 * Splits one allocated repayment among the loan's participations (decisions.md, "repayments"):
 * - principal and interest each pro rata to the principal share, largest remainder; principal never
 *   beyond a participation's outstanding principal (nor interest beyond interestOwed, when given):
 *   the excess goes pro rata to the others;
 * - the fee is rounded once, on the repayment's whole interest: feeTotal = round(interest × fee%),
 *   half up, so fee income is the rate applied to what the borrower paid, to the shilling; then
 *   feeTotal is split pro rata to each participation's interest part (largest remainder), so each
 *   fee is within a shilling of fee% of that interest and never more than it.
 */
export function splitRepayment<Id>(input: RepaymentSplitInput<Id>): RepaymentSplit<Id> {
  const { principal, interest, participations } = input;
  if (!isWholeUgx(principal) || !isWholeUgx(interest))
    throw new RangeError('principal and interest: whole UGX ≥ 0');
  if (participations.length === 0) throw new RangeError('a repayment needs at least one participation');
  for (const p of participations) {
    if (!isWholeUgx(p.principalShare) || p.principalShare === 0)
      throw new RangeError('principal share must be > 0');
    if (!isWholeUgx(p.principalOutstanding) || p.principalOutstanding > p.principalShare) {
      throw new RangeError('principal outstanding must be between 0 and the principal share');
    }
    if (p.interestOwed !== undefined && !isWholeUgx(p.interestOwed))
      throw new RangeError('bad interest owed');
  }
  const feeHundredths = feePercentInHundredths(input.feePercent ?? DEFAULT_FEE_PERCENT);
  const principals = splitProRataCapped(
    principal,
    participations.map((p) => ({ id: p.id, weight: p.principalShare, cap: p.principalOutstanding })),
  );
  const interests = splitProRataCapped(
    interest,
    participations.map((p) => ({ id: p.id, weight: p.principalShare, cap: p.interestOwed })),
  );
  const feeTotal = Number(roundDiv(BigInt(interest) * BigInt(feeHundredths), 10_000n));
  const fees = splitProRata(
    feeTotal,
    interests.map((part) => ({ id: part.id, weight: part.amount })),
  );
  return {
    feeTotal,
    participations: participations.map(({ id }, index) => {
      const principalPart = principals[index]?.amount ?? 0;
      const interestPart = interests[index]?.amount ?? 0;
      const fee = fees[index]?.amount ?? 0;
      return {
        id,
        principal: principalPart,
        interest: interestPart,
        fee,
        toLender: principalPart + interestPart - fee,
      };
    }),
  };
}

/** 10 → 1000, 12.5 → 1250; at most two decimals, 0–100. */
function feePercentInHundredths(feePercent: number): number {
  const hundredths = Math.round(feePercent * 100);
  if (!(feePercent >= 0 && feePercent <= 100) || Math.abs(hundredths - feePercent * 100) > 1e-6) {
    throw new RangeError(`fee percent must be 0–100 with two decimals at most: ${feePercent}`);
  }
  return hundredths;
}

function isWholeUgx(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}
