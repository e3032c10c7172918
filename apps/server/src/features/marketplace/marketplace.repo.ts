import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { amongNamedPage, pageEq } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  applications,
  bids,
  listingStatusCounts,
  listings,
  loans,
  loanTypes,
  offerFills,
  offers,
  participations,
  users,
} from '../../db/schema/index.ts';

export type ListingRow = typeof listings.$inferSelect;
export type ListingStatus = ListingRow['status'];
export type BidRow = typeof bids.$inferSelect;
export type BidStatus = BidRow['status'];
export type OfferRow = typeof offers.$inferSelect;
export type OfferFillRow = typeof offerFills.$inferSelect;
export type ParticipationRow = typeof participations.$inferSelect;

export async function insertListing(db: DbOrTx, values: typeof listings.$inferInsert): Promise<ListingRow> {
  const [row] = await db.insert(listings).values(values).returning();
  if (!row) throw new Error('listing not inserted');
  return row;
}

export async function lockListing(db: DbOrTx, id: number): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).for('update');
  return row;
}

export async function lockListingOfApplication(
  db: DbOrTx,
  applicationId: number,
): Promise<ListingRow | undefined> {
  const [row] = await db
    .select()
    .from(listings)
    .where(eq(listings.applicationId, applicationId))
    .for('update');
  return row;
}

export async function updateListing(
  db: DbOrTx,
  id: number,
  values: Partial<typeof listings.$inferInsert>,
): Promise<ListingRow> {
  const [row] = await db.update(listings).set(values).where(eq(listings.id, id)).returning();
  if (!row) throw new Error(`listing ${id} vanished`);
  return row;
}

/** Listings whose bidding window ended (OPEN) or whose offers all lapsed, oldest first. */
export async function findListingsToClose(db: DbOrTx, now: Date, limit: number): Promise<ListingRow[]> {
  return db
    .select()
    .from(listings)
    .where(and(eq(listings.status, 'OPEN'), lte(listings.closesAt, now)))
    .orderBy(asc(listings.closesAt))
    .limit(limit);
}

