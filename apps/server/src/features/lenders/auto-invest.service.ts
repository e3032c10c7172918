import { formatUgx, RISK_GRADES, type RiskGrade } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type FieldMessages, InvalidInputError } from '../../domain-error.ts';
import { findExistingLoanTypeIds } from '../loan-types/loan-types.service.ts';
import {
  type AutoInvestRuleRow,
  autoInvestQueue,
  findAutoInvestRule,
  markAutoInvestFilled,
  upsertAutoInvestRule,
} from './lenders.repo.ts';
import { lenderFactsOf } from './lenders.service.ts';

/** A lender's standing rule for bidding automatically (decisions.md, auto-invest). */
export interface AutoInvestRuleInput {
  readonly enabled: boolean;
  readonly riskGrades: readonly RiskGrade[];
  /** Empty: every loan type. */
  readonly loanTypeIds: readonly number[];
  readonly maxTermMonths: number;
  /** Basis points of percent per month. */
  readonly minRateBp: number;
  readonly amountPerLoan: number;
  readonly maxSharePercent: number;
  readonly keepCash: number;
}

export interface AutoInvestRuleValue extends AutoInvestRuleInput {
  readonly lastFilledAt: Date | null;
  /** Null until the lender first saves a rule. */
  readonly updatedAt: Date | null;
}

/** The longest application term (applications: 1–24 months). */
const LONGEST_TERM_MONTHS = 24;
/** The lowest rate a bid may ask (decisions.md, bid). */
const LOWEST_BID_RATE_BP = 100;
const DEFAULT_MAX_SHARE_PERCENT = 25;

function toValue(row: AutoInvestRuleRow): AutoInvestRuleValue {
  return { ...row, riskGrades: RISK_GRADES.filter((grade) => row.riskGrades.includes(grade)) };
}

export function createAutoInvestService({ db, clock, minBid }: { db: Db; clock: Clock; minBid: number }) {
  /** What a lender that never saved a rule has: off, nothing chosen, the loosest limits. */
  const defaults: AutoInvestRuleValue = {
    enabled: false,
    riskGrades: [],
    loanTypeIds: [],
    maxTermMonths: LONGEST_TERM_MONTHS,
    minRateBp: LOWEST_BID_RATE_BP,
    amountPerLoan: minBid,
    maxSharePercent: DEFAULT_MAX_SHARE_PERCENT,
    keepCash: 0,
    lastFilledAt: null,
    updatedAt: null,
  };

  async function problemsOf(input: AutoInvestRuleInput): Promise<FieldMessages> {
    const details: FieldMessages = {};
    // A rule bids what a lender could bid by hand: at least MIN_BID, in whole thousands.
    if (input.amountPerLoan < minBid) details.amount_per_loan = [`At least ${formatUgx(minBid)}`];
    else if (input.amountPerLoan % 1_000 !== 0)
      details.amount_per_loan = ['Enter whole thousands of shillings, like 150,000'];
    const known = new Set(await findExistingLoanTypeIds(db, input.loanTypeIds));
    const unknown = input.loanTypeIds.filter((id) => !known.has(id));
    if (unknown.length > 0) details.loan_types = [`No loan type with id ${unknown.join(', ')}`];
    return details;
  }

  return {
    /** The rules that bid, in the order the queue serves them. */
    async queue(): Promise<(AutoInvestRuleValue & { userId: number })[]> {
      return (await autoInvestQueue(db)).map((row) => ({ ...toValue(row), userId: row.userId }));
    },

    markFilled: (userId: number) => markAutoInvestFilled(db, userId, clock.now()),

    async get(userId: number): Promise<AutoInvestRuleValue> {
      await lenderFactsOf(db, userId);
      const row = await findAutoInvestRule(db, userId);
      return row ? toValue(row) : defaults;
    },

    /**
     * Replaces the lender's rule. An unverified lender may save one: it bids only once the lender
     * is verified (the bidding code checks that).
     */
    async save(userId: number, input: AutoInvestRuleInput): Promise<AutoInvestRuleValue> {
      await lenderFactsOf(db, userId);
      const details = await problemsOf(input);
      if (Object.keys(details).length > 0)
        throw new InvalidInputError('INVALID_AUTO_INVEST_RULE', 'Invalid auto-invest rule', details);
      const row = await upsertAutoInvestRule(db, userId, {
        enabled: input.enabled,
        riskGrades: [...input.riskGrades],
        loanTypeIds: [...input.loanTypeIds],
        maxTermMonths: input.maxTermMonths,
        minRateBp: input.minRateBp,
        amountPerLoan: input.amountPerLoan,
        maxSharePercent: input.maxSharePercent,
        keepCash: input.keepCash,
        updatedAt: clock.now(),
      });
      return toValue(row);
    },
  };
}
export type AutoInvestService = ReturnType<typeof createAutoInvestService>;
