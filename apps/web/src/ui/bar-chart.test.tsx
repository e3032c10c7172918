import { describe, expect, it } from 'vitest';
import { labelledIndexes, niceMax } from './bar-chart.tsx';

describe('GroupedBarChart labels', () => {
  it('writes every label when each has room (a desktop card: 12 weeks in 660 px)', () => {
    expect([...labelledIndexes(12, 55)].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('on a phone (12 weeks in 270 px) writes every second label, always the latest week', () => {
    expect([...labelledIndexes(12, 22.5)].sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11]);
  });

  it('writes one label when all share less room than one needs, and none for no data', () => {
    expect([...labelledIndexes(3, 5)]).toEqual([2]);
    expect([...labelledIndexes(0, 60)]).toEqual([]);
  });

  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(180), niceMax(2_400_000), niceMax(4_100_000)]).toEqual([
      1, 10, 200, 2_500_000, 5_000_000,
    ]);
  });
});
