import { LENDER_TERMS_VERSION } from '@sente/contract';
import { and, asc, eq, isNotNull, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedPageLimit, namedPageOffset, unplannedValue } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  autoInvestRules,
  lenderCounts,
  lenderProfiles,
  participations,
  userKyc,
  users,
} from '../../db/schema/index.ts';

export type LenderProfileRow = typeof lenderProfiles.$inferSelect;
export type LenderProfileValues = Partial<
  Pick<typeof lenderProfiles.$inferInsert, 'kind' | 'registrationNumber' | 'contactPerson'>
>;
export type AutoInvestRuleRow = typeof autoInvestRules.$inferSelect;
export type AutoInvestRuleValues = Omit<typeof autoInvestRules.$inferInsert, 'userId' | 'lastFilledAt'>;

/**
 * KYC complete (decisions.md, The marketplace), the one definition the status, the bid check and
 * the back-office queue all read: an individual has a NIN, a date of birth and an address; an
 * institution a registration number and a contact person. A lender with no profile is an individual.
 */
const kycComplete = sql<boolean>`(case when ${lenderProfiles.kind} = 'institution'
  then ${lenderProfiles.registrationNumber} is not null and ${lenderProfiles.contactPerson} is not null
  else ${userKyc.nationalId} is not null and ${userKyc.dateOfBirth} is not null and ${userKyc.address} is not null
  end)`;

/** Only an acceptance of the current terms counts (null without a profile). */
const termsAccepted = sql<boolean>`(${lenderProfiles.termsVersion} = ${LENDER_TERMS_VERSION}
  and ${lenderProfiles.termsAcceptedAt} is not null)`;

/** Ready for an admin: KYC and terms complete, not yet verified. */
const inVerificationQueue = sql<boolean>`(${lenderProfiles.verifiedAt} is null and ${kycComplete} and coalesce(${termsAccepted}, false))`;

const lenderFacts = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  status: users.status,
  kind: sql<'individual' | 'institution'>`coalesce(${lenderProfiles.kind}, 'individual')`,
  kycComplete,
  termsAcceptedAt:
    sql<Date | null>`case when ${termsAccepted} then ${lenderProfiles.termsAcceptedAt} end`.mapWith(
      lenderProfiles.termsAcceptedAt,
    ),
  verifiedAt: lenderProfiles.verifiedAt,
  verificationNote: lenderProfiles.verificationNote,
  phoneConfirmed: sql<boolean>`(not ${users.selfRegistered} or ${users.phoneVerifiedAt} is not null)`,
};

export interface LenderFacts {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly role: 'admin' | 'borrower' | 'lender';
  readonly status: 'Active' | 'Inactive';
  readonly kind: 'individual' | 'institution';
  readonly kycComplete: boolean;
  /** When the current terms were accepted; null when they were not (or an older version was). */
  readonly termsAcceptedAt: Date | null;
  readonly verifiedAt: Date | null;
  readonly verificationNote: string | null;
  /** A self-registered lender has confirmed its phone with the SMS code (docs/accounts.md). */
  readonly phoneConfirmed: boolean;
}

