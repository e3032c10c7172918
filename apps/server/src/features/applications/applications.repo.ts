import type { ApplicationOrdering, DocumentType } from '@sente/contract';
import { and, asc, count, desc, eq, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { byKey } from '../../db/key-lookup.ts';
import { amongNamedPage } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  applicationDocuments,
  applicationStatusCounts,
  applications,
  bids,
  listings,
  loans,
  loanTypes,
  users,
} from '../../db/schema/index.ts';
import { type StatusUserShape, statusUserShape, whereStatusUser } from '../../db/status-user-filter.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplicationRow = typeof applications.$inferInsert;
export type DocumentRow = typeof applicationDocuments.$inferSelect;
export type ApplicationStatus = ApplicationRow['status'];

const decider = alias(users, 'decider');

/**
 * An application's own columns as its views read them: all but the two search texts, which only the
 * worklist's conditions read and no screen shows (a page of ten sent and parsed them on every
 * request, as the users list did its password hashes).
 */
const {
  searchText: _searchText,
  borrowerSearchText: _borrowerSearchText,
  ...shownColumns
} = getTableColumns(applications);

/** What the lists show beside an application, its people's names apart. */
const viewColumns = {
  application: shownColumns,
  loanTypeName: loanTypes.name,
  // What the repayment preview and the credit check need of the loan type.
  loanType: {
    interestRate: loanTypes.interestRate,
    interestType: loanTypes.interestType,
    minAmount: loanTypes.minAmount,
    maxAmount: loanTypes.maxAmount,
  },
  documentCount: sql<number>`(select count(*)::int from ${applicationDocuments} where ${applicationDocuments.applicationId} = ${applications.id})`,
  // Which of the six types are on file (json, so both drivers hand back an array).
  documentTypes: sql<
    DocumentType[]
  >`(select coalesce(json_agg(distinct ${applicationDocuments.documentType}), '[]'::json) from ${applicationDocuments} where ${applicationDocuments.applicationId} = ${applications.id})`,
};

/** What live bids cover so far of the listing `listingId` names. */
const listingFunded = (listingId: SQLWrapper) =>
  sql<number>`(select coalesce(sum(${bids.amount}), 0)::bigint from ${bids} where ${bids.listingId} = ${listingId} and ${bids.status} = 'LIVE')`.mapWith(
    Number,
  );

/**
 * An approved application's marketplace listing, one lateral lookup by the application's key per
 * row: its LIMIT keeps PostgreSQL from pulling it up into a join, which for the export's page of 500
 * hashed the whole listings table (105,082 rows at scale 100, 18 of the page's 22 ms; docs/scale.md,
 * "The exports downloaded whole").
 */
function listingOfApplication(db: DbOrTx) {
  return db
    .select({ id: listings.id, status: listings.status, closesAt: listings.closesAt })
    .from(listings)
    .where(eq(listings.applicationId, applications.id))
    .limit(1)
    .as('listing');
}