export async function findListingsWithLapsedOffers(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ listingId: offers.listingId })
    .from(offers)
    .where(and(eq(offers.status, 'OPEN'), lte(offers.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.listingId);
}

// ---- bids ----

export async function insertBid(db: DbOrTx, values: typeof bids.$inferInsert): Promise<BidRow> {
  const [row] = await db.insert(bids).values(values).returning();
  if (!row) throw new Error('bid not inserted');
  return row;
}

export async function findBid(db: DbOrTx, id: number): Promise<BidRow | undefined> {
  const [row] = await db.select().from(bids).where(eq(bids.id, id));
  return row;
}

export async function lockBid(db: DbOrTx, id: number): Promise<BidRow | undefined> {
  const [row] = await db.select().from(bids).where(eq(bids.id, id)).for('update');
  return row;
}

export async function findLiveBid(
  db: DbOrTx,
  listingId: number,
  lenderId: number,
): Promise<BidRow | undefined> {
  const [row] = await db
    .select()
    .from(bids)
    .where(and(eq(bids.listingId, listingId), eq(bids.lenderId, lenderId), eq(bids.status, 'LIVE')))
    .for('update');
  return row;
}

export async function liveBidsOf(db: DbOrTx, listingId: number): Promise<BidRow[]> {
  return db
    .select()
    .from(bids)
    .where(and(eq(bids.listingId, listingId), eq(bids.status, 'LIVE')))
    .orderBy(asc(bids.id))
    .for('update');
}

export async function setBidStatus(db: DbOrTx, ids: readonly number[], status: BidStatus, now: Date) {
  if (ids.length === 0) return;
  await db
    .update(bids)
    .set({ status, updatedAt: now })
    .where(inArray(bids.id, [...ids]));
}

export async function listBidsOfLender(
  db: DbOrTx,
  lenderId: number,
  status: BidStatus | undefined,
  paging: { limit: number; offset: number },
): Promise<{ rows: BidRow[]; count: number }> {
  const where = and(eq(bids.lenderId, lenderId), status ? eq(bids.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bids)
      .where(where)
      .orderBy(desc(bids.createdAt), desc(bids.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(bids).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

// ---- offers ----

export async function insertOffer(db: DbOrTx, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  if (!row) throw new Error('offer not inserted');
  return row;
}

export async function insertOfferFills(db: DbOrTx, values: (typeof offerFills.$inferInsert)[]) {
  if (values.length > 0) await db.insert(offerFills).values(values);
}

export async function findOffer(db: DbOrTx, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function offersOfRound(db: DbOrTx, listingId: number, round: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listingId), eq(offers.round, round)))
    .orderBy(asc(offers.id));
}

export async function fillsOf(db: DbOrTx, offerId: number): Promise<OfferFillRow[]> {
  return db.select().from(offerFills).where(eq(offerFills.offerId, offerId)).orderBy(asc(offerFills.bidId));
}

export async function setOfferStatus(
  db: DbOrTx,
  listingId: number,
  round: number,
  from: OfferRow['status'],
  to: OfferRow['status'],
  now: Date,
  only?: number,
) {
  await db
    .update(offers)
    .set({ status: to, decidedAt: now })
    .where(
      and(
        eq(offers.listingId, listingId),
        eq(offers.round, round),
        eq(offers.status, from),
        only === undefined ? undefined : eq(offers.id, only),
      ),
    );
}

/** The accepted offer of a listing's current round, if the borrower accepted one. */
export async function acceptedOffer(db: DbOrTx, listing: ListingRow): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(
      and(eq(offers.listingId, listing.id), eq(offers.round, listing.round), eq(offers.status, 'ACCEPTED')),
    );
  return row;
}

// ---- participations ----

export async function insertParticipations(db: DbOrTx, values: (typeof participations.$inferInsert)[]) {
  if (values.length > 0) await db.insert(participations).values(values);
}

/** A loan's participations, locked, in a fixed order (the order every split uses). */
const participationsLocked = preparedRead('marketplace.lock_participations_of_loans', (db) =>
  db
    .select()
    .from(participations)
    .where(sql`${participations.loanId} = any(${sql.placeholder('loanIds')}::integer[])`)
    // In id order: the one order every transaction locks participations in.
    .orderBy(asc(participations.id))
    .for('update'),
);

/** The participations of the loans, locked, in id order. */
export async function lockParticipationsOfLoans(
  db: DbOrTx,
  loanIds: readonly number[],
): Promise<ParticipationRow[]> {
  if (loanIds.length === 0) return [];
  return participationsLocked(db).execute({ loanIds: [...loanIds] });
}

export async function participationsOf(
  db: DbOrTx,
  loanId: number,
): Promise<(ParticipationRow & { lenderName: string | null })[]> {
  const rows = await db
    .select({ participation: participations, lenderName: users.name })
    .from(participations)
    .leftJoin(users, eq(users.id, participations.lenderId))
    .where(eq(participations.loanId, loanId))
    .orderBy(asc(participations.id));
  return rows.map((r) => ({ ...r.participation, lenderName: r.lenderName }));
}

const addPaid = namedStatement<
  never,
  { ids: number[]; principals: number[]; interests: number[]; fees: number[] }
>(
  'marketplace.add_to_participations',
  (v) => sql`
    update ${participations} set
      principal_repaid = ${participations.principalRepaid} + v.principal,
      interest_paid = ${participations.interestPaid} + v.interest,
      fees_paid = ${participations.feesPaid} + v.fee
    from unnest(${v.ids}::integer[], ${v.principals}::bigint[], ${v.interests}::bigint[], ${v.fees}::bigint[])
      as v(id, principal, interest, fee)
    where ${participations.id} = v.id`,
);

/**
 * Adds what a repayment paid to each of the loan's participations, in one statement (a settlement
 * holds the platform's ledger rows locked meanwhile: every round trip saved shortens that hold).
 * The rows were locked by lockParticipationsOfLoans.
 */
export async function addToParticipations(
  db: DbOrTx,
  paid: readonly { id: number; principal: number; interest: number; fee: number }[],
) {
  if (paid.length === 0) return;
  await addPaid(db, {
    ids: paid.map((p) => p.id),
    principals: paid.map((p) => p.principal),
    interests: paid.map((p) => p.interest),
    fees: paid.map((p) => p.fee),
  });
}

// ---- what lenders see of a listing ----

/** What a listing's live bids add up to: the funding progress every listing answer shows. */
function liveBidTotal() {
  return sql<number>`coalesce((select sum(${bids.amount}) from ${bids} where ${bids.listingId} = ${listings.id} and ${bids.status} = 'LIVE'), 0)::bigint`.mapWith(
    Number,
  );
}

/** The columns a lender may see: nothing that names or locates the borrower (decisions.md). */
function selectListingViews(db: DbOrTx) {
  return db
    .select({
      listing: listings,
      termMonths: applications.loanTermMonths,
      loanTypeId: applications.loanTypeId,
      loanTypeName: loanTypes.name,
      interestType: loanTypes.interestType,
      minimumAmount: loanTypes.minAmount,
      businessType: applications.businessType,
      businessLocation: applications.businessLocation,
      purpose: applications.loanPurpose,
      monthlyIncome: applications.monthlyIncome,
      borrowerId: applications.userId,
      fundedAmount: liveBidTotal(),
      bidsCount:
        sql<number>`(select count(*) from ${bids} where ${bids.listingId} = ${listings.id} and ${bids.status} = 'LIVE')::int`.mapWith(
          Number,
        ),
    })
    .from(listings)
    .innerJoin(applications, eq(applications.id, listings.applicationId))
    .innerJoin(loanTypes, eq(loanTypes.id, applications.loanTypeId));
}
export type ListingView = Awaited<ReturnType<ReturnType<typeof selectListingViews>['execute']>>[number];

export interface ListingFilter {
  readonly status?: ListingStatus | undefined;
  readonly riskGrade?: string | undefined;
  readonly loanTypeId?: number | undefined;
  /** At most this many months. */
  readonly maxTermMonths?: number | undefined;
  /** The listing's maximum rate is at least this (basis points). */
  readonly minRateBp?: number | undefined;
}

/** The filters a named statement serves: none, or a status alone (what both screens ask most). */
type ListingShape = 'all' | 'status';

const soonestClosing = [asc(listings.closesAt), asc(listings.id)] as const;

/**
 * A page of listings, soonest closing first, as a named statement built and planned once per shape:
 * its ids walked from the ordering's index (migration 0049), then their views. Planned per request,
 * its joins and sub-selects took longer to plan than to run (docs/scale.md, "The marketplace and
 * back-office lists measured").
 */
const listingPage = preparedRead('marketplace.listing_page', (db, shape: ListingShape) =>
  selectListingViews(db)
    .where(
      amongNamedPage(db, {
        from: listings,
        id: listings.id,
        where: shape === 'status' ? pageEq(listings.status, 'status', { inNamedPage: true }) : undefined,
        orderBy: soonestClosing,
      }),
    )
    .orderBy(...soonestClosing),
);

/** All listings, or those of a status, from the running counts (migration 0050). */
const listingCount = preparedRead('marketplace.listing_count', (db, shape: ListingShape) =>
  db
    .select({ n: sql<number>`coalesce(sum(${listingStatusCounts.count}), 0)::bigint`.mapWith(Number) })
    .from(listingStatusCounts)
    .where(shape === 'status' ? eq(listingStatusCounts.status, sql.placeholder('status')) : undefined),
);

export async function listListingViews(
  db: DbOrTx,
  filter: ListingFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: ListingView[]; count: number }> {
  const { status, ...others } = filter;
  if (Object.values(others).every((value) => value === undefined)) {
    const shape: ListingShape = status ? 'status' : 'all';
    const [rows, [total]] = await Promise.all([
      listingPage(db, shape).execute({ status, ...paging }),
      listingCount(db, shape).execute({ status }),
    ]);
    return { rows, count: total?.n ?? 0 };
  }
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(listings.status, status));
  if (filter.riskGrade) conditions.push(eq(listings.riskGrade, filter.riskGrade));
  if (filter.loanTypeId !== undefined) conditions.push(eq(applications.loanTypeId, filter.loanTypeId));
  if (filter.maxTermMonths !== undefined)
    conditions.push(lte(applications.loanTermMonths, filter.maxTermMonths));
  if (filter.minRateBp !== undefined) conditions.push(gte(listings.maxRateBp, filter.minRateBp));
  const where = and(...conditions);
  // Every listing has its application (a foreign key): the count joins it only to filter by it.
  const byApplication = filter.loanTypeId !== undefined || filter.maxTermMonths !== undefined;
  const counted = db.select({ n: count() }).from(listings);
  const [rows, [total]] = await Promise.all([
    selectListingViews(db)
      .where(where)
      .orderBy(...soonestClosing)
      .limit(paging.limit)
      .offset(paging.offset),
    (byApplication
      ? counted.innerJoin(applications, eq(applications.id, listings.applicationId))
      : counted
    ).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findListingView(db: DbOrTx, id: number): Promise<ListingView | undefined> {
  const [row] = await selectListingViews(db).where(eq(listings.id, id));
  return row;
}

export async function findListingOfApplication(
  db: DbOrTx,
  applicationId: number,
): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(listings).where(eq(listings.applicationId, applicationId));
  return row;
}

/** The live bids of the given lender on the given listings (its "my_bid"). */
export async function liveBidsOfLenderOn(
  db: DbOrTx,
  lenderId: number,
  listingIds: readonly number[],
): Promise<BidRow[]> {
  if (listingIds.length === 0) return [];
  return db
    .select()
    .from(bids)
    .where(
      and(eq(bids.lenderId, lenderId), inArray(bids.listingId, [...listingIds]), eq(bids.status, 'LIVE')),
    );
}

export interface BorrowerRecord {
  readonly loansRepaid: number;
  readonly loansTotal: number;
  /** Days the oldest unpaid installment of any open loan is late today (0: none late). */
  readonly worstDaysInArrears: number;
}

const borrowerRecordRows = preparedRead('marketplace.borrower_records', (db) =>
  db
    .select({
      userId: loans.userId,
      repaid: sql<number>`count(*) filter (where ${loans.status} = 'FULLY_PAID')::int`.mapWith(Number),
      total: sql<number>`count(*)::int`.mapWith(Number),
      worst:
        sql<number>`coalesce(max(greatest(${sql.placeholder('today')}::date - ${loans.oldestUnpaidDueDate}, 0)) filter (where ${loans.status} <> 'FULLY_PAID'), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(loans)
    .where(sql`${loans.userId} = any(${sql.placeholder('borrowerIds')}::integer[])`)
    .groupBy(loans.userId),
);

/** A borrower's record on Sente: loans repaid in full, and how late their open loans are today. */
export async function borrowerRecords(
  db: DbOrTx,
  borrowerIds: readonly number[],
  today: string,
): Promise<Map<number, BorrowerRecord>> {
  if (borrowerIds.length === 0) return new Map();
  const rows = await borrowerRecordRows(db).execute({ borrowerIds: [...borrowerIds], today });
  return new Map(
    rows.map((r) => [r.userId, { loansRepaid: r.repaid, loansTotal: r.total, worstDaysInArrears: r.worst }]),
  );
}

/** OPEN listings still taking bids, with what auto-invest matches on and what live bids cover. */
export async function openListingsForAutoInvest(db: DbOrTx, now: Date) {
  return db
    .select({
      id: listings.id,
      round: listings.round,
      amount: listings.amount,
      maxRateBp: listings.maxRateBp,
      riskGrade: listings.riskGrade,
      loanTypeId: applications.loanTypeId,
      termMonths: applications.loanTermMonths,
      fundedAmount: liveBidTotal(),
    })
    .from(listings)
    .innerJoin(applications, eq(applications.id, listings.applicationId))
    .where(and(eq(listings.status, 'OPEN'), sql`${listings.closesAt} > ${now}`))
    .orderBy(asc(listings.opensAt), asc(listings.id));
}

/** Every bid of a listing's round, whatever became of it: a lender bids automatically once per round. */
export async function bidsOfLenderOnRound(db: DbOrTx, listingId: number, round: number): Promise<BidRow[]> {
  return db
    .select()
    .from(bids)
    .where(and(eq(bids.listingId, listingId), eq(bids.round, round)));
}

/**
 * Loans without participations (made before the marketplace, or by the bulk seed) get the platform
 * as their only participant, with what has been paid on them. Migration 0020 ran the same statement
 * (without the loan's status, which shares carry since 0054).
 */
export const PLATFORM_SHARES_SQL = `insert into participations
  (loan_id, lender_id, bid_id, rate_bp, principal_share, principal_repaid, interest_paid, fees_paid, created_at, loan_status)
  select l.id, null, null, round(l.interest_rate * 100)::int, l.amount, l.principal_paid, l.interest_paid, 0, l.opening_date, l.status
  from loans l
  where not exists (select 1 from participations p where p.loan_id = l.id)`;
