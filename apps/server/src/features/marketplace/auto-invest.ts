import { isRefusal } from '../../domain-error.ts';
import { userWallet } from '../ledger/ledger-accounts.ts';
import { placeBid } from './bidding.ts';
import { bidsOfLenderOnRound, openListingsForAutoInvest } from './marketplace.repo.ts';
import type { MarketplaceDeps } from './marketplace-deps.ts';

/** A lender's standing rule, as the lenders feature keeps it. */
export interface AutoInvestRule {
  readonly userId: number;
  readonly riskGrades: readonly string[];
  readonly loanTypeIds: readonly number[];
  readonly maxTermMonths: number;
  readonly minRateBp: number;
  readonly amountPerLoan: number;
  readonly maxSharePercent: number;
  readonly keepCash: number;
}

export interface AutoInvestRules {
  queue(): Promise<AutoInvestRule[]>;
  markFilled(userId: number): Promise<void>;
}

const thousandsBelow = (amount: number) => Math.floor(amount / 1000) * 1000;

/**
 * Auto-invest (decisions.md): each open listing is offered to the enabled rules of verified lenders,
 * served in turn (the lender filled longest ago first). A rule bids once per listing and round, at its
 * lowest rate, for its amount per loan capped by its share of the listing, what the listing still
 * lacks and its cash above what it keeps uninvested; never below MIN_BID. Runs as a job queued when
 * a listing opens or a lender's cash arrives, and every minute besides; a lender that withdrew its automatic
 * bid is not bid for again in that round. Returns the number of bids placed.
 */
export async function runAutoInvest(deps: MarketplaceDeps, rules: AutoInvestRules): Promise<number> {
  const queue = await rules.queue();
  if (queue.length === 0) return 0;
  const listings = await openListingsForAutoInvest(deps.db, deps.clock.now());
  let placed = 0;
  for (const listing of listings) {
    let lacking = listing.amount - listing.fundedAmount;
    const tried = new Set(
      (await bidsOfLenderOnRound(deps.db, listing.id, listing.round)).map((b) => b.lenderId),
    );
    for (const rule of queue) {
      if (lacking < deps.config.minBid) break;
      if (tried.has(rule.userId)) continue;
      if (!rule.riskGrades.includes(listing.riskGrade)) continue;
      if (rule.loanTypeIds.length > 0 && !rule.loanTypeIds.includes(listing.loanTypeId)) continue;
      if (listing.termMonths > rule.maxTermMonths || listing.maxRateBp < rule.minRateBp) continue;
      const cash = 0 - (await deps.ledger.balanceOf(deps.db, userWallet(rule.userId)));
      const amount = thousandsBelow(
        Math.min(
          rule.amountPerLoan,
          (listing.amount * rule.maxSharePercent) / 100,
          lacking,
          cash - rule.keepCash,
        ),
      );
      if (amount < deps.config.minBid) continue;
      try {
        await placeBid(deps, {
          lenderId: rule.userId,
          listingId: listing.id,
          amount,
          rateBp: Math.max(rule.minRateBp, 100),
          idempotencyKey: `auto-invest:${listing.id}:${listing.round}:${rule.userId}`,
          automatic: true,
        });
      } catch (error) {
        // Cash spent meanwhile, the listing closed, the lender no longer verified: the rule skips it.
        if (isRefusal(error)) continue;
        throw error;
      }
      tried.add(rule.userId);
      lacking -= amount;
      placed++;
      await rules.markFilled(rule.userId);
    }
  }
  return placed;
}