/** An application with the names the list shows. */
export function selectApplicationViews(db: DbOrTx) {
  const listing = listingOfApplication(db);
  return db
    .select({
      ...viewColumns,
      // The marketplace listing of an approved application, with what live bids cover so far.
      listing: { id: listing.id, status: listing.status, closesAt: listing.closesAt },
      listingFunded: listingFunded(listing.id),
      userName: users.name,
      userPhone: users.phoneNumber,
      decidedByName: decider.name,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(loanTypes, eq(loanTypes.id, applications.loanTypeId))
    .leftJoin(decider, eq(decider.id, applications.decidedById))
    .leftJoinLateral(listing, sql`true`);
}

/**
 * The same views with the applicant and the decider as key lookups per row (db/key-lookup.ts), for a
 * page of hundreds of rows (the export): joined, PostgreSQL hashed the whole users table for it.
 * user_id is a non-null foreign key: every application finds its applicant.
 */
export function selectApplicationViewsByKey(db: DbOrTx) {
  const listing = listingOfApplication(db);
  return db
    .select({
      ...viewColumns,
      listing: { id: listing.id, status: listing.status, closesAt: listing.closesAt },
      listingFunded: listingFunded(listing.id),
      userName: byKey<string>(users.name, users.id, applications.userId),
      userPhone: byKey<string | null>(users.phoneNumber, users.id, applications.userId),
      decidedByName: byKey<string | null>(users.name, users.id, applications.decidedById),
    })
    .from(applications)
    .innerJoin(loanTypes, eq(loanTypes.id, applications.loanTypeId))
    .leftJoinLateral(listing, sql`true`);
}
export type ApplicationView = Awaited<
  ReturnType<ReturnType<typeof selectApplicationViews>['execute']>
>[number];

export async function findApplicationView(db: DbOrTx, id: number): Promise<ApplicationView | undefined> {
  const [row] = await selectApplicationViews(db).where(eq(applications.id, id));
  return row;
}

const ORDER_COLUMNS = {
  created_at: applications.createdAt,
  amount_requested: applications.amountRequested,
  status: applications.status,
  business_name: applications.businessName,
  loan_term: applications.loanTermMonths,
  credit_score: applications.creditScore,
} as const;

export interface ApplicationFilter {
  readonly status?: ApplicationStatus | undefined;
  readonly userId?: number | undefined;
  readonly ordering: ApplicationOrdering;
  readonly limit: number;
  readonly offset: number;
}

const runningCount = preparedRead('applications.running_count', (db, shape: 'status' | 'all') =>
  db
    .select({ n: sql<number>`coalesce(sum(${applicationStatusCounts.count}), 0)::int` })
    .from(applicationStatusCounts)
    .where(shape === 'status' ? eq(applicationStatusCounts.status, sql.placeholder('status')) : undefined),
);

/** How many applications there are, from the running counts. */
export async function countAllApplications(db: DbOrTx): Promise<number> {
  const [total] = await runningCount(db, 'all').execute({});
  return total?.n ?? 0;
}

const applicationsCount = preparedRead('applications.count', (db, shape: StatusUserShape) =>
  db.select({ n: count() }).from(applications).where(whereStatusUser(shape, applications)),
);

/** The ORDER BY of an ordering; each has its index (schema/applications.ts, migration 0027). */
export function applicationOrder(ordering: ApplicationOrdering): SQL[] {
  const isDescending = ordering.startsWith('-');
  const column = ORDER_COLUMNS[ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const direction = isDescending ? desc : asc;
  if (column === applications.creditScore) {
    // Only the credit score can be missing; unscored applications go last either way. The id says
    // "nulls last" too (it is never null) so that the ORDER BY is exactly its index's, migration
    // 0027: a plain "id desc" means nulls first, which the index does not give, and PostgreSQL
    // then sorted the whole table (p99 5 s at scale 1000, docs/scale.md).
    const way = sql.raw(isDescending ? 'desc' : 'asc');
    return [sql`${column} ${way} nulls last`, sql`${applications.id} ${way} nulls last`];
  }
  return [direction(column), direction(applications.id)];
}

/**
 * The page's ids first, through the ordering's index, then their views (db/page-ids.ts): joined and
 * sorted in one statement, its five joins and three sub-selects cost 1.3–2.4 ms to plan, on every
 * request, for a page that runs in 0.2 ms.
 */
const applicationsPage = preparedRead(
  'applications.page',
  (db, shape: `${StatusUserShape},${ApplicationOrdering}`) => {
    const [filters, ordering] = shape.split(',') as [StatusUserShape, ApplicationOrdering];
    const order = applicationOrder(ordering);
    const onPage = amongNamedPage(db, {
      from: applications,
      id: applications.id,
      where: whereStatusUser(filters, applications, { inNamedPage: true }),
      orderBy: order,
    });
    return selectApplicationViews(db)
      .where(onPage)
      .orderBy(...order);
  },
);

/**
 * The views of a page whose ids a statement planned per request found (the worklist's filters and
 * searches), in those ids' order. Named, so its five joins and three sub-selects are planned once
 * per connection: planned with each request, they cost 1.3–1.7 ms for ten rows (docs/scale.md).
 */
const applicationViewsByIds = preparedRead('applications.views_by_ids', (db) =>
  selectApplicationViews(db).where(sql`${applications.id} = any(${sql.placeholder('ids')}::int[])`),
);

export async function findApplicationViewsInOrder(
  db: DbOrTx,
  ids: readonly number[],
): Promise<ApplicationView[]> {
  if (ids.length === 0) return [];
  const views = new Map(
    (await applicationViewsByIds(db).execute({ ids })).map((view) => [view.application.id, view]),
  );
  return ids.flatMap((id) => {
    const view = views.get(id);
    return view ? [view] : [];
  });
}

export async function listApplicationViews(
  db: DbOrTx,
  filter: ApplicationFilter,
): Promise<{ count: number; rows: ApplicationView[] }> {
  const shape = statusUserShape(filter);
  const values = { status: filter.status, userId: filter.userId, limit: filter.limit, offset: filter.offset };
  // Without a borrower filter the running counts answer (docs/scale.md): no scan of the applications.
  const [total] =
    filter.userId === undefined
      ? await runningCount(db, filter.status ? 'status' : 'all').execute(values)
      : await applicationsCount(db, shape).execute(values);
  const rows = await applicationsPage(db, `${shape},${filter.ordering}`).execute(values);
  return { count: total?.n ?? 0, rows };
}

const countsByStatus = preparedRead('applications.counts_by_status', (db) =>
  db
    .select({
      status: applicationStatusCounts.status,
      n: sql<number>`${applicationStatusCounts.count}::int`,
    })
    .from(applicationStatusCounts),
);

const userCountsByStatus = preparedRead('applications.user_counts_by_status', (db) =>
  db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(eq(applications.userId, sql.placeholder('userId')))
    .groupBy(applications.status),
);

export async function countApplicationsByStatus(
  db: DbOrTx,
  userId?: number,
): Promise<Record<ApplicationStatus, number>> {
  const rows =
    userId === undefined
      ? await countsByStatus(db).execute()
      : await userCountsByStatus(db).execute({ userId });
  const counts: Record<ApplicationStatus, number> = { PENDING: 0, APPROVED: 0, REJECTED: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function insertApplication(db: DbOrTx, values: NewApplicationRow): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  if (!row) throw new Error('insert into applications returned no row');
  return row;
}

export async function findApplicationById(db: DbOrTx, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** Locks the application row until the transaction ends (adding a document waits for the one before). */
export async function findApplicationByIdForUpdate(
  db: DbOrTx,
  id: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

/**
 * The borrower's open applications, oldest first: PENDING, or APPROVED and not yet paid out (no
 * loan), whatever its listing's state (docs/lending.md, One open application).
 */
export async function findOpenApplicationsOfUser(
  db: DbOrTx,
  userId: number,
): Promise<Pick<ApplicationRow, 'id' | 'status' | 'createdAt'>[]> {
  return db
    .select({ id: applications.id, status: applications.status, createdAt: applications.createdAt })
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        sql`(${applications.status} = 'PENDING' or (${applications.status} = 'APPROVED'
          and not exists (select 1 from ${loans} where ${loans.applicationId} = ${applications.id})))`,
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id));
}

export async function countDocuments(db: DbOrTx, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  return row?.n ?? 0;
}

/** Moves a PENDING application to its decision; undefined when it was no longer pending. */
export async function decidePendingApplication(
  db: DbOrTx,
  id: number,
  decision: {
    status: 'APPROVED' | 'REJECTED';
    adminNotes: string;
    notesShared: boolean;
    decidedById: number;
    decidedAt: Date;
  },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ ...decision, updatedAt: decision.decidedAt })
    .where(and(eq(applications.id, id), eq(applications.status, 'PENDING')))
    .returning();
  return row;
}

export async function saveCreditCheck(
  db: DbOrTx,
  id: number,
  check: { creditScore: number; creditReasons: string[]; creditCheckedAt: Date },
): Promise<void> {
  await db.update(applications).set(check).where(eq(applications.id, id));
}

export async function insertDocument(
  db: DbOrTx,
  values: typeof applicationDocuments.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await db.insert(applicationDocuments).values(values).returning();
  if (!row) throw new Error('insert into application_documents returned no row');
  return row;
}

export async function listDocuments(db: DbOrTx, applicationId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(asc(applicationDocuments.uploadedAt), asc(applicationDocuments.id));
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(applicationDocuments).where(eq(applicationDocuments.id, id));
  return row;
}

/** Some admin, for the demo data's decisions. */
