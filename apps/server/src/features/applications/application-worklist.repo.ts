import type { ApplicationOrdering } from '@sente/contract';
import { and, desc, eq, gte, inArray, isNull, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  countMatches,
  countMatchesUnlessCommon,
  FILTER_COUNT_LIMIT,
  type FilterCount,
  filterCount,
  pageWithin,
  pageWithinCap,
  walksForPage,
} from '../../db/filter-count.ts';
import { beforeKeyset, exactTime } from '../../db/keyset.ts';
import { unplannedValue } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { applicationSearchTexts, applications } from '../../db/schema/index.ts';
import {
  type ApplicationStatus,
  type ApplicationView,
  applicationOrder,
  countAllApplications,
  findApplicationViewsInOrder,
  selectApplicationViewsByKey,
} from './applications.repo.ts';

/** The worklist's filters beyond status and borrower (docs/back-office.md, Applications). */
export interface WorklistFilter {
  readonly status?: ApplicationStatus | undefined;
  readonly userId?: number | undefined;
  /** A whole NIN, upper-cased: the search when it is one, matched exactly. */
  readonly nin?: string | undefined;
  /** A LIKE pattern, already escaped and lower-cased: `%term%`. */
  readonly searchPattern?: string | undefined;
  readonly submittedFrom?: Date | undefined;
  /** Exclusive: the start of the day after the last one asked for. */
  readonly submittedBefore?: Date | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  readonly scoreMin?: number | undefined;
  readonly scoreMax?: number | undefined;
  readonly isAwaitingDisbursement?: boolean | undefined;
}

export function hasWorklistFilter(filter: WorklistFilter): boolean {
  return (
    filter.searchPattern !== undefined ||
    filter.nin !== undefined ||
    filter.submittedFrom !== undefined ||
    filter.submittedBefore !== undefined ||
    filter.amountMin !== undefined ||
    filter.amountMax !== undefined ||
    filter.scoreMin !== undefined ||
    filter.scoreMax !== undefined ||
    filter.isAwaitingDisbursement === true
  );
}

/**
 * The applications whose business name, NIN or applicant's name, e-mail or phone hold the term: one
 * lookup in the trigram index of their search texts (migration 0042). A common surname once cost
 * three lookups and a probe per person through the users table, then two ORed lookups
 * (docs/scale.md).
 */
const matchesSearch = like(applicationSearchTexts.searchText, sql.placeholder('anywhere'));
const bySearch = sql`${applications.id} in (select ${applicationSearchTexts.applicationId} from ${applicationSearchTexts} where ${matchesSearch})`;

/**
 * The same applications, told by the texts in each application row (search_text, and the applicant's
 * copy from migration 0035), which no index holds: for a page that walks the ordering's index and
 * reads each row it passes anyway (walksForPage). The term is unknown to the plan (db/page-ids.ts),
 * so PostgreSQL walks rather than costing the pattern against statistics it has not got.
 */
const byRowTexts = sql`(${applications.searchText} || chr(31) || ${applications.borrowerSearchText}) like ${unplannedValue('anywhere', 'text')}`;

/**
 * A filter's statement shape: one letter per condition present, in this order: s status, u user, n
 * a whole NIN, q a search through the search texts' index (or w, for a page that walks, the texts in
 * the rows), f submitted from, e submitted before, m amount min, x amount max, l score
 * min, h score max, a awaiting disbursement. Each shape's statements are built once (db/prepared-read.ts)
 * and take the values as placeholders (valuesOf); building them on every request cost more of the
 * server's CPU than reading its answer (docs/scale.md, "A common name walks, a rare one collects").
 */
function shapeOf(filter: WorklistFilter): string {
  return [
    filter.status ? 's' : '',
    filter.userId !== undefined ? 'u' : '',
    filter.nin !== undefined ? 'n' : '',
    filter.searchPattern !== undefined ? 'q' : '',
    filter.submittedFrom ? 'f' : '',
    filter.submittedBefore ? 'e' : '',
    filter.amountMin !== undefined ? 'm' : '',
    filter.amountMax !== undefined ? 'x' : '',
    filter.scoreMin !== undefined ? 'l' : '',
    filter.scoreMax !== undefined ? 'h' : '',
    filter.isAwaitingDisbursement ? 'a' : '',
  ].join('');
}

