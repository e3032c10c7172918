import { and, asc, eq, gt, lte, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { applications, listings, offers, users } from '../../db/schema/index.ts';

/**
 * Listings whose offers still wait for the borrower's answer and lapse within `(now, until]`, and
 * that were made longer than `noticeMs` before they lapse (offers made closer to their end were
 * announced with their deadline already; a second message minutes later would only repeat it).
 */
export async function findOffersLapsingBy(db: DbOrTx, now: Date, until: Date, noticeMs: number) {
  const rows = await db
    .select({
      listingId: listings.id,
      round: listings.round,
      applicationId: listings.applicationId,
      userId: applications.userId,
      name: users.name,
      expiresAt: min(offers.expiresAt),
      madeAt: min(offers.createdAt),
    })
    .from(listings)
    .innerJoin(
      offers,
      and(
        eq(offers.listingId, listings.id),
        eq(offers.round, listings.round),
        eq(offers.status, 'OPEN'),
        gt(offers.expiresAt, now),
        lte(offers.expiresAt, until),
      ),
    )
    .innerJoin(applications, eq(applications.id, listings.applicationId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(listings.status, 'OFFERED'))
    .groupBy(listings.id, listings.round, listings.applicationId, applications.userId, users.name)
    .orderBy(asc(listings.id));
  return rows.flatMap(({ expiresAt, madeAt, ...row }) =>
    expiresAt && madeAt && expiresAt.getTime() - madeAt.getTime() > noticeMs ? [{ ...row, expiresAt }] : [],
  );
}
