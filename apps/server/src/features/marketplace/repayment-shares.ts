import type { Db, Tx } from '../../db/client.ts';
import { createGroupCommit } from '../../db/group-commit.ts';
import { isDatabaseUnavailable } from '../../db/pg-errors.ts';
import { isRetryable, transaction } from '../../db/retry-transaction.ts';
import { underSavepoint } from '../../db/savepoint.ts';
import { shareRepayments } from './funding.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';
import {
  dueRepaymentShares,
  holdRepaymentShare,
  markRepaymentSharesCredited,
  takeCreditRunLock,
} from './repayment-shares.repo.ts';

/**
 * The most repayments one credit run shares. A run holds the participations of its loans and the
 * lenders' accounts until it commits; a month-end backlog is shared in runs of this size, one after
 * another.
 */
export const CREDIT_RUN_LIMIT = 2_000;

/**
 * One lender credit run (ADR 016), one unit of work: takes the oldest repayments still to share,
 * splits each among its loan's participations, moves the participations, posts the lenders' shares
 * and the platform's fees as one REPAYMENT_SHARE posting (netted per account), and marks the
 * repayments credited. Runs one at a time (an advisory lock to the commit); a run that finds nothing
 * posts nothing. Answers how many repayments it shared.
 */
export async function creditRepaymentShares(
  tx: Tx,
  deps: Pick<MarketplaceDeps, 'clock' | 'config' | 'ledger'>,
  limit: number = CREDIT_RUN_LIMIT,
): Promise<number> {
  await takeCreditRunLock(tx);
  const due = await dueRepaymentShares(tx, limit);
  if (due.length === 0) return 0;
  const lines = await shareRepayments(tx, deps, due);
  const now = deps.clock.now();
  const first = due[0]?.id;
  const last = due[due.length - 1]?.id;
  let postingId: number | null = null;
  if (lines.length > 0) {
    const [posted] = await deps.ledger.postJournals(tx, [
      {
        // Two runs never share a repayment, so no two runs have the same first and last.
        idempotencyKey: `repayment-shares:${first}-${last}`,
        kind: 'REPAYMENT_SHARE',
        memo: `${due.length === 1 ? 'A repayment' : `${due.length} repayments`} shared among the loans' lenders, less the platform fee`,
        postedAt: now,
        lines,
      },
    ]);
    postingId = posted?.posting.id ?? null;
  }
  await markRepaymentSharesCredited(
    tx,
    due.map((d) => d.id),
    now,
    postingId,
  );
  return due.length;
}

/** Tells an admin that a repayment's shares are held (lending flags the payment, ADR 016). */
export type ShareHeld = (
  tx: Tx,
  payment: { id: number; amount: number; loanId: number },
  reason: string,
) => Promise<void>;

/**
 * When a run fails for a reason nobody foresaw: the oldest due repayment, alone, under a savepoint.
 * Shared if it can be; otherwise held out of the queue and its payment flagged for an admin, so one
 * bad repayment never keeps every lender behind it waiting. Its money stays where its REPAYMENT put
 * it. Answers whether the queue moved.
 */
async function shareOrHoldOldest(
  tx: Tx,
  deps: Pick<MarketplaceDeps, 'clock' | 'config' | 'ledger'>,
  held: ShareHeld,
): Promise<boolean> {
  await takeCreditRunLock(tx);
  const [oldest] = await dueRepaymentShares(tx, 1);
  if (!oldest) return false;
  try {
    await underSavepoint(tx, 'repayment_share', () => creditRepaymentShares(tx, deps, 1));
    return true;
  } catch (error) {
    if (isRetryable(error) || isDatabaseUnavailable(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const reason = `The lenders' shares of this repayment could not be credited: ${message}`;
    const payment = await holdRepaymentShare(tx, oldest.id, reason);
    if (payment)
      await held(tx, { id: payment.paymentId, amount: payment.amount, loanId: payment.loanId }, reason);
    return true;
  }
}

export interface ShareCredits {
  /**
   * Shares every repayment settled before the call, in runs of its own transactions, and answers
   * when they are credited (with how many this call's runs shared). Calls that arrive while a run
   * is going wait for the next, which takes all of their repayments at once.
   */
  creditNow(): Promise<number>;
}

/**
 * The lenders' credits as a process runs them: after every settlement's commit (the payments gateway
 * waits for it before it answers, so a settled callback means the lenders are credited), and every
 * minute as the safety net of a process that stopped in between (jobs.ts). Under load the waiting
 * callbacks make one run together, so a lender who is in many repaid loans gets one line per run.
 * A run that fails is tried again one repayment at a time, holding the one at fault (shareOrHoldOldest).
 */
export function createShareCredits(
  deps: Pick<MarketplaceDeps, 'clock' | 'config' | 'ledger'> & { db: Db; held: ShareHeld },
): ShareCredits {
  async function runUntilEmpty(): Promise<number> {
    let shared = 0;
    for (;;) {
      let count: number;
      try {
        count = await transaction(deps.db, (tx) => creditRepaymentShares(tx, deps));
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        if (!(await transaction(deps.db, (tx) => shareOrHoldOldest(tx, deps, deps.held)))) return shared;
        continue;
      }
      shared += count;
      if (count < CREDIT_RUN_LIMIT) return shared;
    }
  }
  const runs = createGroupCommit<null, number>({
    concurrency: 1,
    maxGroup: Number.MAX_SAFE_INTEGER,
    run: async (waiting) => {
      const shared = await runUntilEmpty();
      return waiting.map(() => ({ ok: true as const, value: shared }));
    },
  });
  return { creditNow: () => runs.submit(null) };
}