/** The placeholders' values of a filter (times as ISO text, which both engines bind alike). */
function valuesOf(filter: WorklistFilter): Record<string, unknown> {
  return {
    status: filter.status,
    userId: filter.userId,
    nin: filter.nin,
    anywhere: filter.searchPattern,
    submittedFrom: filter.submittedFrom?.toISOString(),
    submittedBefore: filter.submittedBefore?.toISOString(),
    amountMin: filter.amountMin,
    amountMax: filter.amountMax,
    scoreMin: filter.scoreMin,
    scoreMax: filter.scoreMax,
  };
}

/** The conditions of a shape, each on its placeholder. */
function whereOf(shape: string): SQL | undefined {
  const has = (letter: string) => shape.includes(letter);
  return and(
    has('s') ? eq(applications.status, sql.placeholder('status')) : undefined,
    has('u') ? eq(applications.userId, sql.placeholder('userId')) : undefined,
    has('n') ? eq(applications.nin, sql.placeholder('nin')) : undefined,
    has('q') ? bySearch : undefined,
    has('w') ? byRowTexts : undefined,
    has('f') ? gte(applications.createdAt, sql.placeholder('submittedFrom')) : undefined,
    has('e') ? lt(applications.createdAt, sql.placeholder('submittedBefore')) : undefined,
    has('m') ? gte(applications.amountRequested, sql.placeholder('amountMin')) : undefined,
    has('x') ? lte(applications.amountRequested, sql.placeholder('amountMax')) : undefined,
    has('l') ? gte(applications.creditScore, sql.placeholder('scoreMin')) : undefined,
    has('h') ? lte(applications.creditScore, sql.placeholder('scoreMax')) : undefined,
    // The same condition as the partial index applications_awaiting_payout_idx.
    has('a') ? and(eq(applications.status, 'APPROVED'), isNull(applications.approvedLoanId)) : undefined,
  );
}

/**
 * Every worklist statement is planned with its request's values: the best plan depends on them (a
 * search pattern, a wide or a narrow range).
 */
const planPerRequest = true;

/** A shape's matching applications, one past the cap at most: what its count counts. */
function filterMatches(db: DbOrTx, where: string) {
  return db
    .select({ one: sql`1` })
    .from(applications)
    .where(whereOf(where))
    .limit(sql.placeholder('countLimit'))
    .as('matches');
}

