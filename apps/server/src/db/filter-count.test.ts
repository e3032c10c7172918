import { FILTER_COUNT_CAP } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { filterCount, pageWithin, pageWithinCap, walksForPage } from './filter-count.ts';

describe('walksForPage', () => {
  const rows = (n: number) => async () => n;

  it('walks for a search past the cap, however large the table, without counting its rows', async () => {
    let counted = 0;
    const countRows = async () => {
      counted += 1;
      return 10_000_000;
    };
    expect(await walksForPage(filterCount(1001), { limit: 10, offset: 0 }, countRows)).toBe(true);
    expect(counted).toBe(0);
  });

  it('collects a few matches of a large table, and walks when they are a large share of it', async () => {
    // 1,000 of ten million: a walk would pass 100,000 rows for a page of ten.
    expect(await walksForPage(filterCount(1000), { limit: 10, offset: 0 }, rows(10_000_000))).toBe(false);
    // 1,000 of 120,000: a walk finds ten in about 1,200 rows.
    expect(await walksForPage(filterCount(1000), { limit: 10, offset: 0 }, rows(120_000))).toBe(true);
    // Deeper pages walk further: the fiftieth page of the same search collects.
    expect(await walksForPage(filterCount(1000), { limit: 10, offset: 490 }, rows(120_000))).toBe(false);
  });
});

describe('pageWithin', () => {
  it('pages a capped count through its first matches only', () => {
    expect(pageWithin(filterCount(5000), { limit: 10, offset: 995 })).toEqual({ limit: 5, offset: 995 });
    expect(pageWithin(filterCount(5000), { limit: 10, offset: 1000 })).toBeUndefined();
    expect(pageWithin(filterCount(12), { limit: 10, offset: 10 })).toEqual({ limit: 10, offset: 10 });
  });

  it('reads nothing past an exact count, nor when nothing matched', () => {
    expect(pageWithin(filterCount(12), { limit: 10, offset: 20 })).toBeUndefined();
    expect(pageWithin(filterCount(0), { limit: 10, offset: 0 })).toBeUndefined();
  });
});

describe('pageWithinCap', () => {
  /** The positions of the matches a page reads: `matches` rows, limited and offset. */
  const positions = (matches: number, page: { limit: number; offset: number } | undefined) =>
    page ? Array.from({ length: matches }, (_, i) => i).slice(page.offset, page.offset + page.limit) : [];

  it('reads the same rows as pageWithin, whatever the count turns out to be', () => {
    for (const matches of [0, 1, 12, 995, FILTER_COUNT_CAP, FILTER_COUNT_CAP + 1, 5000]) {
      for (const offset of [0, 10, 990, 995, 1000, 1010, 4990]) {
        const page = { limit: 10, offset };
        // The count statement stops one past the cap.
        const counted = filterCount(Math.min(matches, FILTER_COUNT_CAP + 1));
        expect(positions(matches, pageWithinCap(page)), `${matches} matches, offset ${offset}`).toEqual(
          positions(matches, pageWithin(counted, page)),
        );
      }
    }
  });

  it('reads nothing for a page wholly past the cap', () => {
    expect(pageWithinCap({ limit: 10, offset: FILTER_COUNT_CAP })).toEqual({
      limit: 0,
      offset: FILTER_COUNT_CAP,
    });
    expect(pageWithinCap({ limit: 10, offset: 995 })).toEqual({ limit: 5, offset: 995 });
  });
});
