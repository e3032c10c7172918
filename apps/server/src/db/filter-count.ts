import { FILTER_COUNT_CAP } from '@sente/contract';
import { type Placeholder, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type SearchWordList, searchWordCounts } from './schema/index.ts';

/**
 * How a searched or filtered back-office list counts (the contract's FILTER_COUNT_CAP, docs/scale.md
 * "Scale 1000"): each count statement stops one past the cap (`LIMIT FILTER_COUNT_LIMIT` in a
 * subquery), so a common surname or a week of applications costs the same at a million users as at
 * a hundred thousand, and an answer above the cap says only "more than that". A list without a
 * filter, or by status alone, is counted exactly from the running totals.
 */
export const FILTER_COUNT_LIMIT = FILTER_COUNT_CAP + 1;

/**
 * How many rows `matches` holds, where `matches` is a list's matching rows with
 * `.limit(FILTER_COUNT_LIMIT)` (or a placeholder for it), so the scan stops past the cap.
 */
export function countMatches(db: DbOrTx, matches: Subquery) {
  return db.select({ count: sql<number>`count(*)::int` }).from(matches);
}

/**
 * As countMatches, for a search alone over `list`: when a word that more than FILTER_COUNT_CAP rows
 * of the list hold contains the search's `pattern`, those rows all match, so the answer is
 * FILTER_COUNT_LIMIT at once (search_word_counts, migration 0045). The matches are counted only when
 * no such word is found: a coalesce evaluates its second sub-select only when the first is null. A
 * common surname's count cost its whole trigram bitmap, which grows with the table (docs/scale.md,
 * "A common word settles a count"); a few index entries of common words cost the same at any size.
 */
export function countMatchesUnlessCommon(
  db: DbOrTx,
  matches: Subquery,
  list: SearchWordList,
  pattern: SQL | Placeholder,
) {
  const limit = sql.raw(String(FILTER_COUNT_LIMIT));
  const commonWord = db
    .select({ limit: sql`${limit}` })
    .from(searchWordCounts)
    .where(
      sql`${searchWordCounts.list} = ${sql.raw(`'${list}'`)} and ${searchWordCounts.holders} >= ${limit} and ${searchWordCounts.word} like ${pattern}`,
    )
    .limit(1);
  return db
    .select({ count: sql<number>`coalesce((${commonWord}), (select count(*) from ${matches}))::int` })
    .from(sql`(values (0)) as one (x)`);
}

export interface FilterCount {
  /** The matches, or FILTER_COUNT_CAP when there are more. */
  readonly count: number;
  /** More than FILTER_COUNT_CAP matched: only the first that many are counted and paged. */
  readonly capped: boolean;
}

/** A filter's count from its (possibly summed) capped counts. */
export function filterCount(matched: number): FilterCount {
  return matched > FILTER_COUNT_CAP
    ? { count: FILTER_COUNT_CAP, capped: true }
    : { count: matched, capped: false };
}

/** A list counted from running totals is exact. */
export function exactCount(count: number): FilterCount {
  return { count, capped: false };
}

/**
 * The rows of `page` still within the count: a capped list pages through its first
 * FILTER_COUNT_CAP matches only. `undefined` when the page lies wholly past them, or nothing
 * matched (nothing to read).
 */
export function pageWithin(
  total: FilterCount,
  page: { limit: number; offset: number },
): { limit: number; offset: number } | undefined {
  if (page.offset >= total.count) return undefined;
  if (!total.capped) return page;
  return { limit: Math.min(page.limit, total.count - page.offset), offset: page.offset };
}

/**
 * The page a filter's rows are read as before their count is known, for a statement that reads the
 * count and the page's ids together (one round trip fewer): the same rows pageWithin gives whatever
 * the count turns out to be. Past the cap only the first FILTER_COUNT_CAP matches are paged, and
 * with the cap not reached there are no rows beyond it to cut; a page wholly past the cap reads
 * nothing (LIMIT 0).
 */
export function pageWithinCap(page: { limit: number; offset: number }): { limit: number; offset: number } {
  return { limit: Math.max(0, Math.min(page.limit, FILTER_COUNT_CAP - page.offset)), offset: page.offset };
}

/**
 * How much more a match costs to collect (found through the trigram index, its row read by key, the
 * matches sorted) than a row costs to pass in a walk of the ordering's index: about 5 µs against
 * 0.5 µs for the loans at scale 100 (docs/scale.md, "A common name walks, a rare one collects").
 */
const COLLECT_TO_WALK_COST = 10;

/**
 * Whether a search's page walks the ordering's index, testing the searched text in each row it
 * passes, or collects the matches through the trigram index and sorts them. A walk reads about
 * (offset + limit) × rows ÷ matches rows; a collection reads every match. A count past the cap means
 * matches common enough for a walk to find a page quickly at any size, so `countRows` (the table's
 * rows, from its running totals) is read only for an exact count.
 */
export async function walksForPage(
  matches: FilterCount,
  page: { limit: number; offset: number },
  countRows: () => Promise<number>,
): Promise<boolean> {
  if (matches.capped) return true;
  return (
    matches.count * matches.count * COLLECT_TO_WALK_COST > (page.offset + page.limit) * (await countRows())
  );
}