/** The ids of a shape's page, in its ordering, by the placeholders `limit` and `offset`. */
function pageIdsOf(db: DbOrTx, where: string, ordering: ApplicationOrdering) {
  return db
    .select({ id: applications.id })
    .from(applications)
    .where(whereOf(where))
    .orderBy(...applicationOrder(ordering))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * A filter's count, stopping one past the cap (db/filter-count.ts). A search alone is counted in the
 * search texts themselves, one narrow row per application: no application row is read; and not at
 * all when a word common to more than the cap holds the term.
 */
const worklistCount = preparedRead(
  'applications.worklist_count',
  (db, shape: string) => {
    if (shape === 'q') {
      const matches = db.select({ one: sql`1` }).from(applicationSearchTexts).where(matchesSearch);
      return countMatchesUnlessCommon(
        db,
        matches.limit(sql.placeholder('countLimit')).as('matches'),
        'applications',
        sql.placeholder('anywhere'),
      );
    }
    return countMatches(db, filterMatches(db, shape));
  },
  { planPerRequest },
);

/**
 * A page's ids, planned with this request's values; then their names by a named statement: the
 * joins see ten rows, never a guess at how many a search matches (a guess that once made the plan
 * read every user), and are not planned again on every request.
 */
const worklistPageIds = preparedRead(
  'applications.worklist_page_ids',
  (db, shape: `${string}/${ApplicationOrdering}`) => {
    const [where = '', ordering] = shape.split('/');
    return pageIdsOf(db, where, ordering as ApplicationOrdering);
  },
  { planPerRequest },
);

/**
 * A filter's count and its page's ids in one statement, for every filter but a search (a search's
 * count decides how its page is read, walksForPage). Each is a sub-select of its own, planned with
 * this request's values as the two statements were; one round trip fewer is a third of the
 * statements a filtered worklist page sends (docs/scale.md, "Count and page in one round trip").
 */
const worklistCountAndPageIds = preparedRead(
  'applications.worklist_count_and_page_ids',
  (db, shape: `${string}/${ApplicationOrdering}`) => {
    const [where = '', ordering] = shape.split('/');
    const pageIds = pageIdsOf(db, where, ordering as ApplicationOrdering);
    return db
      .select({
        count: sql<number>`(select count(*)::int from ${filterMatches(db, where)})`,
        ids: sql<number[]>`array(${pageIds})`,
      })
      .from(sql`(values (0)) as one (x)`);
  },
  { planPerRequest },
);

/** One page of a filtered worklist and its count, which stops past the cap (db/filter-count.ts). */
export async function listWorklist(
  db: DbOrTx,
  filter: WorklistFilter,
  page: { ordering: ApplicationOrdering; limit: number; offset: number },
): Promise<FilterCount & { rows: ApplicationView[] }> {
  const shape = shapeOf(filter);
  const values = valuesOf(filter);
  if (!shape.includes('q')) {
    const [read] = await worklistCountAndPageIds(db, `${shape}/${page.ordering}`).execute({
      ...values,
      countLimit: FILTER_COUNT_LIMIT,
      ...pageWithinCap(page),
    });
    const total = filterCount(read?.count ?? 0);
    return { ...total, rows: await findApplicationViewsInOrder(db, read?.ids ?? []) };
  }
  const [counted] = await worklistCount(db, shape).execute({ ...values, countLimit: FILTER_COUNT_LIMIT });
  const total = filterCount(counted?.count ?? 0);
  const within = pageWithin(total, page);
  if (!within) return { ...total, rows: [] };
  const pageShape = (await walksForPage(total, within, () => countAllApplications(db)))
    ? shape.replace('q', 'w')
    : shape;
  const pageIds = await worklistPageIds(db, `${pageShape}/${page.ordering}`).execute({
    ...values,
    ...within,
  });
  const rows = await findApplicationViewsInOrder(
    db,
    pageIds.map((row) => row.id),
  );
  return { ...total, rows };
}

/** An application as the export reads it: its view, and the cursor of the next page. */
export type ExportedApplication = ApplicationView & { readonly cursorAt: string };

/**
 * The export's keys: the rows submitted before the cursor (c), newest first, through the
 * (created_at, id) index, whatever filters apply.
 */
const exportKeys = preparedRead(
  'applications.worklist_export_keys',
  (db, shape: `${string}/${'' | 'c'}`) => {
    const [where = '', cursor] = shape.split('/');
    return db
      .select({ id: applications.id, cursorAt: exactTime(applications.createdAt) })
      .from(applications)
      .where(
        and(
          whereOf(where),
          cursor === 'c'
            ? beforeKeyset(
                applications.createdAt,
                applications.id,
                sql.placeholder('afterAt'),
                sql.placeholder('afterId'),
              )
            : undefined,
        ),
      )
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(sql.placeholder('limit'));
  },
  { planPerRequest },
);

/** One keyset page of the export, newest first (http/csv-export.ts). */
export async function findWorklistExportPage(
  db: DbOrTx,
  filter: WorklistFilter,
  page: { after: { at: string; id: number } | null; limit: number },
): Promise<ExportedApplication[]> {
  // The page's keys first through the index, then the names of those rows, each by its key: a join
  // of the page's 500 ids to users was planned as a hash of every user.
  const keys = await exportKeys(db, `${shapeOf(filter)}/${page.after ? 'c' : ''}`).execute({
    ...valuesOf(filter),
    afterAt: page.after?.at,
    afterId: page.after?.id,
    limit: page.limit,
  });
  if (keys.length === 0) return [];
  const views = new Map(
    (
      await selectApplicationViewsByKey(db).where(
        inArray(
          applications.id,
          keys.map((key) => key.id),
        ),
      )
    ).map((view) => [view.application.id, view]),
  );
  return keys.flatMap((key) => {
    const view = views.get(key.id);
    return view ? [{ ...view, cursorAt: key.cursorAt }] : [];
  });
}
