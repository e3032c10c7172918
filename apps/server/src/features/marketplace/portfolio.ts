import { daysBetween, kampalaDate, startOfKampalaDate } from '@sente/contract';
import { lenderInvested, lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';
import { lenderCashFlows, lenderCashFlowsByDay, participationTotals } from './portfolio.repo.ts';
import { xirr } from './xirr.ts';

/**
 * A return annualised over less time is noise, not a rate to show: a week's instalment paid on the
 * day of the payout reads as millions of percent a year for hours, and hundreds of percent for days
 * (docs/marketplace.md, "A lender's return").
 */
export const RETURN_NEEDS_DAYS = 30;

export interface PortfolioValue {
  readonly cashAvailable: number;
  readonly cashReserved: number;
  readonly outstandingPrincipal: number;
  readonly principalRepaid: number;
  readonly interestEarned: number;
  readonly feesPaid: number;
  readonly loans: { active: number; overdue: number; default: number; fullyPaid: number };
  /** Per year, as a fraction (0.1425); null when it cannot be worked out yet. */
  readonly netAnnualReturn: number | null;
}

/**
 * A lender's portfolio. Cash and money lent out come from its ledger accounts; the shares' figures
 * from its participations. The return is the XIRR of its own cash flows, dated by the Kampala day as
 * a spreadsheet's XIRR dates them: each day's money lent out (negative) and repayments paid into its
 * wallet net of the fee (positive), and today what borrowers still owe it (positive, at face value),
 * except on loans in DEFAULT, which count for nothing: lenders carry their losses (decisions.md).
 */
export async function portfolioOf(
  deps: Pick<MarketplaceDeps, 'db' | 'clock' | 'ledger'>,
  lenderId: number,
): Promise<PortfolioValue> {
  const { db, ledger } = deps;
  const accounts = {
    wallet: userWallet(lenderId),
    reserved: lenderReserved(lenderId),
    invested: lenderInvested(lenderId),
  };
  // Three queries at once, the three balances in one: each query takes a connection of the pool.
  const [balances, totals, days] = await Promise.all([
    ledger.balancesOf(db, Object.values(accounts)),
    participationTotals(db, lenderId),
    lenderCashFlowsByDay(db, lenderId),
  ]);
  const wallet = balances.get(accounts.wallet) ?? 0;
  const reserved = balances.get(accounts.reserved) ?? 0;
  const invested = balances.get(accounts.invested) ?? 0;
  const count = (status: string) => totals.find((row) => row.status === status)?.loans ?? 0;
  const sum = (pick: (row: (typeof totals)[number]) => number) => totals.reduce((s, row) => s + pick(row), 0);
  const outstanding = 0 - invested;
  const inDefault = totals
    .filter((row) => row.status === 'DEFAULT')
    .reduce((s, row) => s + row.share - row.principalRepaid, 0);
  const today = kampalaDate(deps.clock.now());
  const cashFlows = days.map((flow) => ({ amount: flow.amount, at: startOfKampalaDate(flow.day) }));
  const stillOwed = outstanding - inDefault;
  if (stillOwed > 0) cashFlows.push({ amount: stillOwed, at: startOfKampalaDate(today) });
  const firstLent = days.find((flow) => flow.amount < 0)?.day;
  const longEnough = firstLent !== undefined && daysBetween(firstLent, today) >= RETURN_NEEDS_DAYS;
  return {
    cashAvailable: 0 - wallet,
    cashReserved: 0 - reserved,
    outstandingPrincipal: outstanding,
    principalRepaid: sum((row) => row.principalRepaid),
    interestEarned: sum((row) => row.interestPaid),
    feesPaid: sum((row) => row.feesPaid),
    loans: {
      active: count('ACTIVE'),
      overdue: count('OVERDUE'),
      default: count('DEFAULT'),
      fullyPaid: count('FULLY_PAID'),
    },
    // Null until the first money lent is RETURN_NEEDS_DAYS old, and while the flows have no rate.
    netAnnualReturn: longEnough ? xirr(cashFlows) : null,
  };
}

export interface StatementValue {
  readonly lines: {
    at: Date;
    kind: 'LENT' | 'RETURNED' | 'REPAYMENT';
    description: string;
    amount: number;
  }[];
  readonly totalLent: number;
  readonly totalReceived: number;
}

/**
 * What a lender lent and got back between two Kampala dates (both included; either may be open):
 * money lent out at each payout (negative), given back when a payout failed, and each repayment's
 * share paid into its wallet net of the fee.
 */
export async function statementOf(
  deps: Pick<MarketplaceDeps, 'db'>,
  lenderId: number,
  range: { from?: Date | undefined; to?: Date | undefined },
): Promise<StatementValue> {
  const flows = await lenderCashFlows(deps.db, lenderId, range);
  const lines = flows.map((flow) => {
    if (flow.account === lenderInvested(lenderId)) {
      return {
        at: flow.at,
        kind: flow.amount < 0 ? ('LENT' as const) : ('RETURNED' as const),
        description: flow.memo,
        amount: flow.amount,
      };
    }
    return { at: flow.at, kind: 'REPAYMENT' as const, description: flow.memo, amount: -flow.amount };
  });
  return {
    lines,
    totalLent: lines.filter((l) => l.kind === 'LENT').reduce((s, l) => s - l.amount, 0),
    totalReceived: lines.filter((l) => l.kind !== 'LENT').reduce((s, l) => s + l.amount, 0),
  };
}
