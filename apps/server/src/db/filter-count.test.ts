import { describe, expect, it } from 'vitest';
import { filterCount, pageWithin, walksForPage } from './filter-count.ts';

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