/** What decides whether an open account may bid; undefined for a closed or unknown account. */
export async function findLenderFacts(db: DbOrTx, userId: number): Promise<LenderFacts | undefined> {
  const [row] = await db
    .select(lenderFacts)
    .from(users)
    .leftJoin(userKyc, eq(userKyc.userId, users.id))
    .leftJoin(lenderProfiles, eq(lenderProfiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findLenderProfile(db: DbOrTx, userId: number): Promise<LenderProfileRow | undefined> {
  const [row] = await db.select().from(lenderProfiles).where(eq(lenderProfiles.userId, userId)).limit(1);
  return row;
}

/** Creates the lender's profile on first use and locks it for the rest of the transaction. */
export async function lockLenderProfile(db: DbOrTx, userId: number, at: Date): Promise<LenderProfileRow> {
  await db.insert(lenderProfiles).values({ userId, updatedAt: at }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(lenderProfiles)
    .where(eq(lenderProfiles.userId, userId))
    .for('update')
    .limit(1);
  if (!row) throw new Error(`lender profile ${userId} vanished`);
  return row;
}

/** Locks an existing profile; undefined when the lender has none yet. */
export async function lockExistingLenderProfile(
  db: DbOrTx,
  userId: number,
  strength: 'update' | 'share',
): Promise<LenderProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(lenderProfiles)
    .where(eq(lenderProfiles.userId, userId))
    .for(strength)
    .limit(1);
  return row;
}

export async function updateLenderProfile(
  db: DbOrTx,
  userId: number,
  values: Partial<Omit<typeof lenderProfiles.$inferInsert, 'userId'>> & { updatedAt: Date },
): Promise<LenderProfileRow> {
  const [row] = await db
    .update(lenderProfiles)
    .set(values)
    .where(eq(lenderProfiles.userId, userId))
    .returning();
  if (!row) throw new Error(`update of lender profile ${userId} returned no row`);
  return row;
}

// ---- The back-office list ----

export interface LenderListFilter {
  /** One lender only (the answer to its verification). */
  readonly userId?: number | undefined;
  readonly verified?: boolean | undefined;
  /** A LIKE pattern, already escaped and lower-cased. */
  readonly pattern?: string | undefined;
}

export interface LenderListRow extends LenderFacts {
  readonly loansFunded: number;
}

function listWhere(filter: LenderListFilter): SQL | undefined {
  return and(
    // A literal, not a parameter: the lenders' name index is partial (role = 'lender'), and the
    // generic plan of the named page (below) may use it only when the condition says so itself.
    sql`${users.role} = 'lender'`,
    isNull(users.deletedAt),
    filter.userId === undefined ? undefined : eq(users.id, filter.userId),
    filter.verified === undefined
      ? undefined
      : filter.verified
        ? isNotNull(lenderProfiles.verifiedAt)
        : isNull(lenderProfiles.verifiedAt),
    filter.pattern === undefined
      ? undefined
      : or(sql`lower(${users.name}) like ${filter.pattern}`, sql`${users.email} like ${filter.pattern}`),
  );
}

/**
 * The ids of a page of the list, as a subquery. Sorting every lender by the queue (a lookup of its
 * KYC and profile each) cost 12 ms a request at scale 100 (2,893 lenders; docs/scale.md, "The
 * lenders list"): the queue and the others are walked apart, each in name order from the lenders'
 * name index and each stopped at the page's end, and the page is cut from the two.
 */
function pageIdsOf(db: DbOrTx, filter: LenderListFilter, page: PageBounds) {
  const where = listWhere(filter);
  const { upTo } = page;
  const walk = (queue: 0 | 1, condition: SQL) =>
    db
      .select({
        id: users.id,
        queue: sql<number>`${sql.raw(String(queue))}`.as('queue'),
        name: sql`lower(${users.name})`.as('name'),
      })
      .from(users)
      .leftJoin(userKyc, eq(userKyc.userId, users.id))
      .leftJoin(lenderProfiles, eq(lenderProfiles.userId, users.id))
      .where(and(where, condition))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(upTo);
  const others = walk(1, sql`not coalesce(${inVerificationQueue}, false)`);
  // A verified lender is never in the queue: only the others are walked then.
  const walks =
    filter.verified === true
      ? sql`(${others})`
      : sql`(${walk(0, inVerificationQueue)}) union all (${others})`;
  return sql`select page.id from (${walks}) page order by page.queue, page.name, page.id
    limit ${page.limit} offset ${page.offset}`;
}

/** A page's rows (`upTo`: offset + limit, where each walk stops); numbers, or a named page's values. */
interface PageBounds {
  readonly limit: number | Placeholder;
  readonly offset: number | Placeholder;
  readonly upTo: number | Placeholder;
}

/** One page of open lenders with their facts, in the page's own order. */
function pageRows(db: DbOrTx, filter: LenderListFilter, page: PageBounds) {
  return (
    db
      .select({
        ...lenderFacts,
        // A lender has one share of a loan at most (participations_loan_lender_key): its shares are
        // its loans, counted from its index without sorting them for distinct.
        loansFunded: sql<number>`(select count(*)::int from ${participations}
          where ${participations.lenderId} = ${users.id})`,
      })
      .from(users)
      .leftJoin(userKyc, eq(userKyc.userId, users.id))
      .leftJoin(lenderProfiles, eq(lenderProfiles.userId, users.id))
      .where(sql`${users.id} = any(array(${pageIdsOf(db, filter, page)}))`)
      // The page's own order again: the queue first, then by name.
      .orderBy(
        sql`case when ${inVerificationQueue} then 0 else 1 end`,
        asc(sql`lower(${users.name})`),
        asc(users.id),
      )
  );
}

type VerificationShape = 'all' | 'verified' | 'unverified';

/**
 * The shape of a list without a search or a single lender, whose page is a named statement and
 * whose count is kept; undefined for the others, which are built and counted per request.
 */
function unsearchedShape(filter: LenderListFilter): VerificationShape | undefined {
  if (filter.userId !== undefined || filter.pattern !== undefined) return undefined;
  if (filter.verified === undefined) return 'all';
  return filter.verified ? 'verified' : 'unverified';
}

/**
 * The page without a search, built once and planned once per connection (a named statement whose
 * bounds no plan knows, db/page-ids.ts): planning its two walks was 2–3 ms a request at scale 1000,
 * more than running them (docs/scale.md, "The lenders list counted from running counts").
 */
const namedPage = preparedRead('lenders.page', (db, shape: VerificationShape) =>
  pageRows(
    db,
    { verified: shape === 'all' ? undefined : shape === 'verified' },
    {
      limit: namedPageLimit(),
      offset: namedPageOffset(),
      upTo: unplannedValue('upTo', 'bigint') as unknown as Placeholder,
    },
  ),
);

/**
 * Open lenders, all or verified or not, from the running counts (migration 0055): counting them
 * cost 5.5 ms a page at scale 1000, and 20 ms by verification (docs/scale.md, "The lenders list
 * counted from running counts").
 */
const keptLenderCount = preparedRead('lenders.kept_count', (db, shape: VerificationShape) =>
  db
    .select({ count: sql<number>`coalesce(sum(${lenderCounts.count}), 0)::int`.mapWith(Number) })
    .from(lenderCounts)
    .where(shape === 'all' ? undefined : eq(lenderCounts.verified, shape === 'verified')),
);

/** How many open lenders match: kept counts without a search or one lender, counted rows with. */
async function countLenders(db: DbOrTx, filter: LenderListFilter): Promise<number> {
  const shape = unsearchedShape(filter);
  if (shape !== undefined) {
    const [row] = await keptLenderCount(db, shape).execute();
    return row?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(lenderProfiles, eq(lenderProfiles.userId, users.id))
    .where(listWhere(filter));
  return row?.count ?? 0;
}

/**
 * One page of open lender accounts, the verification queue first, then by name; and how many match.
 * Two queries whatever the page size (the money is read apart, in one query for the page).
 */
export async function listLenders(
  db: DbOrTx,
  filter: LenderListFilter,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: LenderListRow[] }> {
  const shape = unsearchedShape(filter);
  const [count, rows] = await Promise.all([
    countLenders(db, filter),
    shape !== undefined
      ? namedPage(db, shape).execute({
          limit: page.limit,
          offset: page.offset,
          upTo: page.offset + page.limit,
        })
      : pageRows(db, filter, { ...page, upTo: page.offset + page.limit }),
  ]);
  return { count, rows };
}

// ---- Auto-invest rules ----

export async function findAutoInvestRule(db: DbOrTx, userId: number): Promise<AutoInvestRuleRow | undefined> {
  const [row] = await db.select().from(autoInvestRules).where(eq(autoInvestRules.userId, userId)).limit(1);
  return row;
}

/** Creates or replaces the rule; when it last placed a bid is kept (the queue's order). */
export async function upsertAutoInvestRule(
  db: DbOrTx,
  userId: number,
  values: AutoInvestRuleValues,
): Promise<AutoInvestRuleRow> {
  const [row] = await db
    .insert(autoInvestRules)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: autoInvestRules.userId, set: values })
    .returning();
  if (!row) throw new Error('upsert into auto_invest_rules returned no row');
  return row;
}

/**
 * Enabled rules of verified, active lenders, in the queue's order: the lender whose rule placed a bid
 * longest ago (or never) first (decisions.md, auto-invest).
 */
export async function autoInvestQueue(db: DbOrTx): Promise<AutoInvestRuleRow[]> {
  const rows = await db
    .select({ rule: autoInvestRules })
    .from(autoInvestRules)
    .innerJoin(lenderProfiles, eq(lenderProfiles.userId, autoInvestRules.userId))
    .innerJoin(users, eq(users.id, autoInvestRules.userId))
    .where(
      and(
        eq(autoInvestRules.enabled, true),
        isNotNull(lenderProfiles.verifiedAt),
        eq(users.status, 'Active'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(sql`${autoInvestRules.lastFilledAt} asc nulls first`, asc(autoInvestRules.userId));
  return rows.map((r) => r.rule);
}

export async function markAutoInvestFilled(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(autoInvestRules).set({ lastFilledAt: at }).where(eq(autoInvestRules.userId, userId));
}
