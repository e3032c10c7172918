import { rateToBasisPoints } from '@sente/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { loanTypes } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../domain-error.ts';
import type { ApplicationRow } from '../applications/applications.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  insertListing,
  type ListingRow,
  lockListing,
  lockListingOfApplication,
  updateListing,
} from './marketplace.repo.ts';
import { HOUR, type MarketplaceDeps } from './marketplace-deps.ts';
import { riskGradeOf } from './risk-grade.ts';

/**
 * An approved application goes on the marketplace at once, OPEN for LISTING_HOURS, at most at its
 * loan type's rate (decisions.md). Runs inside the approval's transaction.
 */
export async function listApproved(
  tx: Tx,
  deps: Pick<MarketplaceDeps, 'clock' | 'config'>,
  application: ApplicationRow,
): Promise<ListingRow> {
  const existing = await lockListingOfApplication(tx, application.id);
  if (existing) return existing;
  const [type] = await tx.select().from(loanTypes).where(eq(loanTypes.id, application.loanTypeId));
  if (!type) throw new Error(`Loan type ${application.loanTypeId} of application ${application.id} is gone`);
  const now = deps.clock.now();
  return insertListing(tx, {
    applicationId: application.id,
    status: 'OPEN',
    amount: application.amountRequested,
    maxRateBp: rateToBasisPoints(type.interestRate),
    // An application scored before the credit check existed counts as the lowest grade.
    riskGrade: riskGradeOf(application.creditScore ?? 0),
    round: 1,
    opensAt: now,
    closesAt: new Date(now.getTime() + deps.config.listingHours * HOUR),
    createdAt: now,
    updatedAt: now,
  });
}

/** An admin puts an EXPIRED listing back on the marketplace for a new round of bids. */
export async function relist(
  deps: Pick<MarketplaceDeps, 'db' | 'clock' | 'config'>,
  listingId: number,
  adminId: number | null = null,
): Promise<ListingRow> {
  return transaction(deps.db, async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (!listing) throw new NotFoundError('LISTING_NOT_FOUND', 'Listing not found');
    if (listing.status !== 'EXPIRED') {
      throw new ConflictError(
        'LISTING_NOT_EXPIRED',
        `Only expired listings can be listed again (this one is ${listing.status})`,
      );
    }
    const now = deps.clock.now();
    const closesAt = new Date(now.getTime() + deps.config.listingHours * HOUR);
    const row = await updateListing(tx, listing.id, {
      status: 'OPEN',
      round: listing.round + 1,
      opensAt: now,
      closesAt,
      closedAt: null,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'listing.relisted',
      entityType: 'listing',
      entityId: listing.id,
      before: { status: listing.status, round: listing.round },
      after: { status: 'OPEN', round: listing.round + 1, closes_at: closesAt.toISOString() },
      at: now,
    });
    return row;
  });
}
